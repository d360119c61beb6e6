import type { Embed, OutgoingMessage } from "../../discord/port/port.ts";
import type { Lottery } from "./store.ts";

/** The lottery message's button: takes one ticket in the server's running lottery. */
export const ticketButtonId = "lottery:ticket";

const runningColor = 0xeab308;
const endedColor = 0x64748b;
const seconds = (ms: number) => Math.floor(ms / 1000);
export const plural = (count: number, word: string) =>
  `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;

/** A chance as a percentage a person reads: 12.5%, 0.04%, 100%. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return "0%";
  const value = (part / whole) * 100;
  if (value >= 10 || Number.isInteger(value)) return `${Number(value.toFixed(1))}%`;
  return `${Number(value.toPrecision(2))}%`;
}

type View = Pick<Lottery, "prize" | "maxTickets" | "hostId" | "endTime">;

/** The lottery while it runs: Discord renders `<t:…:R>` as a live countdown. */
export function runningMessage(view: View): OutgoingMessage {
  const embed: Embed = {
    title: `🎟️ Lottery: ${view.prize}`,
    description: [
      `Ends <t:${seconds(view.endTime)}:R> (<t:${seconds(view.endTime)}:f>)`,
      `Hosted by <@${view.hostId}>`,
      `Tickets per member: **${view.maxTickets}**`,
      "",
      "Each ticket is one chance: one ticket is drawn when the lottery ends.",
      "Take a ticket with the button or `/lottery ticket`; `/lottery status` shows your odds.",
    ].join("\n"),
    color: runningColor,
    footer: { text: "One winning ticket" },
    timestamp: new Date(view.endTime).toISOString(),
  };
  return {
    embeds: [embed],
    components: [
      [{ type: "button", style: "primary", label: "Take a ticket", emoji: "🎟️", customId: ticketButtonId }],
    ],
    allowedMentions: {},
  };
}

/** One sentence with the result: the winner, the tickets sold and the winner's odds. */
export function resultLine(lottery: Lottery): string {
  const sold = lottery.ticketsSold ?? 0;
  if (sold === 0) return "No one took a ticket, so there is no winner.";
  // Tickets were taken but anti-pool protection blocked every holder.
  if (!lottery.winnerId) return "No ticket holder could win, so there is no winner.";
  const held = lottery.winnerTickets ?? 0;
  return `<@${lottery.winnerId}> won with ${plural(held, "ticket")} of ${plural(sold, "ticket")} sold to ${plural(lottery.entrants ?? 0, "member")} (${percent(held, sold)} odds).`;
}

/** The lottery message once drawn: the result, and the button disabled. */
export function endedMessage(lottery: Lottery): OutgoingMessage {
  return {
    embeds: [
      {
        title: `🎟️ Lottery: ${lottery.prize}`,
        description: [
          `Ended <t:${seconds(lottery.endedAt ?? lottery.endTime)}:R>`,
          `Hosted by <@${lottery.hostId}>`,
          "",
          resultLine(lottery),
        ].join("\n"),
        color: endedColor,
        footer: { text: "This lottery has ended" },
      },
    ],
    components: [
      [
        {
          type: "button",
          style: "secondary",
          label: "Lottery ended",
          emoji: "🎟️",
          customId: ticketButtonId,
          disabled: true,
        },
      ],
    ],
    allowedMentions: {},
  };
}

/** The announcement in the lottery's channel; only the winner is pinged. */
export function announcement(lottery: Lottery): OutgoingMessage {
  const sold = lottery.ticketsSold ?? 0;
  const content =
    lottery.winnerId && sold > 0
      ? `🎉 The lottery for **${lottery.prize}** is over! ${resultLine(lottery)} Congratulations!`
      : `🎟️ The lottery for **${lottery.prize}** is over. ${resultLine(lottery)}`;
  return { content, allowedMentions: { users: lottery.winnerId ? [lottery.winnerId] : [] } };
}
