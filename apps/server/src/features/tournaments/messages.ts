import { tournamentRoundName } from "@hearth/core";
import { type Config, siteUrl } from "../../config.ts";
import type { Button, Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { type BracketMatch, roundCount } from "./bracket.ts";
import type { Player, Tournament } from "./store.ts";

export const color = 0xf59e0b;
export const joinPrefix = "tournament:join:";
export const leavePrefix = "tournament:leave:";
export const cancelPrefix = "tournament:cancel:";
/** The confirmation a staff member gets after pressing Cancel. */
export const cancelConfirmPrefix = "tournament:cancel-confirm:";
/** `tournament:round:{id}:{round}` shows one round of the bracket (0 = the tree, when it fits). */
export const roundPrefix = "tournament:round:";

const descriptionMax = 4000;

export function tournamentUrl(
  config: Pick<Config, "publicUrl" | "port">,
  t: Pick<Tournament, "serverId" | "id">,
) {
  return siteUrl(config, `/tournaments/${t.serverId}/${t.id}`);
}

/** A name safe inside a code block and short enough for a bracket line. */
export function shortName(name: string, max = 24): string {
  const clean = name.replace(/[`\n\r]/g, "").trim() || "?";
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** A name safe in Markdown (bold, italics, strike-through and spoilers escaped). */
export const markdownName = (name: string) => shortName(name, 40).replace(/([\\*_~|[\]])/g, "\\$1");

function mentionList(players: readonly Player[], max = 1000): string {
  const parts: string[] = [];
  let length = 0;
  for (const [index, player] of players.entries()) {
    const part = `<@${player.userId}>`;
    if (length + part.length + 2 > max - 20) {
      parts.push(`…and ${players.length - index} more`);
      break;
    }
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join(", ");
}

const statusLine: Record<Tournament["status"], (t: Tournament, count: number) => string> = {
  signup: (t, count) =>
    `Sign-ups are open: press **Join** to play (**Leave** to withdraw). **${count}/${t.size}** players so far; at least 2 are needed.`,
  running: (_t, count) =>
    `Sign-ups are closed: **${count}** players, seeded at random. Use \`/tournament bracket\` or the button for the matches.`,
  finished: (t) => `🏆 **Champion: <@${t.championId}>**`,
  cancelled: () => "This tournament was cancelled.",
};

/** The sign-up message, redrawn at every change: players, status and the buttons that still apply. */
export function signupMessage(
  config: Pick<Config, "publicUrl" | "port">,
  t: Tournament,
  players: readonly Player[],
): OutgoingMessage {
  const embed: Embed = {
    title: `🏆 ${t.name}`.slice(0, 256),
    url: tournamentUrl(config, t),
    color,
    description: `Single elimination for up to **${t.size}** players, hosted by <@${t.hostId}>.\n\n${statusLine[t.status](t, players.length)}`,
    fields:
      players.length > 0 && t.status !== "cancelled"
        ? [{ name: `Players (${players.length})`, value: mentionList(players) }]
        : [],
    footer: { text: `Tournament #${t.id} · the full bracket is on the website (title link)` },
  };
  const cancel: Button = {
    type: "button",
    style: "danger",
    label: "Cancel (staff)",
    customId: `${cancelPrefix}${t.id}`,
  };
  const bracket: Button = {
    type: "button",
    style: "primary",
    label: "Bracket",
    customId: `${roundPrefix}${t.id}:0`,
  };
  const join: Button = { type: "button", style: "success", label: "Join", customId: `${joinPrefix}${t.id}` };
  const leave: Button = {
    type: "button",
    style: "secondary",
    label: "Leave",
    customId: `${leavePrefix}${t.id}`,
  };
  const buttons: Record<Tournament["status"], Button[]> = {
    signup: [join, leave, cancel],
    running: [bracket, cancel],
    finished: [bracket],
    cancelled: [],
  };
  const row = buttons[t.status];
  return { embeds: [embed], components: row.length > 0 ? [row] : [], allowedMentions: {} };
}

type Names = ReadonlyMap<string, string>;
const nameOf = (names: Names, id: string | null) => (id ? shortName(names.get(id) ?? "?") : "?");

function matchLine(match: BracketMatch, names: Names, feeders: Map<number, number[]>): string {
  if (match.bye) return `#${match.number} ${nameOf(names, match.winner)} — bye`;
  const [from1, from2] = feeders.get(match.number) ?? [];
  const side = (id: string | null, from: number | undefined) =>
    id ? nameOf(names, id) : from ? `winner of #${from}` : "?";
  const result = match.winner ? `  ✓ ${nameOf(names, match.winner)}` : "";
  return `#${match.number} ${side(match.player1, from1)} vs ${side(match.player2, from2)}${result}`;
}

function feedersOf(matches: readonly BracketMatch[]): Map<number, number[]> {
  const feeders = new Map<number, number[]>();
  for (const match of matches) {
    const next = matches.find(
      (m) => m.round === match.round + 1 && m.position === Math.floor(match.position / 2),
    );
    if (!next) continue;
    const list = feeders.get(next.number) ?? [];
    list[match.position % 2] = match.number;
    feeders.set(next.number, list);
  }
  return feeders;
}

/** The bracket as a tree from the final down, in a code block; null when it would be too long. */
export function bracketTree(matches: readonly BracketMatch[], names: Names): string | null {
  const rounds = Math.max(...matches.map((m) => m.round));
  const feeders = feedersOf(matches);
  const byNumber = new Map(matches.map((m) => [m.number, m]));
  const lines: string[] = [];
  const walk = (match: BracketMatch, prefix: string, branch: string) => {
    const label = tournamentRoundName(match.round, rounds);
    lines.push(`${prefix}${branch}${label} ${matchLine(match, names, feeders)}`);
    const children = (feeders.get(match.number) ?? [])
      .map((n) => byNumber.get(n))
      .filter(Boolean) as BracketMatch[];
    const childPrefix = prefix + (branch === "" ? "" : branch === "├─ " ? "│  " : "   ");
    for (const [index, child] of children.entries()) {
      walk(child, childPrefix, index === children.length - 1 ? "└─ " : "├─ ");
    }
  };
  const final = matches.find((m) => m.round === rounds);
  if (!final) return null;
  walk(final, "", "");
  const text = `\`\`\`\n${lines.join("\n")}\n\`\`\``;
  return text.length <= descriptionMax ? text : null;
}

/** The round to show first: the earliest with a match still to play, else the final. */
export function currentRound(matches: readonly BracketMatch[]): number {
  const open = matches.filter((m) => !m.bye && m.winner === null).map((m) => m.round);
  return open.length > 0 ? Math.min(...open) : Math.max(...matches.map((m) => m.round));
}

/**
 * `/tournament bracket`: the tree when it fits an embed (up to 16 players or so), else one round
 * per page with ◀ ▶ buttons; every page lists the matches still to play.
 */
export function bracketMessage(
  config: Pick<Config, "publicUrl" | "port">,
  t: Tournament,
  players: readonly Player[],
  matches: readonly BracketMatch[],
  requestedRound = 0,
): OutgoingMessage {
  const names = new Map(players.map((p) => [p.userId, p.name]));
  const base = { title: `🏆 ${t.name} — bracket`.slice(0, 256), url: tournamentUrl(config, t), color };
  if (matches.length === 0) {
    return {
      embeds: [
        {
          ...base,
          description: `${statusLine[t.status](t, players.length)}\n\nThe bracket is drawn when staff run \`/tournament start\`.`,
        },
      ],
      allowedMentions: {},
    };
  }
  const rounds = roundCount(2 ** Math.max(...matches.map((m) => m.round)));
  const tree = requestedRound === 0 ? bracketTree(matches, names) : null;
  const round = requestedRound === 0 ? currentRound(matches) : Math.min(Math.max(1, requestedRound), rounds);
  const feeders = feedersOf(matches);
  const description =
    tree ??
    `**${tournamentRoundName(round, rounds)}** (round ${round} of ${rounds})\n\`\`\`\n${matches
      .filter((m) => m.round === round)
      .map((m) => matchLine(m, names, feeders))
      .join("\n")}\n\`\`\``;
  const champion = t.championId ? `🏆 Champion: **${markdownName(names.get(t.championId) ?? "?")}**\n` : "";
  const embed: Embed = {
    ...base,
    description: `${champion}${description}`.slice(0, 4096),
    footer: {
      text:
        t.status === "running"
          ? "Staff record results with /tournament report match:<number> winner:@player"
          : `Tournament #${t.id}`,
    },
  };
  const components: Button[][] = [];
  if (!tree) {
    components.push([
      {
        type: "button",
        style: "secondary",
        label: "◀ Previous round",
        customId: `${roundPrefix}${t.id}:${round - 1}`,
        disabled: round <= 1,
      },
      {
        type: "button",
        style: "secondary",
        label: "Next round ▶",
        customId: `${roundPrefix}${t.id}:${round + 1}`,
        disabled: round >= rounds,
      },
    ]);
  }
  return { embeds: [embed], components, allowedMentions: {} };
}
