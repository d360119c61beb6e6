import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import type { Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { goAfk } from "./afk.ts";
import { deleteUserPerks } from "./cleanup.ts";
import { PerkListener } from "./listener.ts";
import { type Owner, overview } from "./member-perks.ts";
import { perkColour } from "./messages.ts";
import { panelMessage } from "./panel.ts";
import { listenPanel } from "./panel-handlers.ts";
import type { PerkTier } from "./rules.ts";
import {
  configureCleanup,
  createTier,
  deleteTier,
  editTier,
  listTiers,
  requireTier,
  type TierInput,
} from "./tiers.ts";

const tierDeletePrefix = "perks:tier-delete:";
const userDeletePrefix = "perks:user-delete:";
const cancelId = "perks:cancel";
const adminBits = (1n << 3n) | (1n << 5n);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function tierInput(command: CommandContext): TierInput {
  const { options } = command;
  return {
    ...(options.has("emojis") ? { emojis: options.number("emojis") } : {}),
    ...(options.has("highlights") ? { highlights: options.boolean("highlights") } : {}),
    ...(options.has("channel_members") ? { channelMembers: options.number("channel_members") } : {}),
    ...(options.has("role_members") ? { roleMembers: options.number("role_members") } : {}),
    ...(options.has("afk") ? { afk: options.boolean("afk") } : {}),
    ...(options.has("responders") ? { responders: options.number("responders") } : {}),
  };
}

const onOff = (on: boolean) => (on ? "on" : "off");

function tierLine(tier: PerkTier): string {
  const parts = [
    `${plural(tier.emojis, "emoji")}`,
    `highlights ${onOff(tier.highlights)}`,
    tier.channelMembers > 0 ? `channel ${tier.channelMembers} members` : "no channel",
    tier.roleMembers > 0 ? `role ${tier.roleMembers} members` : "no role",
    `AFK ${onOff(tier.afk)}`,
    `${plural(tier.responders, "responder")}`,
  ];
  return `<@&${tier.roleId}> · ${parts.join(" · ")}`;
}

function tierEmbed(title: string, tier: PerkTier, note?: string): OutgoingMessage {
  const embed: Embed = {
    title,
    color: perkColour,
    description: `**${tier.name}**\n${tierLine(tier)}${note ? `\n\n${note}` : ""}`,
  };
  return { embeds: [embed], allowedMentions: { roles: [] } };
}

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });
const buttonActor = (i: ButtonInteraction) => ({ tokenId: null, userId: i.data.user.id });

const ownerOf = (command: { user: { id: string }; member: { roleIds: string[] } }): Owner => ({
  userId: command.user.id,
  roleIds: command.member.roleIds,
});

export const perkCommands = () => [
  defineCommand("perks-admin create", async (command) => {
    const tier = await createTier(
      command.ctx,
      command.serverId,
      {
        name: command.options.requireString("name"),
        roleId: command.options.requireId("role"),
        ...tierInput(command),
      },
      actorOf(command),
    );
    await command.reply(
      tierEmbed("✨ Perk tier created", tier, "Members with the role can now use `/perks`."),
    );
  }),
  defineCommand("perks-admin edit", async (command) => {
    const { tier, expired } = await editTier(
      command.ctx,
      command.serverId,
      command.options.requireString("tier"),
      {
        ...(command.options.has("role") ? { roleId: command.options.requireId("role") } : {}),
        ...(command.options.has("name") ? { name: command.options.requireString("name") } : {}),
        ...tierInput(command),
      },
      actorOf(command),
    );
    const note =
      expired > 0
        ? `${plural(expired, "member")} lost the channel or role this tier gave them (now expired).`
        : undefined;
    await command.reply(tierEmbed("✨ Perk tier updated", tier, note));
  }),
  defineCommand("perks-admin list", async (command) => {
    const tiers = await listTiers(command.ctx, command.serverId);
    if (tiers.length === 0) {
      await command.reply("This server has no perk tiers yet. Add one with `/perks-admin create`.");
      return;
    }
    const { autoCleanup } = await configureCleanup(command.ctx, command.serverId, undefined);
    const embed: Embed = {
      title: `✨ Perk tiers (${tiers.length})`,
      color: perkColour,
      fields: tiers.slice(0, 25).map((tier) => ({ name: tier.name, value: tierLine(tier) })),
      footer: { text: `Auto-cleanup of expired channels and roles: ${onOff(autoCleanup)}` },
    };
    await command.reply({ embeds: [embed], allowedMentions: { roles: [] } });
  }),
  defineCommand("perks-admin delete", async (command) => {
    const tier = await requireTier(command.ctx, command.serverId, command.options.requireString("tier"));
    await command.reply({
      content: `⚠️ Delete the perk tier **${tier.name}** (<@&${tier.roleId}>)? This can't be undone: its members keep only what their other tiers allow.`,
      components: [
        [
          {
            type: "button",
            style: "danger",
            label: "Delete tier",
            customId: `${tierDeletePrefix}${tier.id}`,
          },
          { type: "button", style: "secondary", label: "Cancel", customId: cancelId },
        ],
      ],
      allowedMentions: { roles: [] },
    });
  }),
  defineCommand("perks-admin deleteuser", async (command) => {
    const userId = command.options.requireId("user");
    await command.reply({
      content: `⚠️ Remove every perk of <@${userId}>? Their private channel and role are deleted on Discord, and their auto-reactions, highlights, responders and AFK note are forgotten.`,
      components: [
        [
          {
            type: "button",
            style: "danger",
            label: "Remove perks",
            customId: `${userDeletePrefix}${userId}`,
          },
          { type: "button", style: "secondary", label: "Cancel", customId: cancelId },
        ],
      ],
      allowedMentions: { users: [] },
    });
  }),
  defineCommand("perks-admin settings", async (command) => {
    const { autoCleanup, scheduled } = await configureCleanup(
      command.ctx,
      command.serverId,
      command.options.boolean("auto_cleanup"),
      actorOf(command),
    );
    const state = autoCleanup
      ? "on: a member's private channel and role are deleted 24 hours after they lose the tier that allowed them (unless they get it back)."
      : "off: expired private channels and roles stay until you remove them with `/perks-admin deleteuser`.";
    await command.reply(
      `🧹 Auto-cleanup is ${state}${scheduled > 0 ? `\nScheduled the cleanup of ${plural(scheduled, "member")} already expired.` : ""}`,
    );
  }),
  defineCommand("perks", async (command) => {
    const targetId = command.options.id("member");
    if (targetId === command.user.id)
      throw badRequest("Pick someone else for **member**: you always have access.", "member");
    const data = await overview(command.ctx, command.serverId, ownerOf(command));
    await command.reply(panelMessage(data, targetId ? { targetId } : {}), { ephemeral: true });
  }),
  defineCommand(
    "afk",
    async (command) => {
      const note = await goAfk(
        command.ctx,
        command.serverId,
        ownerOf(command),
        command.options.string("message"),
      );
      await command.reply(
        { content: `💤 <@${command.user.id}> is now AFK: ${note.message}`, allowedMentions: { users: [] } },
        { ephemeral: false },
      );
    },
    { ephemeral: false },
  ),
];

function requireAdmin(interaction: ButtonInteraction): string {
  const { guildId, member } = interaction.data;
  if (!guildId || (BigInt(member?.permissions ?? "0") & adminBits) === 0n) {
    throw forbidden("You need Administrator or Manage Server to do that.");
  }
  return guildId;
}

/** Perks: the admin and member commands, the panel's buttons and forms, and the message listener. */
export const perksBot: BotFeature = {
  commands: () => perkCommands(),
  listeners: (bot, ctx) => {
    listenPanel(bot, ctx);
    bot.onButton(tierDeletePrefix, async (i) => {
      const serverId = requireAdmin(i);
      const tierId = Number(i.data.customId.slice(tierDeletePrefix.length));
      const { expired } = await deleteTier(ctx, serverId, tierId, buttonActor(i));
      await i.update({
        content: `🗑️ Tier deleted.${expired > 0 ? ` ${plural(expired, "member")} lost the channel or role it gave them (now expired).` : ""}`,
        components: [],
      });
    });
    bot.onButton(userDeletePrefix, async (i) => {
      const serverId = requireAdmin(i);
      const userId = i.data.customId.slice(userDeletePrefix.length);
      const removed = await deleteUserPerks(ctx, serverId, userId, buttonActor(i));
      const parts = [removed.channel ? "private channel" : null, removed.role ? "private role" : null].filter(
        Boolean,
      );
      await i.update({
        content: `🗑️ Removed every perk of <@${userId}>${parts.length > 0 ? ` (including their ${parts.join(" and ")})` : ""}.`,
        components: [],
        allowedMentions: { users: [] },
      });
    });
    bot.onButton(cancelId, (i) => i.update({ content: "Cancelled; nothing was changed.", components: [] }));
    return new PerkListener(ctx).listen(bot.events);
  },
};
