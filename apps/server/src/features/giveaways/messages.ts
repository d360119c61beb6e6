import type { Embed, OutgoingMessage } from "../../discord/port.ts";

/** The Enter button's custom id; the bot finds the giveaway by the interaction's guild and message. */
export const enterButtonId = "giveaway:enter";

const activeColor = 0xf97316;
const endedColor = 0x64748b;

export interface GiveawayView {
  prize: string;
  description: string | null;
  winnerCount: number;
  hostId: string;
  donorId: string | null;
  endTime: number;
  minAccountAge: number;
  minMemberAge: number;
  minInvites: number;
  requiredRoles: string[];
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const mentions = (userIds: string[]) => userIds.map((id) => `<@${id}>`).join(", ");

function requirementLines(view: GiveawayView): string[] {
  const lines: string[] = [];
  if (view.minAccountAge > 0)
    lines.push(`• Discord account at least ${plural(view.minAccountAge, "day")} old`);
  if (view.minMemberAge > 0)
    lines.push(`• Member of this server for at least ${plural(view.minMemberAge, "day")}`);
  if (view.minInvites > 0) lines.push(`• At least ${plural(view.minInvites, "invite")}`);
  if (view.requiredRoles.length > 0) {
    lines.push(`• One of the roles ${view.requiredRoles.map((id) => `<@&${id}>`).join(", ")}`);
  }
  return lines;
}

function people(view: GiveawayView): string[] {
  const lines = [`Hosted by <@${view.hostId}>`];
  if (view.donorId) lines.push(`Donated by <@${view.donorId}>`);
  return lines;
}

/** The giveaway while it runs: Discord renders `<t:…:R>` as a live countdown. */
export function activeMessage(view: GiveawayView): OutgoingMessage {
  const requirements = requirementLines(view);
  const lines = [
    ...(view.description ? [view.description, ""] : []),
    `Ends <t:${seconds(view.endTime)}:R> (<t:${seconds(view.endTime)}:f>)`,
    ...people(view),
    `Winners: **${view.winnerCount}**`,
    ...(requirements.length > 0 ? ["", "**Requirements**", ...requirements] : []),
  ];
  const embed: Embed = {
    title: `🎉 ${view.prize}`,
    description: lines.join("\n"),
    color: activeColor,
    footer: { text: "Press Enter to join" },
    timestamp: new Date(view.endTime).toISOString(),
  };
  return {
    embeds: [embed],
    components: [
      [{ type: "button", style: "primary", label: "Enter", emoji: "🎉", customId: enterButtonId }],
    ],
    allowedMentions: {},
  };
}

/** The same message once ended: the winners listed and the button disabled. */
export function endedMessage(view: GiveawayView, winnerIds: string[], endedAt: number): OutgoingMessage {
  const lines = [
    ...(view.description ? [view.description, ""] : []),
    `Ended <t:${seconds(endedAt)}:R> (<t:${seconds(endedAt)}:f>)`,
    ...people(view),
    winnerIds.length > 0 ? `Winners: ${mentions(winnerIds)}` : "No valid entries: no winner was drawn.",
  ];
  return {
    embeds: [
      {
        title: `🎉 ${view.prize}`,
        description: lines.join("\n"),
        color: endedColor,
        footer: { text: "Giveaway ended" },
        timestamp: new Date(endedAt).toISOString(),
      },
    ],
    components: [
      [
        {
          type: "button",
          style: "secondary",
          label: "Ended",
          emoji: "🎉",
          customId: enterButtonId,
          disabled: true,
        },
      ],
    ],
    allowedMentions: {},
  };
}

/** The announcement in the channel; it pings the winners and no one else. */
export function winnersAnnouncement(
  view: GiveawayView,
  newWinnerIds: string[],
  kind: "end" | "reroll",
): OutgoingMessage {
  if (newWinnerIds.length === 0) {
    return {
      content: `The giveaway for **${view.prize}** has ended, but no one entered, so there is no winner.`,
      allowedMentions: {},
    };
  }
  const content =
    kind === "end"
      ? `🎉 Congratulations ${mentions(newWinnerIds)}! You won **${view.prize}**!`
      : `🎉 Reroll: ${mentions(newWinnerIds)} ${newWinnerIds.length === 1 ? "is the new winner" : "are the new winners"} of **${view.prize}**! Congratulations!`;
  return { content, allowedMentions: { users: newWinnerIds } };
}
