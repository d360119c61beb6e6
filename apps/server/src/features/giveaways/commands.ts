import {
  createGiveawayBody,
  describeRecurrence,
  type GiveawayDetail,
  type GiveawayWinner,
  giveawayLimits,
  isTimeZone,
  parseDuration,
  parseRecurrence,
  parseStartTime,
} from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { getInviteStanding } from "../invites/service.ts";
import { listenForGiveawayButtons } from "./bot-buttons.ts";
import { claimsCommand } from "./claim-command.ts";
import { actorOf, fitLines, messageIdOf } from "./command-helpers.ts";
import * as configStore from "./config-store.ts";
import { manageCommands } from "./manage-commands.ts";
import { giveawayDetailUrl, winnerList } from "./messages.ts";
import { listServerGiveaways } from "./queries.ts";
import { createOrSchedule, endGiveaway, rerollGiveaway } from "./service.ts";
import { templateCommands, templateOption } from "./template-commands.ts";

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

/** A claim window or reminder lead typed like a duration (`24h`) → seconds; 400 naming the option. */
function optionSeconds(input: string | undefined, option: string, bounds: { min: number; max: number }) {
  const text = input?.trim();
  if (!text) return undefined;
  const ms = parseDuration(text);
  if (ms === null || ms <= 0) throw badRequest(`${option} must look like 10m, 1h, 24h or 3d.`, option);
  const seconds = Math.round(ms / 1000);
  if (seconds < bounds.min || seconds > bounds.max) {
    throw badRequest(
      `${option} must be between ${formatSeconds(bounds.min)} and ${formatSeconds(bounds.max)}.`,
      option,
    );
  }
  return seconds;
}

const formatSeconds = (seconds: number) =>
  seconds % 86_400 === 0
    ? `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`
    : seconds % 3600 === 0
      ? `${seconds / 3600} hour${seconds === 3600 ? "" : "s"}`
      : `${Math.round(seconds / 60)} minutes`;

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

/** When a giveaway typed with `start:` begins, in the server's time zone (or the one given). */
async function startOption(command: CommandContext): Promise<number | undefined> {
  const { options, ctx, serverId } = command;
  const text = options.string("start")?.trim();
  const zoneOption = options.string("timezone")?.trim();
  if (zoneOption && !isTimeZone(zoneOption)) {
    throw badRequest(
      "timezone must be a time zone such as Europe/Berlin, America/New_York or UTC.",
      "timezone",
    );
  }
  if (zoneOption) {
    // Remembered as the server's time zone for the next dates typed here.
    await configStore.setTimeZone(ctx.storage.db, serverId, zoneOption, Date.now());
  }
  if (!text) return undefined;
  const zone = zoneOption ?? (await configStore.getTimeZone(ctx.storage.db, serverId));
  const at = parseStartTime(text, Date.now(), zone);
  if (at === null) {
    throw badRequest(
      `start must look like \`in 2h\`, \`18:00\` or \`2026-12-24 18:00\` (read in ${zone}).`,
      "start",
    );
  }
  return at;
}

/** What the start's answer adds for the claim window, the entry cap and the reminder. */
function controlNote(giveaway: GiveawayDetail): string {
  const notes: string[] = [];
  if (giveaway.maxEntries) notes.push(`It ends once ${giveaway.maxEntries} members have entered.`);
  if (giveaway.reminderBefore) {
    notes.push(
      `A last-chance reminder is posted <t:${unix(giveaway.endTime - giveaway.reminderBefore * 1000)}:R>.`,
    );
  }
  if (giveaway.claimWindow) {
    notes.push(`Winners have ${formatSeconds(giveaway.claimWindow)} to claim (see \`/giveaway claims\`).`);
  }
  return notes.length > 0 ? ` ${notes.join(" ")}` : "";
}

const start = defineCommand("giveaway start", async (command) => {
  const { ctx, serverId, options } = command;
  // A template gives the settings; every option typed replaces its own one.
  const base = await templateOption(command);
  const channelId = options.id("channel") ?? base?.channelId ?? command.channelId;
  if (!channelId) throw badRequest("Please choose a **channel** for the giveaway.", "channel");
  const requirements = {
    minAccountAge: 0,
    minMemberAge: 0,
    minInvites: 0,
    requiredRoles: [] as string[],
    ...base?.requirements,
  };
  for (const [option, field] of Object.entries(requirementOptions)) {
    requirements[field] = options.number(option) ?? requirements[field];
  }
  const role = options.id("required_role");
  if (role) requirements.requiredRoles = [role];
  const repeatText = options.string("repeat")?.trim();
  const recurrence = repeatText ? parseRecurrence(repeatText) : undefined;
  if (recurrence === null) {
    throw badRequest("repeat must be daily, weekly, monthly, or like `every 6h` or `every 3d`.", "repeat");
  }
  const startsAt = await startOption(command);
  const pingRoleId = options.boolean("no_ping") ? null : (options.id("ping_role") ?? base?.pingRoleId);
  const claimWindow =
    optionSeconds(options.string("claim"), "claim", {
      min: giveawayLimits.minClaimWindowSeconds,
      max: giveawayLimits.maxClaimWindowSeconds,
    }) ?? base?.claimWindow;
  const reminderBefore =
    optionSeconds(options.string("reminder"), "reminder", {
      min: giveawayLimits.minReminderSeconds,
      max: giveawayLimits.maxDurationSeconds,
    }) ?? base?.reminderBefore;
  const maxEntries = options.number("max_entries") ?? base?.maxEntries;
  const prize = options.string("prize") ?? base?.prize;
  if (!prize) throw badRequest("Please give a **prize** (or a **template** that has one).", "prize");
  const durationText = options.string("duration");
  const duration = durationText ? giveawaySeconds(durationText) : base?.duration;
  if (duration === undefined) {
    throw badRequest("Please give a **duration** such as 30m, 12h or 2d (or a **template**).", "duration");
  }
  if (reminderBefore !== undefined && reminderBefore >= duration) {
    throw badRequest("reminder must be shorter than the giveaway's duration.", "reminder");
  }
  const donorId = options.id("donor") ?? base?.donorId;
  const hostId = options.id("host") ?? base?.hostId;
  const winnersChannelId = options.id("winners_channel") ?? base?.winnersChannelId;
  const description = base?.description;
  const parsed = createGiveawayBody.safeParse({
    channelId,
    prize,
    winnerCount: options.number("winners") ?? base?.winnerCount ?? 1,
    duration,
    requirements,
    ...(description ? { description } : {}),
    ...(donorId ? { donorId } : {}),
    ...(hostId ? { hostId } : {}),
    ...(winnersChannelId ? { winnersChannelId } : {}),
    ...(pingRoleId !== undefined ? { pingRoleId } : {}),
    ...(options.boolean("dm_winners") || base?.dmWinners ? { dmWinners: true } : {}),
    ...(startsAt !== undefined ? { startsAt } : {}),
    ...(recurrence ? { recurrence } : {}),
    ...(claimWindow !== undefined ? { claimWindow } : {}),
    ...(reminderBefore !== undefined ? { reminderBefore } : {}),
    ...(maxEntries !== undefined ? { maxEntries } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join(".") ?? "giveaway"}: ${issue?.message ?? "is not valid"}`);
  }
  const result = await createOrSchedule(ctx, serverId, actorOf(command), parsed.data);
  const warning = await inviteWarning(command, requirements.minInvites);
  if ("scheduled" in result) {
    const schedule = result.scheduled;
    const when = schedule.nextRunAt ?? Date.now();
    const repeat = schedule.recurrence ? `, then ${describeRecurrence(schedule.recurrence)}` : "";
    const ping = schedule.pingRoleId ? ` It will ping <@&${schedule.pingRoleId}>.` : " It will ping no role.";
    await command.reply({
      content: `🗓️ The giveaway for **${schedule.settings.prize}** starts in <#${schedule.settings.channelId}> <t:${unix(when)}:R> (<t:${unix(when)}:f>)${repeat}.${ping}\nSchedule ID: \`${schedule.id}\` (for \`/giveaway scheduled\`).${warning}`,
      allowedMentions: {},
    });
    return;
  }
  const giveaway = result.posted;
  await command.reply({
    content: `🎉 The giveaway for **${giveaway.prize}** is running in <#${giveaway.channelId}> and ends <t:${unix(giveaway.endTime)}:R>. [Jump to it](${jumpLink(serverId, giveaway.channelId, giveaway.messageId)})${giveaway.pingRoleId ? ` It pinged <@&${giveaway.pingRoleId}>.` : ""}${controlNote(giveaway)}\nMessage ID: \`${giveaway.messageId}\` (for \`/giveaway end\` and \`/giveaway reroll\`).${warning}`,
    allowedMentions: {},
  });
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
  const replace = command.options.id("replace");
  const all = command.options.boolean("all") === true;
  const result = await rerollGiveaway(command.ctx, command.serverId, messageId, actorOf(command), {
    ...(winnerCount === undefined ? {} : { winnerCount }),
    ...(replace ? { replace } : {}),
    ...(all ? { all } : {}),
  });
  const swaps = result.newWinners.filter((winner) => winner.replaces);
  const line =
    swaps.length > 0
      ? fitLines(
          swaps.map((winner) => `<@${winner.userId}> replaces <@${winner.replaces}>`),
          1500,
        )
      : `New ${winnersLine(command, messageId, result.newWinners, true)}`;
  await command.reply({
    content: `🔁 Rerolled **${result.prize}**. ${line}\nAnnounced in <#${result.winnersChannelId ?? result.channelId}>.`,
    allowedMentions: {},
  });
});

const recentEnded = 5;

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
  commands: () => [start, end, reroll, list, claimsCommand, ...manageCommands, ...templateCommands],
  listeners: listenForGiveawayButtons,
};
