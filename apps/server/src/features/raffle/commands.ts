import type { Bot } from "../../bot/bot.ts";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { noWinnerReason, percent, plural, winnerLines } from "./messages.ts";
import { addRaffleTickets, drawRaffle, getRaffleTickets, markRaffleMember, startRaffle } from "./service.ts";

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });
const unix = (ms: number) => Math.floor(ms / 1000);

const start = defineCommand("raffle start", async (command) => {
  if (!command.channelId) throw badRequest("Open the raffle from the channel it should be announced in.");
  const raffle = await startRaffle(command.ctx, command.serverId, actorOf(command), {
    prize: command.options.requireString("prize"),
    winnerCount: command.options.number("winners") ?? 1,
    channelId: command.channelId,
  });
  await command.reply(
    `🎫 The raffle for **${raffle.prize}** is open (${plural(raffle.winnerCount, "winner")}). Hand out tickets with \`/raffle add\`, then \`/raffle draw\`.`,
  );
});

const add = defineCommand(
  "raffle add",
  async (command) => {
    const userId = command.options.requireId("user");
    const tickets = command.options.number("tickets") ?? 0;
    const result = await addRaffleTickets(command.ctx, command.serverId, actorOf(command), userId, tickets);
    await command.reply({
      content: `🎫 <@${userId}> got ${plural(tickets, "ticket")} in the raffle for **${result.raffle.prize}** and now holds ${plural(result.held, "ticket")} (${percent(result.held, result.total)} of ${plural(result.total, "ticket")}).`,
      allowedMentions: {},
    });
  },
  { ephemeral: false },
);

const tickets = defineCommand("raffle tickets", async (command) => {
  const userId = command.options.id("user") ?? command.user.id;
  const found = await getRaffleTickets(command.ctx, command.serverId, userId);
  if (!found) {
    await command.reply("There has been no raffle in this server yet.");
    return;
  }
  const { raffle, held, total, holders, winners } = found;
  const who = userId === command.user.id ? "You hold" : `<@${userId}> holds`;
  const lines =
    raffle.status === "drawn"
      ? [
          `The last raffle, for **${raffle.prize}**, was drawn <t:${unix(raffle.drawnAt ?? 0)}:R> (final). ${who} ${plural(held, "ticket")} in it.`,
          winners.length > 0 ? `Winners:\n${winnerLines(winners)}` : "No one was drawn.",
        ]
      : [
          `Raffle for **${raffle.prize}** (${plural(raffle.winnerCount, "winner")}): ${who} ${plural(held, "ticket")} of ${plural(total, "ticket")} held by ${plural(holders, "member")}${held > 0 ? ` (${percent(held, total)} of the tickets)` : ""}.`,
          raffle.status === "drawing"
            ? "It is being drawn now; no more tickets can be added."
            : "Staff hand out tickets with `/raffle add`.",
        ];
  await command.reply({ content: lines.join("\n"), allowedMentions: {} });
});

const draw = defineCommand("raffle draw", async (command) => {
  const { raffle, winners, unverified } = await drawRaffle(command.ctx, command.serverId, actorOf(command));
  const note =
    unverified.length > 0
      ? `\nDiscord didn't answer whether ${unverified.map((id) => `<@${id}>`).join(", ")} ${unverified.length === 1 ? "is" : "are"} still here; they were kept.`
      : "";
  await command.reply({
    content:
      winners.length === 0
        ? `🎫 Drew the raffle for **${raffle.prize}**: ${noWinnerReason(raffle)}`
        : `🎉 Drew the raffle for **${raffle.prize}** (final; announced in <#${raffle.channelId}>):\n${winnerLines(winners)}${note}`,
    allowedMentions: {},
  });
});

/** This feature's slash commands, and the membership it follows for the draw. */
export const raffleBot: BotFeature = {
  commands: () => [start, add, tickets, draw],
  listeners: (bot: Bot, ctx: AppContext) => {
    const offRemove = bot.events.on("memberRemove", ({ guildId, user }) =>
      markRaffleMember(ctx, guildId, user.id, false),
    );
    const offAdd = bot.events.on("memberAdd", (member) =>
      markRaffleMember(ctx, member.guildId, member.user.id, true),
    );
    return () => {
      offRemove();
      offAdd();
    };
  },
};
