import { type Config, siteUrl } from "../../config.ts";
import { fitText } from "../../discord/payload-rules/message-limits.ts";
import type { Embed, OutgoingMessage } from "../../discord/port/port.ts";

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

/** The website's page of a giveaway, where every winner and entrant is listed. */
export function giveawayDetailUrl(
  config: Pick<Config, "publicUrl" | "port">,
  serverId: string,
  messageId: string,
): string {
  return siteUrl(config, `/giveaways/${serverId}/${messageId}`);
}

/** Discord's limits: an embed's title and description, and a message's content. */
const limits = { title: 256, description: 4096, content: 2000 } as const;

/**
 * The embed's title, "🎉 " and the prize, cut to Discord's 256 characters with an ellipsis (a prize
 * may be 256 characters itself), and the line naming the whole prize when it was cut.
 */
export function prizeTitle(prize: string): { title: string; prizeLine: string[] } {
  const full = `🎉 ${prize}`;
  const title = fitText(full, limits.title);
  return { title, prizeLine: title === full ? [] : [`**Prize:** ${prize}`, ""] };
}

/**
 * The winners as mentions, as many as fit in `budget` characters; the rest are counted and linked
 * to the website's detail page, which lists everyone. Answers the text and who it mentions.
 */
export function winnerList(
  userIds: string[],
  budget: number,
  detailUrl: string | undefined,
): { text: string; shown: string[] } {
  const all = mentions(userIds);
  if (all.length <= budget) return { text: all, shown: userIds };
  const shown: string[] = [];
  let length = 0;
  // Leave room for the "and N more" line and its link.
  const room = budget - 60 - (detailUrl?.length ?? 0);
  for (const id of userIds) {
    const next = length + (shown.length > 0 ? 2 : 0) + id.length + 3;
    if (next > room) break;
    shown.push(id);
    length = next;
  }
  const rest = userIds.length - shown.length;
  const more = detailUrl ? `[and ${rest} more](${detailUrl})` : `and ${rest} more`;
  return { text: shown.length > 0 ? `${mentions(shown)}, ${more}` : more, shown };
}

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
  const { title, prizeLine } = prizeTitle(view.prize);
  const lines = [
    ...prizeLine,
    ...(view.description ? [view.description, ""] : []),
    `Ends <t:${seconds(view.endTime)}:R> (<t:${seconds(view.endTime)}:f>)`,
    ...people(view),
    `Winners: **${view.winnerCount}**`,
    ...(requirements.length > 0 ? ["", "**Requirements**", ...requirements] : []),
  ];
  const embed: Embed = {
    title,
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
export function endedMessage(
  view: GiveawayView,
  winnerIds: string[],
  endedAt: number,
  detailUrl?: string,
): OutgoingMessage {
  const { title, prizeLine } = prizeTitle(view.prize);
  const head = [
    ...prizeLine,
    ...(view.description ? [view.description, ""] : []),
    `Ended <t:${seconds(endedAt)}:R> (<t:${seconds(endedAt)}:f>)`,
    ...people(view),
  ];
  const label = "Winners: ";
  const room = limits.description - head.join("\n").length - 1 - label.length;
  const lines = [
    ...head,
    winnerIds.length > 0
      ? `${label}${winnerList(winnerIds, room, detailUrl).text}`
      : "No valid entries: no winner was drawn.",
  ];
  return {
    embeds: [
      {
        title,
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

/** A winner of a draw; `replaces` names the winner a reroll took the place of. */
export interface DrawnWinner {
  userId: string;
  replaces?: string | null;
}

/**
 * The announcement of a draw, in the giveaway's channel or its winners channel. It pings the new
 * winners and, at the end, the host ("hosted by" with the results), and no one else. A reroll that
 * replaced named winners says who replaced whom.
 */
export function winnersAnnouncement(
  view: GiveawayView,
  drawn: (string | DrawnWinner)[],
  kind: "end" | "reroll",
  detailUrl?: string,
  /** How many entered, when no winner was drawn: entries none could win (anti-pool) aren't "no one". */
  entrants = 0,
  options: { pingHost?: boolean } = {},
): OutgoingMessage {
  const winners = drawn.map((winner) => (typeof winner === "string" ? { userId: winner } : winner));
  const newWinnerIds = winners.map((winner) => winner.userId);
  const host = options.pingHost ? `\nHosted by <@${view.hostId}>.` : "";
  const hostPing = options.pingHost ? [view.hostId] : [];
  if (newWinnerIds.length === 0) {
    return {
      content:
        (entrants === 0
          ? `The giveaway for **${view.prize}** has ended, but no one entered, so there is no winner.`
          : `The giveaway for **${view.prize}** has ended with no valid entries, so there is no winner.`) +
        host,
      allowedMentions: { users: hostPing },
    };
  }
  const replacements = winners.filter((winner) => winner.replaces);
  if (kind === "reroll" && replacements.length > 0) {
    // Who replaced whom, as many lines as fit; the rest are on the website's page.
    const head = `🔁 Reroll of **${view.prize}**:`;
    const lines: string[] = [];
    const shown: string[] = [];
    let length = head.length;
    for (const winner of winners) {
      const line = winner.replaces
        ? `<@${winner.userId}> replaces <@${winner.replaces}> as a winner.`
        : `<@${winner.userId}> is a new winner.`;
      if (length + line.length + 1 > limits.content - 80) {
        lines.push(
          detailUrl
            ? `[and ${winners.length - shown.length} more](${detailUrl})`
            : `and ${winners.length - shown.length} more`,
        );
        break;
      }
      lines.push(line);
      shown.push(winner.userId);
      length += line.length + 1;
    }
    return {
      content: fitText([head, ...lines, "Congratulations!"].join("\n"), limits.content),
      allowedMentions: { users: shown },
    };
  }
  // Winners beyond one message's room are on the website's page; only those named here are pinged.
  const around = (text: string) =>
    (kind === "end"
      ? `🎉 Congratulations ${text}! You won **${view.prize}**!`
      : `🎉 Reroll: ${text} ${newWinnerIds.length === 1 ? "is the new winner" : "are the new winners"} of **${view.prize}**! Congratulations!`) +
    host;
  const { text, shown } = winnerList(newWinnerIds, limits.content - around("").length, detailUrl);
  const content = around(text);
  return { content, allowedMentions: { users: [...shown, ...hostPing.filter((id) => !shown.includes(id))] } };
}

/** The DM a winner gets when the giveaway sends the prize text. */
export function winnerDirectMessage(
  view: GiveawayView,
  serverName: string,
  jumpUrl: string,
): OutgoingMessage {
  const { title } = prizeTitle(view.prize);
  const lines = [
    `You won a giveaway in **${serverName}**!`,
    "",
    `**Prize:** ${view.prize}`,
    ...(view.description ? ["", view.description] : []),
    "",
    `[Go to the giveaway](${jumpUrl}). Contact <@${view.hostId}> if you have questions about your prize.`,
  ];
  return {
    embeds: [
      {
        title,
        description: fitText(lines.join("\n"), limits.description),
        color: activeColor,
      },
    ],
    allowedMentions: {},
  };
}
