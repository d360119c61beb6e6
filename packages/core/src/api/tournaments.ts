import { z } from "zod";
import { tournamentLimits } from "../limits/events.ts";
import { snowflake } from "./common.ts";

export { tournamentLimits };

const ms = z.number().int().nonnegative();

/** `signup` (sign-ups open), `running` (matches being played), `finished` or `cancelled`. */
export const tournamentStatus = z.enum(["signup", "running", "finished", "cancelled"]);
export type TournamentStatus = z.infer<typeof tournamentStatus>;

/** Path of `GET /api/tournaments/{serverId}/{tournamentId}`. */
export const tournamentParams = z.object({
  serverId: snowflake,
  tournamentId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const tournamentPlayer = z.object({
  userId: snowflake,
  /** Their display name when they signed up. */
  name: z.string(),
  /** 1 = first seed; null until the random seeding at start. */
  seed: z.number().int().positive().nullable(),
  /** Still in the tournament (not beaten yet). */
  alive: z.boolean(),
});
export type TournamentPlayer = z.infer<typeof tournamentPlayer>;

const matchPlayer = z.object({ userId: snowflake, name: z.string() }).nullable();

export const tournamentMatch = z.object({
  /** Numbered 1… round by round; `/tournament report match:` takes it. */
  number: z.number().int().positive(),
  round: z.number().int().positive(),
  /** Null while the earlier match that feeds this side is undecided, and for the missing side of a bye. */
  player1: matchPlayer,
  player2: matchPlayer,
  winnerId: snowflake.nullable(),
  /** A first-round match against no one: its player moves on without playing. */
  bye: z.boolean(),
  reportedAt: ms.nullable(),
});
export type TournamentMatch = z.infer<typeof tournamentMatch>;

export const tournamentRound = z.object({
  number: z.number().int().positive(),
  /** `Round of 16`, `Quarter-finals`, `Semi-finals`, `Final`. */
  name: z.string(),
  matches: z.array(tournamentMatch),
});
export type TournamentRound = z.infer<typeof tournamentRound>;

/** `GET /api/tournaments/{serverId}/{tournamentId}`: a tournament's public page, bracket included. */
export const tournamentDetail = z.object({
  id: z.number().int().positive(),
  serverId: snowflake,
  serverName: z.string(),
  name: z.string(),
  /** The most players it takes. */
  size: z.number().int().positive(),
  status: tournamentStatus,
  hostId: snowflake,
  createdAt: ms,
  startedAt: ms.nullable(),
  finishedAt: ms.nullable(),
  champion: z.object({ userId: snowflake, name: z.string() }).nullable(),
  /** In sign-up order until start, then by seed. */
  players: z.array(tournamentPlayer),
  /** Empty until the tournament starts. */
  rounds: z.array(tournamentRound),
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;

/**
 * The name of round `round` of `totalRounds`: the last three are the Final, Semi-finals and
 * Quarter-finals, earlier ones `Round of N` (N players).
 */
export function tournamentRoundName(round: number, totalRounds: number): string {
  const fromEnd = totalRounds - round;
  if (fromEnd === 0) return "Final";
  if (fromEnd === 1) return "Semi-finals";
  if (fromEnd === 2) return "Quarter-finals";
  return `Round of ${2 ** (fromEnd + 1)}`;
}
