import { createGiveawayBody, type GiveawayWinner, giveawayLimits, parseDuration } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { listenForGiveawayButtons } from "./bot-buttons.ts";
import { getInviteStanding, listenForInvites } from "./invite-tracker.ts";
import { giveawayDetailUrl, winnerList } from "./messages.ts";
import { listServerGiveaways } from "./queries.ts";
import { createGiveaway, endGiveaway, rerollGiveaway } from "./service.ts";

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });
const unix = (ms: number) => Math.floor(ms / 1000);
const jumpLink = (guildId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;

/** `30m`, `12h`, `1d12h` → seconds, within a giveaway's bounds; otherwise a message saying how to write it. */
export function giveawaySeconds(input: string): number {
  const ms = parseDuration(input);
  if (ms === null || ms <= 0) {
    throw badRequest("Duration must look like 30m, 12h, 1h30m, 2d or 1w.", "duration");
  }
  const seconds = Math.round(ms / 1000);
  if (seconds < giveawayLimits.minDurationSeconds || seconds > giveawayLimits.maxDurationSeconds) {
    throw badRequest("Duration must be between 1 minute and 90 days.", "duration");
  }
  return seconds;
}

const requirementOptions = {
  min_account_age: "minAccountAge",
  min_member_age: "minMemberAge",
  min_invites: "minInvites",
} as const;

/** Staff hear at once when min_invites can't be met because invites aren't being counted. */
async function inviteWarning(command: CommandContext, minInvites: number): Promise<string> {
  if (minInvites <= 0) return "";
  const { tracking } = await getInviteStanding(command.ctx, command.serverId, command.user.id);
  if (tracking?.status === "active") return "";
  return "\n⚠️ Invites aren't being counted in this server yet: Hearth needs the **Manage Server** permission to see invites. Until it has it, members are told why they can't meet the invite requirement.";
}

const start = defineCommand("giveaway start", async (command) => {
  const { ctx, serverId, options } = command;
  const channelId = options.id("channel") ?? command.channelId;
  if (!channelId) throw badRequest("Please choose a **channel** for the giveaway.", "channel");
  const requirements = {
    minAccountAge: 0,
    minMemberAge: 0,
    minInvites: 0,
    requiredRoles: [] as string[],
  };
  for (const [option, field] of Object.entries(requirementOptions)) {
    requirements[field] = options.number(option) ?? 0;
  }
  const role = options.id("required_role");
  if (role) requirements.requiredRoles = [role];
  const parsed = createGiveawayBody.safeParse({
    channelId,
    prize: options.requireString("prize"),
    winnerCount: options.number("winners") ?? 1,
    duration: giveawaySeconds(options.requireString("duration")),
    requirements,
    ...(options.id("donor") ? { donorId: options.id("donor") } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join(".") ?? "giveaway"}: ${issue?.message ?? "is not valid"}`);
  }
  const giveaway = await createGiveaway(ctx, serverId, actorOf(command), parsed.data);
  await command.reply(
    `🎉 The giveaway for **${giveaway.prize}** is running in <#${giveaway.channelId}> and ends <t:${unix(giveaway.endTime)}:R>. [Jump to it](${jumpLink(serverId, giveaway.channelId, giveaway.messageId)})\nMessage ID: \`${giveaway.messageId}\` (for \`/giveaway end\` and \`/giveaway reroll\`).${await inviteWarning(command, requirements.minInvites)}`,
  );
});

function winnersLine(
  command: CommandContext,
  messageId: string,
  winners: GiveawayWinner[],
  anyEntered: boolean,
): string {
  if (winners.length === 0) {
    // Entries that none could win (anti-pool protection blocked them) aren't "no one entered".
    return anyEntered ? "No valid entries, so there is no winner." : "No one entered, so there is no winner.";
  }
  const url = giveawayDetailUrl(command.ctx.config, command.serverId, messageId);
  return `Winners: ${
    winnerList(
      winners.map((winner) => winner.userId),
      1500,
      url,
    ).text
  }`;
}

const messageIdOf = (command: CommandContext) => {
  const id = command.options.requireString("message_id").trim();
  if (!/^\d{17,20}$/.test(id)) {
    throw badRequest(
      "message_id must be the giveaway message's ID (17 to 20 digits; see `/giveaway list`).",
      "message_id",
    );
  }
  return id;
};

const end = defineCommand("giveaway end", async (command) => {
  const messageId = messageIdOf(command);
  const detail = await endGiveaway(command.ctx, command.serverId, messageId, {
    by: "manual",
    actor: actorOf(command),
  });
  const winners = Array.isArray(detail.winners) ? detail.winners : [];
  await command.reply(
    `🏁 Ended the giveaway for **${detail.prize}** (${detail.entriesCount} entrant${detail.entriesCount === 1 ? "" : "s"}). ${winnersLine(command, messageId, winners, detail.entriesCount > 0)}\nThe winners were announced in <#${detail.channelId}>.`,
  );
});

const reroll = defineCommand("giveaway reroll", async (command) => {
  const messageId = messageIdOf(command);
  const winnerCount = command.options.number("winners");
  const result = await rerollGiveaway(
    command.ctx,
    command.serverId,
    messageId,
    actorOf(command),
    winnerCount === undefined ? {} : { winnerCount },
  );
  await command.reply(
    `🔁 Rerolled **${result.prize}**. New ${winnersLine(command, messageId, result.newWinners, true)}\nAnnounced in <#${result.channelId}>.`,
  );
});

const recentEnded = 5;

/** As many lines as fit in an embed field (1024), then how many were left out. */
function fitLines(lines: string[], max = 1024): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const more = `…and ${lines.length - index} more`;
    const room = index === lines.length - 1 ? max : max - more.length - 1;
    if (length + line.length + 1 > room) {
      kept.push(more);
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join("\n");
}

const list = defineCommand("giveaway list", async (command) => {
  const giveaways = await listServerGiveaways(command.ctx, command.serverId);
  const active = giveaways.filter((giveaway) => giveaway.active).sort((a, b) => a.endTime - b.endTime);
  const ended = giveaways.filter((giveaway) => !giveaway.active).slice(0, recentEnded);
  if (active.length === 0 && ended.length === 0) {
    await command.reply("There are no giveaways in this server yet. Start one with `/giveaway start`.");
    return;
  }
  const prize = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  const line = (giveaway: (typeof giveaways)[number], verb: string) =>
    `**${prize(giveaway.prize)}** · ${verb} <t:${unix(giveaway.endTime)}:R> · ${giveaway.entries} entr${giveaway.entries === 1 ? "y" : "ies"} · \`${giveaway.messageId}\``;
  const fields = [
    {
      name: `Running (${active.length})`,
      value:
        active.length === 0 ? "None right now." : fitLines(active.map((giveaway) => line(giveaway, "ends"))),
    },
    ...(ended.length > 0
      ? [{ name: "Recently ended", value: fitLines(ended.map((giveaway) => line(giveaway, "ended"))) }]
      : []),
  ];
  await command.reply({
    embeds: [
      { title: "🎉 Giveaways", color: 0xf97316, fields, footer: { text: "The code is the message ID" } },
    ],
  });
});

/** This feature's slash commands and gateway listeners. */
export const giveawaysBot: BotFeature = {
  commands: () => [start, end, reroll, list],
  listeners: (bot, ctx) => {
    const stopButtons = listenForGiveawayButtons(bot, ctx);
    const stopInvites = listenForInvites(bot, ctx);
    return () => {
      stopButtons();
      stopInvites();
    };
  },
};
