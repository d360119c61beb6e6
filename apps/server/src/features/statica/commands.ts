import { conditionsInUse, evaluateMember, rewardRoleIds } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { displayName } from "../../discord/people/display-name.ts";
import type { Embed } from "../../discord/port/port.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { observationsFor, tagFrom, toObservation } from "./bot-observations.ts";
import { listenToSetupPanel, runSetupCommand } from "./bot-setup.ts";
import { logUserChecked } from "./log.ts";
import { applyRewards, onMemberLeft, refreshRewards } from "./rewards.ts";
import {
  deleteStaticaConfig,
  getStaticaConfig,
  getStaticaStats,
  latestRewardChanges,
  toggleStaticaConfig,
} from "./service.ts";

const actor = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });
const mark = (value: boolean | null) => (value === null ? "not used" : value ? "✅ met" : "❌ not met");
const roleList = (ids: string[]) => (ids.length ? ids.map((id) => `<@&${id}>`).join(", ") : "none");

export const staticaCommands = () => [
  defineCommand("statica setup", runSetupCommand),
  defineCommand("statica logs", async (command) => {
    const limit = command.options.number("limit") ?? 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
      throw badRequest("**limit** must be a whole number from 1 to 50.", "limit");
    }
    const events = await latestRewardChanges(command.ctx, command.serverId, limit);
    if (events.length === 0) {
      await command.reply(
        "No reward roles have been given or taken back yet. Use `/statica test` to see why a member doesn't qualify.",
      );
      return;
    }
    const lines = events.map(
      (event) =>
        `<t:${Math.floor(event.at / 1000)}:R> ${event.event === "added" ? "➕" : "➖"} <@${event.userId}> ${
          event.event === "added" ? "received" : "lost"
        } <@&${event.roleId}>`,
    );
    await command.reply({
      embeds: [
        {
          title: `Statica · latest ${events.length} role change${events.length === 1 ? "" : "s"}`,
          description: lines.join("\n"),
          color: 0xf97316,
        },
      ],
    });
  }),
  defineCommand("statica test", async (command) => {
    const userId = command.options.id("user") ?? command.user.id;
    const config = await getStaticaConfig(command.ctx, command.serverId);
    const member = await command.ctx.discord.getMember(command.serverId, userId);
    if (!member) throw notFound(`<@${userId}> is not a member of this server.`);
    const seen = observationsFor(command.ctx).get(command.serverId, userId);
    const evaluation = evaluateMember(config, command.serverId, toObservation(seen));
    const used = conditionsInUse(config);
    const lines = [
      `**Server tag:** ${mark(evaluation.serverTag)}${
        used.serverTag
          ? ` (${seen.serverTag === undefined ? "not seen yet" : seen.serverTag?.enabled ? `wears ${seen.serverTag.tag ?? "a tag"}` : "none worn"})`
          : ""
      }`,
      `**Status keywords:** ${mark(evaluation.status)}${
        used.status
          ? ` (${seen.customStatus === undefined ? "status not seen yet" : seen.customStatus ? `"${seen.customStatus}"` : "no custom status"})`
          : ""
      }`,
      `**Qualifies:** ${evaluation.qualifies ? "yes" : "no"}`,
      `**Earned roles:** ${roleList(evaluation.earnedRoleIds)}`,
      `**Holds now:** ${roleList(rewardRoleIds(config).filter((id) => member.roleIds.includes(id)))}`,
    ];
    if (!config.enabled) lines.push("Rewards are paused: nothing is given or taken until they're enabled.");
    await command.reply({
      embeds: [
        {
          title: `Statica check · ${displayName(member.user)}`,
          description: lines.join("\n"),
          color: evaluation.qualifies ? 0x22c55e : 0x94a3b8,
        },
      ],
    });
    await logUserChecked(command.ctx, command.serverId, config, {
      userId,
      checkedBy: command.user.id,
      qualifies: evaluation.qualifies,
      earnedRoleIds: evaluation.earnedRoleIds,
    });
  }),
  defineCommand("statica stats", async (command) => {
    const stats = await getStaticaStats(command.ctx, command.serverId);
    const embed: Embed = {
      title: "Statica stats",
      color: 0xf97316,
      fields: [
        { name: "Status", value: stats.config.enabled ? "Active" : "Paused", inline: true },
        { name: "Detection", value: stats.config.type, inline: true },
        { name: "Members", value: String(stats.server.memberCount), inline: true },
        { name: "Rewarded members", value: String(stats.rewarded.total), inline: true },
        {
          name: "By category",
          value: `Combined ${stats.rewarded.combined} · Server tag ${stats.rewarded.serverTag} · Status ${stats.rewarded.status}`,
        },
      ],
    };
    await command.reply({ embeds: [embed] });
  }),
  defineCommand("statica refresh", async (command) => {
    const config = await getStaticaConfig(command.ctx, command.serverId);
    if (!config.enabled)
      throw notFound("Rewards are paused; turn them on with `/statica setup` or from the dashboard first.");
    const { members, added, removed } = await refreshRewards(
      command.ctx,
      command.serverId,
      observationsFor(command.ctx),
    );
    await command.reply(
      `Re-checked ${members} member${members === 1 ? "" : "s"} I know about: ${added} role${added === 1 ? "" : "s"} given, ${removed} taken back.`,
    );
  }),
  defineCommand("statica disable", async (command) => {
    const before = await getStaticaConfig(command.ctx, command.serverId);
    if (!before.enabled) {
      await command.reply("Supporter rewards are already paused.");
      return;
    }
    await toggleStaticaConfig(command.ctx, command.serverId, actor(command), false);
    await command.reply(
      "Paused supporter rewards. The configuration is kept; members keep the roles they have.",
    );
  }),
  defineCommand("statica remove", async (command) => {
    await deleteStaticaConfig(command.ctx, command.serverId, actor(command));
    await command.reply(
      "Deleted the Statica configuration and its record of rewards. Members keep their roles.",
    );
  }),
];

/** This feature's slash commands and gateway listeners. */
export const staticaBot: BotFeature = {
  commands: () => staticaCommands(),
  listeners: (bot, ctx) => {
    const observations = observationsFor(ctx);
    listenToSetupPanel(bot, ctx);
    const stops = [
      bot.events.on("presenceUpdate", async (presence) => {
        // Offline members show no status: that's not a change of status, so nothing is taken away.
        const seen = observations.update(presence.guildId, presence.userId, {
          ...(presence.status === "offline" ? {} : { customStatus: presence.customStatus }),
          ...(presence.primaryGuild !== undefined ? { serverTag: tagFrom(presence.primaryGuild) } : {}),
        });
        await applyRewards(ctx, presence.guildId, presence.userId, seen);
      }),
      bot.events.on("memberUpdate", async (member) => {
        if (member.primaryGuild === undefined) return;
        const seen = observations.update(member.guildId, member.user.id, {
          serverTag: tagFrom(member.primaryGuild),
        });
        await applyRewards(ctx, member.guildId, member.user.id, seen);
      }),
      bot.events.on("memberRemove", async ({ guildId, user }) => {
        observations.forget(guildId, user.id);
        await onMemberLeft(ctx, guildId, user.id);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  },
};
