import { defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import type { BotFeature } from "../feature.ts";
import { isEnabled } from "../settings/service.ts";
import {
  type RumblePeriod,
  type RumbleStanding,
  recordGameOver,
  rumbleLeaderboard,
  rumbleStats,
} from "./service.ts";

const medals = ["🥇", "🥈", "🥉"];
const line = (s: RumbleStanding) =>
  `${medals[s.rank - 1] ?? `**${s.rank}.**`} <@${s.userId}> · ${s.wins} win${s.wins === 1 ? "" : "s"}`;

async function offNote(ctx: Parameters<typeof isEnabled>[0], serverId: string): Promise<string> {
  return (await isEnabled(ctx, serverId, "rumbleTrackerEnabled"))
    ? ""
    : "\n\n*The Rumble tracker is off: new games aren't counted. Staff can switch it on with `/settings feature:rumble_tracker toggle:true`.*";
}

export const rumbleCommands = () => [
  defineCommand("rumble leaderboard", async (command) => {
    const period = (command.options.string("period") ?? "all-time") as RumblePeriod;
    const board = await rumbleLeaderboard(command.ctx, command.serverId, period, command.user.id);
    const title = period === "monthly" ? "🏆 Rumble winners this month" : "🏆 Rumble winners of all time";
    const lines = board.top.map(line);
    if (board.caller) lines.push("…", `${line(board.caller)} (you)`);
    else if (!board.top.some((s) => s.userId === command.user.id))
      lines.push("", "You haven't won a rumble yet.");
    const embed: Embed = {
      title,
      description:
        (board.top.length === 0 ? "No rumble wins recorded yet." : lines.join("\n")) +
        (await offNote(command.ctx, command.serverId)),
      color: 0xf1c40f,
      footer: { text: `${board.players} winner${board.players === 1 ? "" : "s"} · top 15` },
    };
    await command.reply({ embeds: [embed], allowedMentions: {} });
  }),
  defineCommand("rumble stats", async (command) => {
    const userId = command.options.id("user") ?? command.user.id;
    const stats = await rumbleStats(command.ctx, command.serverId, userId);
    const embed: Embed = {
      title: "⚔️ Rumble stats",
      description: `<@${userId}>${await offNote(command.ctx, command.serverId)}`,
      color: 0xf1c40f,
      fields: [
        { name: "Wins", value: String(stats.wins), inline: true },
        { name: "This month", value: String(stats.monthly), inline: true },
        { name: "Rank", value: stats.rank ? `#${stats.rank} of ${stats.players}` : "—", inline: true },
        {
          name: "Last win",
          value: stats.lastWinAt ? `<t:${Math.floor(stats.lastWinAt / 1000)}:R>` : "Never",
          inline: true,
        },
      ],
    };
    await command.reply({ embeds: [embed], allowedMentions: {} });
  }),
];

/** This feature's slash commands and its game-over listener. */
export const rumbleBot: BotFeature = {
  commands: () => rumbleCommands(),
  listeners: (bot, ctx) =>
    bot.events.on("messageCreate", async (message) => {
      await recordGameOver(ctx, message);
    }),
};
