import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { BotFeature } from "../feature.ts";
import { formatBirthday, localParts } from "./calendar.ts";
import {
  configureBirthdays,
  defaultBirthdayMessage,
  getBirthdaySettings,
  removeBirthday,
  setBirthday,
  upcomingBirthdays,
} from "./service.ts";

const unix = (ms: number) => Math.floor(ms / 1000);
const color = 0xf472b6;

const set = defineCommand("birthday set", async (command: CommandContext) => {
  const { ctx, serverId, options } = command;
  const saved = await setBirthday(ctx, serverId, command.user.id, {
    month: options.number("month") ?? Number.NaN,
    day: options.number("day") ?? Number.NaN,
    year: options.number("year") ?? null,
    timezone: options.string("timezone") ?? null,
    showAge: options.boolean("show_age") ?? false,
  });
  const next = localParts(saved.nextAt, saved.timezone);
  const shown =
    saved.year === null
      ? ""
      : saved.showAge
        ? " Your age will be shown in the announcement."
        : " Your birth year is kept private: your age is never shown (add `show_age:true` to show it).";
  const observed =
    saved.month === 2 && saved.day === 29 && next.day === 28
      ? " In years without 29 February it's celebrated on 28 February."
      : "";
  const settings = await getBirthdaySettings(ctx, serverId);
  const setupNote = settings
    ? ""
    : "\n-# This server hasn't chosen a birthday channel yet, so nothing is announced until staff run `/birthday setup`.";
  await command.reply(
    `🎂 Saved: **${formatBirthday(saved.month, saved.day)}** (${saved.timezone}). I'll celebrate at midnight your time — next <t:${unix(saved.nextAt)}:F> (<t:${unix(saved.nextAt)}:R>).${observed}${shown}${setupNote}`,
  );
});

const remove = defineCommand("birthday remove", async (command) => {
  const removed = await removeBirthday(command.ctx, command.serverId, command.user.id);
  await command.reply(
    removed
      ? "🗑️ Your birthday is forgotten in this server: the date, year and time zone are deleted."
      : "You haven't saved a birthday in this server, so there was nothing to remove.",
  );
});

const list = defineCommand(
  "birthday list",
  async (command) => {
    const { upcoming, total } = await upcomingBirthdays(command.ctx, command.serverId);
    if (upcoming.length === 0) {
      await command.reply("No birthdays saved here yet. Save yours with `/birthday set`.");
      return;
    }
    const lines = upcoming.map(
      (entry) =>
        `**${entry.date}** — <@${entry.userId}> · <t:${unix(entry.at)}:R>${entry.age === null ? "" : ` · turns ${entry.age}`}`,
    );
    await command.reply({
      embeds: [
        {
          title: "🎂 Upcoming birthdays",
          color,
          description: lines.join("\n"),
          footer: {
            text: `${upcoming.length === total ? total : `Next ${upcoming.length} of ${total}`} saved · announced at each member's local midnight`,
          },
        },
      ],
      allowedMentions: {},
    });
  },
  { ephemeral: false },
);

const setup = defineCommand("birthday setup", async (command) => {
  const { ctx, serverId, options } = command;
  const { settings, roleWarning } = await configureBirthdays(
    ctx,
    serverId,
    { tokenId: null, userId: command.user.id },
    {
      channelId: options.requireId("channel"),
      roleId: options.id("role") ?? null,
      message: options.string("message") ?? null,
    },
  );
  const message = settings.message ?? defaultBirthdayMessage;
  const lines = [
    `✅ Birthdays are announced in <#${settings.channelId}> at each member's local midnight.`,
    settings.roleId
      ? `🎈 <@&${settings.roleId}> is given for 24 hours from the start of their birthday.`
      : "No birthday role (add `role:` to give one for the day).",
    `Message${settings.message ? "" : " (the default)"}:\n>>> ${message}`,
  ];
  if (roleWarning) lines.splice(2, 0, `⚠️ ${roleWarning}`);
  await command.reply({ content: lines.join("\n").slice(0, 2000), allowedMentions: {} });
});

/** This feature's slash commands. */
export const birthdaysBot: BotFeature = {
  commands: () => [set, remove, list, setup],
};
