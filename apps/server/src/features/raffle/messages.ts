import type { OutgoingMessage } from "../../discord/port/port.ts";
import type { Raffle, RaffleWinner } from "./store.ts";

const openColor = 0x8b5cf6;
export const plural = (count: number, word: string) =>
  `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;

/** A share as a percentage: 12.5%, 0.04%, 100%. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return "0%";
  const value = (part / whole) * 100;
  if (value >= 10 || Number.isInteger(value)) return `${Number(value.toFixed(1))}%`;
  return `${Number(value.toPrecision(2))}%`;
}

/** The raffle's opening post. */
export function openedMessage(raffle: Pick<Raffle, "prize" | "winnerCount" | "hostId">): OutgoingMessage {
  return {
    embeds: [
      {
        title: `🎫 Raffle: ${raffle.prize}`,
        description: [
          `Opened by <@${raffle.hostId}>`,
          `Winners: **${raffle.winnerCount}**`,
          "",
          "Staff hand out tickets (for donations, event wins and the like); each ticket is one chance.",
          "Check yours with `/raffle tickets`. Winners are drawn by ticket weight; members who left the server are not drawn.",
        ].join("\n"),
        color: openColor,
      },
    ],
    allowedMentions: {},
  };
}

/** The winners as a numbered list with their tickets, within Discord's 4096-character description. */
export function winnerLines(winners: RaffleWinner[]): string {
  return winners.map((w) => `${w.position}. <@${w.userId}> (${plural(w.tickets, "ticket")})`).join("\n");
}

/** Why a draw has no winner: no holder left in the server, or none could win (anti-pool protection). */
export function noWinnerReason(raffle: Raffle): string {
  return (raffle.holdersInDraw ?? 0) > 0
    ? "No ticket holder could win, so there is no winner."
    : "No member still in the server held a ticket, so there is no winner.";
}

/** The draw's announcement in the raffle's channel: only the winners are pinged. */
export function drawnMessage(raffle: Raffle, winners: RaffleWinner[]): OutgoingMessage {
  const from = `Drawn from ${plural(raffle.ticketsInDraw ?? 0, "ticket")} held by ${plural(raffle.holdersInDraw ?? 0, "member")}.`;
  return {
    content:
      winners.length === 0
        ? `🎫 The raffle for **${raffle.prize}** is closed. ${noWinnerReason(raffle)}`
        : `🎉 The raffle for **${raffle.prize}** is drawn! Congratulations ${winners.map((w) => `<@${w.userId}>`).join(", ")}!`,
    embeds: [
      {
        title: `🎫 Raffle: ${raffle.prize}`,
        description: winners.length === 0 ? from : `${winnerLines(winners)}\n\n${from}\nThis draw is final.`,
        color: 0x64748b,
      },
    ],
    allowedMentions: { users: winners.map((w) => w.userId) },
  };
}
