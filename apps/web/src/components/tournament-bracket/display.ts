import type { TournamentDetail, TournamentMatch } from "@hearth/core";
import type { BadgeTone } from "../ui/badge";

export const statusLabel: Record<TournamentDetail["status"], { text: string; tone: BadgeTone }> = {
  signup: { text: "Sign-ups open", tone: "sky" },
  running: { text: "In progress", tone: "green" },
  finished: { text: "Finished", tone: "amber" },
  cancelled: { text: "Cancelled", tone: "stone" },
};

/** What a match's card says about it, for sighted users and screen readers alike. */
export function matchSummary(match: TournamentMatch, round: string): string {
  const one = match.player1?.name;
  const two = match.player2?.name;
  if (match.bye) return `Match ${match.number}, ${round}: ${one ?? two ?? "a player"} has a bye`;
  const sides = `${one ?? "to be decided"} versus ${two ?? "to be decided"}`;
  const winner = [match.player1, match.player2].find((p) => p && p.userId === match.winnerId);
  return `Match ${match.number}, ${round}: ${sides}${winner ? `, won by ${winner.name}` : ", not played yet"}`;
}

/** The match whose winner fills a side of `match`, for "Winner of match 3" placeholders. */
export function feederNumber(detail: TournamentDetail, match: TournamentMatch, side: 0 | 1): number | null {
  const previous = detail.rounds.find((r) => r.number === match.round - 1);
  if (!previous) return null;
  const index = detail.rounds.find((r) => r.number === match.round)?.matches.indexOf(match) ?? -1;
  return previous.matches[index * 2 + side]?.number ?? null;
}
