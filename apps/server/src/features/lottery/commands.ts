import { parseDuration } from "@hearth/core";
import type { Bot } from "../../bot/bot.ts";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { percent, plural, resultLine, ticketButtonId } from "./messages.ts";
import {
  drawLottery,
  getLotteryStatus,
  lotteryLimits,
  startLottery,
  type TakeResult,
  takeTickets,
} from "./service.ts";

const unix = (ms: number) => Math.floor(ms / 1000);
const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });

/** `30m`, `12h`, `3d`, `1w` → seconds within a lottery's bounds; otherwise how to write it. */
export function lotterySeconds(input: string): number {
  const ms = parseDuration(input);
  if (ms === null || ms <= 0)
    throw badRequest("Duration must look like 30m, 12h, 1h30m, 3d or 1w.", "duration");
  const seconds = Math.round(ms / 1000);
  if (seconds < lotteryLimits.minDurationSeconds || seconds > lotteryLimits.maxDurationSeconds) {
    throw badRequest("Duration must be between 1 minute and 90 days.", "duration");
  }
  return seconds;
}

/** What a member reads after taking tickets. */
export function takenText(result: TakeResult, asked: number): string {
  const { lottery, taken, held } = result;
  const capped = taken < asked ? ` (the limit is ${plural(lottery.maxTickets, "ticket")} per member)` : "";
  const more =
    held < lottery.maxTickets
      ? ` You can take ${held === 0 ? "" : "up to "}${lottery.maxTickets - held} more.`
      : "";
  return `🎟️ You took ${plural(taken, "ticket")}${capped} in the lottery for **${lottery.prize}**. You now hold ${plural(held, "ticket")}.${more} The draw is <t:${unix(lottery.endTime)}:R>.`;
}

const start = defineCommand("lottery start", async (command) => {
  const { options } = command;
  const channelId = options.id("channel") ?? command.channelId;
  if (!channelId) throw badRequest("Please choose a **channel** for the lottery.", "channel");
  const lottery = await startLottery(command.ctx, command.serverId, actorOf(command), {
    prize: options.requireString("prize"),
    durationSeconds: lotterySeconds(options.requireString("duration")),
    maxTickets: options.number("max_tickets") ?? 1,
    channelId,
  });
  await command.reply(
    `🎟️ The lottery for **${lottery.prize}** is running in <#${lottery.channelId}>: up to ${plural(lottery.maxTickets, "ticket")} per member, drawn <t:${unix(lottery.endTime)}:R>.`,
  );
});

const ticket = defineCommand("lottery ticket", async (command) => {
  const count = command.options.number("count") ?? 1;
  const result = await takeTickets(command.ctx, command.serverId, command.user.id, count, {
    member: command.member,
  });
  await command.reply(takenText(result, count));
});

const status = defineCommand("lottery status", async (command) => {
  const found = await getLotteryStatus(command.ctx, command.serverId, command.user.id);
  if (!found) {
    await command.reply("There is no lottery in this server yet. Staff start one with `/lottery start`.");
    return;
  }
  const { lottery, tickets, entrants, mine } = found;
  const running = lottery.status === "running";
  const fields = [
    { name: "Prize", value: lottery.prize, inline: true },
    {
      name: "Tickets taken",
      value: `${plural(tickets, "ticket")} by ${plural(entrants, "member")}`,
      inline: true,
    },
    {
      name: "Your tickets",
      value: `${mine} of ${lottery.maxTickets}${running && mine > 0 ? ` (${percent(mine, tickets)} chance right now)` : ""}`,
      inline: true,
    },
    running
      ? {
          name: "Draw",
          value:
            lottery.endTime > Date.now()
              ? `<t:${unix(lottery.endTime)}:R> (<t:${unix(lottery.endTime)}:f>)`
              : "The time is up; the winning ticket is being drawn.",
        }
      : { name: "Result", value: resultLine(lottery) },
  ];
  await command.reply({
    embeds: [
      {
        title: running ? "🎟️ Lottery running" : "🎟️ Last lottery (ended)",
        color: running ? 0xeab308 : 0x64748b,
        fields,
        footer: {
          text: running
            ? "Take tickets with /lottery ticket or the lottery's button"
            : "No lottery is running",
        },
      },
    ],
    allowedMentions: {},
  });
});

const draw = defineCommand("lottery draw", async (command) => {
  const lottery = await drawLottery(command.ctx, command.serverId, { by: "manual", actor: actorOf(command) });
  await command.reply(
    `🏁 Drew the lottery for **${lottery.prize}**. ${resultLine(lottery)}\nAnnounced in <#${lottery.channelId}>.`,
  );
});

/** The lottery message's button: one ticket per press, up to the cap. */
async function onTicketButton(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, user, member, messageId } = interaction.data;
  if (!guildId || !member) throw badRequest("Lottery tickets can only be taken inside their server.");
  const result = await takeTickets(ctx, guildId, user.id, 1, { member, messageId });
  await interaction.reply({ content: takenText(result, 1), allowedMentions: {} }, { ephemeral: true });
}

/** This feature's slash commands and its button. */
export const lotteryBot: BotFeature = {
  commands: () => [start, ticket, status, draw],
  listeners: (bot: Bot, ctx: AppContext) => {
    bot.onButton(ticketButtonId, (interaction) => onTicketButton(ctx, interaction));
    return () => undefined;
  },
};
