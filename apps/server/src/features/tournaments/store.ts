import type { Insertable, Selectable } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Database, Db } from "../../db/schema.ts";
import type { BracketMatch } from "./bracket.ts";
import type { TournamentStatus } from "./tables.ts";

type Row = Selectable<Database["tournaments"]>;

export interface Tournament {
  id: number;
  serverId: string;
  serverName: string;
  channelId: string;
  messageId: string | null;
  name: string;
  size: number;
  status: TournamentStatus;
  hostId: string;
  championId: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface Player {
  userId: string;
  name: string;
  joinedAt: number;
  seed: number | null;
}

export interface StoredMatch extends BracketMatch {
  reportedBy: string | null;
  reportedAt: number | null;
}

const toTournament = (row: Row): Tournament => ({
  id: row.id,
  serverId: row.server_id,
  serverName: row.server_name,
  channelId: row.channel_id,
  messageId: row.message_id,
  name: row.name,
  size: row.size,
  status: row.status,
  hostId: row.host_id,
  championId: row.champion_id,
  createdAt: Number(row.created_at),
  startedAt: row.started_at === null ? null : Number(row.started_at),
  finishedAt: row.finished_at === null ? null : Number(row.finished_at),
});

export async function insertTournament(
  db: Db,
  row: Omit<Insertable<Database["tournaments"]>, "id">,
): Promise<Tournament> {
  return toTournament(
    await db.insertInto("tournaments").values(row).returningAll().executeTakeFirstOrThrow(),
  );
}

export async function findTournament(db: Db, serverId: string, id: number): Promise<Tournament | null> {
  const row = await db
    .selectFrom("tournaments")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTournament(row) : null;
}

/**
 * The server's open or running tournament. On PostgreSQL inside a transaction, `lock` holds the row
 * until the caller commits, so sign-ups, the start and results of one tournament never interleave.
 */
export async function findActive(
  db: Db,
  serverId: string,
  options: { dialect?: Dialect; lock?: boolean } = {},
): Promise<Tournament | null> {
  let query = db
    .selectFrom("tournaments")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "in", ["signup", "running"]);
  if (options.lock && options.dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toTournament(row) : null;
}

/** The server's most recent tournament, whatever its state. */
export async function findLatest(db: Db, serverId: string): Promise<Tournament | null> {
  const row = await db
    .selectFrom("tournaments")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toTournament(row) : null;
}

export async function setMessageId(db: Db, id: number, messageId: string): Promise<void> {
  await db.updateTable("tournaments").set({ message_id: messageId }).where("id", "=", id).execute();
}

/** Moves a tournament from one status to another; false when it wasn't in `from` (a race lost). */
export async function changeStatus(
  db: Db,
  id: number,
  from: TournamentStatus[],
  to: TournamentStatus,
  changes: { started_at?: number; finished_at?: number; champion_id?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("tournaments")
    .set({ status: to, ...changes })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Signs a player up; false when they already are. */
export async function addPlayer(
  db: Db,
  tournamentId: number,
  player: Omit<Player, "seed">,
): Promise<boolean> {
  const result = await db
    .insertInto("tournament_players")
    .values({
      tournament_id: tournamentId,
      user_id: player.userId,
      name: player.name,
      joined_at: player.joinedAt,
      seed: null,
    })
    .onConflict((oc) => oc.columns(["tournament_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function removePlayer(db: Db, tournamentId: number, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("tournament_players")
    .where("tournament_id", "=", tournamentId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Players by seed once seeded, else in sign-up order. */
export async function listPlayers(db: Db, tournamentId: number): Promise<Player[]> {
  const rows = await db
    .selectFrom("tournament_players")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .orderBy("seed")
    .orderBy("joined_at")
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    joinedAt: Number(row.joined_at),
    seed: row.seed,
  }));
}

export async function countPlayers(db: Db, tournamentId: number): Promise<number> {
  const row = await db
    .selectFrom("tournament_players")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tournament_id", "=", tournamentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setSeed(db: Db, tournamentId: number, userId: string, seed: number): Promise<void> {
  await db
    .updateTable("tournament_players")
    .set({ seed })
    .where("tournament_id", "=", tournamentId)
    .where("user_id", "=", userId)
    .execute();
}

export async function insertMatches(
  db: Db,
  tournamentId: number,
  matches: readonly BracketMatch[],
): Promise<void> {
  if (matches.length === 0) return;
  await db
    .insertInto("tournament_matches")
    .values(
      matches.map((match) => ({
        tournament_id: tournamentId,
        number: match.number,
        round: match.round,
        position: match.position,
        player1_id: match.player1,
        player2_id: match.player2,
        winner_id: match.winner,
        bye: match.bye ? 1 : 0,
        reported_by: null,
        reported_at: null,
      })),
    )
    .execute();
}

export async function listMatches(db: Db, tournamentId: number): Promise<StoredMatch[]> {
  const rows = await db
    .selectFrom("tournament_matches")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .orderBy("number")
    .execute();
  return rows.map((row) => ({
    number: row.number,
    round: row.round,
    position: row.position,
    player1: row.player1_id,
    player2: row.player2_id,
    winner: row.winner_id,
    bye: row.bye === 1,
    reportedBy: row.reported_by,
    reportedAt: row.reported_at === null ? null : Number(row.reported_at),
  }));
}

export async function updateMatch(
  db: Db,
  tournamentId: number,
  match: BracketMatch,
  report: { by: string; at: number } | null,
): Promise<void> {
  await db
    .updateTable("tournament_matches")
    .set({
      player1_id: match.player1,
      player2_id: match.player2,
      winner_id: match.winner,
      ...(report ? { reported_by: report.by, reported_at: report.at } : {}),
    })
    .where("tournament_id", "=", tournamentId)
    .where("number", "=", match.number)
    .execute();
}
