/**
 * Single-elimination brackets, pure: sizes, seeding with byes, and moving winners on. Matches are
 * numbered 1… round by round (round 1 first), so match `n` of round `r` at position `p` feeds the
 * match at position `p / 2` of round `r + 1`, on side `p % 2`.
 */

export interface BracketMatch {
  number: number;
  round: number;
  position: number;
  player1: string | null;
  player2: string | null;
  winner: string | null;
  bye: boolean;
}

/** A source of whole numbers in [0, max): node:crypto's randomInt for real seeding. */
export type RandomInt = (maxExclusive: number) => number;

/** The bracket size for `players`: the next power of two, at least 2. */
export function bracketSize(players: number): number {
  let size = 2;
  while (size < players) size *= 2;
  return size;
}

export const roundCount = (size: number) => Math.log2(size);

/**
 * Seed order of the first round's slots, so seeds 1 and 2 can only meet in the final: for 8 it is
 * 1, 8, 4, 5, 2, 7, 3, 6 (each pair adds up to size + 1).
 */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

/** Fisher–Yates with the given random source: every order equally likely. */
export function shuffle<T>(items: readonly T[], random: RandomInt): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * The full bracket for players already in seed order (index 0 = seed 1). Missing seeds are byes:
 * they sit opposite the top seeds, so no match is bye against bye, and a bye's player is already
 * placed in round 2.
 */
export function buildBracket(seeded: readonly string[]): BracketMatch[] {
  if (seeded.length < 2) throw new Error("a bracket needs at least two players");
  const size = bracketSize(seeded.length);
  const slots = seedOrder(size).map((seed) => seeded[seed - 1] ?? null);
  const matches: BracketMatch[] = [];
  let number = 1;
  for (let round = 1, count = size / 2; count >= 1; round++, count /= 2) {
    for (let position = 0; position < count; position++) {
      const first = round === 1 ? (slots[position * 2] ?? null) : null;
      const second = round === 1 ? (slots[position * 2 + 1] ?? null) : null;
      matches.push({
        number: number++,
        round,
        position,
        player1: first,
        player2: second,
        winner: null,
        bye: false,
      });
    }
  }
  for (const match of matches.filter((m) => m.round === 1)) {
    if (match.player1 === null || match.player2 === null) {
      match.bye = true;
      match.winner = match.player1 ?? match.player2;
      if (match.winner) place(matches, match, match.winner);
    }
  }
  return matches;
}

/** The match a match's winner moves on to, or null for the final. */
export function nextMatch(matches: readonly BracketMatch[], match: BracketMatch): BracketMatch | null {
  return (
    matches.find((m) => m.round === match.round + 1 && m.position === Math.floor(match.position / 2)) ?? null
  );
}

function place(matches: BracketMatch[], from: BracketMatch, player: string | null): void {
  const next = nextMatch(matches, from);
  if (!next) return;
  if (from.position % 2 === 0) next.player1 = player;
  else next.player2 = player;
}

export type ReportProblem =
  | "no-such-match"
  | "bye"
  | "waiting-for-players"
  | "not-in-match"
  | "already-reported"
  | "next-match-played";

/**
 * Records `winner` for match `number`, moving them on. Reporting a different winner for a match
 * already decided corrects it, as long as the next match has no result yet. Answers the changed
 * matches, or the problem.
 */
export function reportResult(
  matches: BracketMatch[],
  number: number,
  winner: string,
): { changed: BracketMatch[]; champion: string | null } | { problem: ReportProblem } {
  const match = matches.find((m) => m.number === number);
  if (!match) return { problem: "no-such-match" };
  if (match.bye) return { problem: "bye" };
  if (match.player1 === null || match.player2 === null) return { problem: "waiting-for-players" };
  if (winner !== match.player1 && winner !== match.player2) return { problem: "not-in-match" };
  if (match.winner === winner) return { problem: "already-reported" };
  const next = nextMatch(matches, match);
  if (match.winner !== null && next?.winner) return { problem: "next-match-played" };
  match.winner = winner;
  place(matches, match, winner);
  return { changed: next ? [match, next] : [match], champion: next ? null : winner };
}

/** Players not beaten yet (everyone before the start). */
export function alivePlayers(matches: readonly BracketMatch[], players: readonly string[]): Set<string> {
  const beaten = new Set<string>();
  for (const match of matches) {
    if (!match.winner || match.bye) continue;
    const loser = match.winner === match.player1 ? match.player2 : match.player1;
    if (loser) beaten.add(loser);
  }
  return new Set(players.filter((player) => !beaten.has(player)));
}

/** Matches ready to play: both players known, no result yet. */
export const playableMatches = (matches: readonly BracketMatch[]) =>
  matches.filter((m) => !m.bye && m.player1 !== null && m.player2 !== null && m.winner === null);
