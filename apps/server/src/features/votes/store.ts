import { type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { monthRange, type VoterStats } from "./stats.ts";

export type VoteSettingsRow = Selectable<Database["vote_settings"]>;
export type VoteRewardRow = Selectable<Database["vote_rewards"]>;
export type LeaderboardKind = "monthly" | "all-time";

export function findSettings(db: Db, serverId: string): Promise<VoteSettingsRow | undefined> {
  return db.selectFrom("vote_settings").selectAll().where("server_id", "=", serverId).executeTakeFirst();
}

export function findSettingsByWebhook(db: Db, webhookId: string): Promise<VoteSettingsRow | undefined> {
  return db.selectFrom("vote_settings").selectAll().where("webhook_id", "=", webhookId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: VoteSettingsRow): Promise<void> {
  const { server_id: _serverId, created_at: _createdAt, ...changes } = row;
  await db
    .insertInto("vote_settings")
    .values(row)
    .onConflict((oc) => oc.column("server_id").doUpdateSet(changes))
    .execute();
}

export interface NewVote {
  serverId: string;
  userId: string;
  platform: string;
  voteKey: string;
  weight: number;
  votedAt: number;
}

/** A vote as its `votes` row (one insert or several). */
export const voteRow = (vote: NewVote) => ({
  server_id: vote.serverId,
  user_id: vote.userId,
  platform: vote.platform,
  vote_key: vote.voteKey,
  weight: vote.weight,
  voted_at: vote.votedAt,
});

/** Inserts a vote; answers its id, or null when this vote (same key) was already stored. */
export async function insertVote(db: Db, vote: NewVote): Promise<number | null> {
  const row = await db
    .insertInto("votes")
    .values(voteRow(vote))
    .onConflict((oc) => oc.columns(["server_id", "vote_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether an id-less vote of this member on this platform arrived since `since`. */
export async function hasLegacyVoteSince(
  db: Db,
  vote: Pick<NewVote, "serverId" | "userId" | "platform">,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("votes")
    .select("id")
    .where("server_id", "=", vote.serverId)
    .where("user_id", "=", vote.userId)
    .where("voted_at", ">=", since)
    .where("vote_key", "like", `legacy:${vote.platform}:%`)
    .executeTakeFirst();
  return row !== undefined;
}

export function findVote(db: Db, id: number) {
  return db.selectFrom("votes").selectAll().where("id", "=", id).executeTakeFirst();
}

const toStats = (row: Selectable<Database["vote_stats"]>): VoterStats => ({
  totalVotes: row.total_votes,
  month: row.month,
  monthlyVotes: row.monthly_votes,
  currentStreak: row.current_streak,
  longestStreak: row.longest_streak,
  lastVoteDay: row.last_vote_day,
  lastVoteAt: Number(row.last_vote_at),
});

export async function findStats(db: Db, serverId: string, userId: string): Promise<VoterStats | null> {
  const row = await db
    .selectFrom("vote_stats")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toStats(row) : null;
}

/** The stats of several members of one server, by member id (members without stats are absent). */
export async function findStatsOf(
  db: Db,
  serverId: string,
  userIds: string[],
): Promise<Map<string, VoterStats>> {
  const found = new Map<string, VoterStats>();
  if (userIds.length === 0) return found;
  const rows = await db
    .selectFrom("vote_stats")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "in", userIds)
    .execute();
  for (const row of rows) found.set(row.user_id, toStats(row));
  return found;
}

/** Writes several members' stats in one statement; each (server, member) at most once in `rows`. */
export async function saveStatsOf(
  db: Db,
  rows: { serverId: string; userId: string; stats: VoterStats }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("vote_stats")
    .values(
      rows.map(({ serverId, userId, stats }) => ({
        server_id: serverId,
        user_id: userId,
        total_votes: stats.totalVotes,
        month: stats.month,
        monthly_votes: stats.monthlyVotes,
        current_streak: stats.currentStreak,
        longest_streak: stats.longestStreak,
        last_vote_day: stats.lastVoteDay,
        last_vote_at: stats.lastVoteAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["server_id", "user_id"]).doUpdateSet((eb) => ({
        total_votes: eb.ref("excluded.total_votes"),
        month: eb.ref("excluded.month"),
        monthly_votes: eb.ref("excluded.monthly_votes"),
        current_streak: eb.ref("excluded.current_streak"),
        longest_streak: eb.ref("excluded.longest_streak"),
        last_vote_day: eb.ref("excluded.last_vote_day"),
        last_vote_at: eb.ref("excluded.last_vote_at"),
      })),
    )
    .execute();
}

export interface LeaderboardRow {
  userId: string;
  votes: number;
  lastVoteAt: number;
}

/** Highest votes first, then the earliest last vote. Monthly counts only rows of `month`. */
export async function leaderboard(
  db: Db,
  serverId: string,
  kind: LeaderboardKind,
  month: string,
  limit: number,
): Promise<LeaderboardRow[]> {
  const column = kind === "monthly" ? "monthly_votes" : "total_votes";
  let query = db
    .selectFrom("vote_stats")
    .select(["user_id", column, "last_vote_at"])
    .where("server_id", "=", serverId);
  if (kind === "monthly") query = query.where("month", "=", month).where("monthly_votes", ">", 0);
  // The member id settles exact ties (same votes in the same millisecond) so rankOf agrees with this order.
  const rows = await query
    .orderBy(column, "desc")
    .orderBy("last_vote_at", "asc")
    .orderBy("user_id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    votes: Number(kind === "monthly" ? row.monthly_votes : row.total_votes),
    lastVoteAt: Number(row.last_vote_at),
  }));
}

type AheadQuery = SelectQueryBuilder<Database, "vote_stats", object>;

/** The 1-based position of a member on a board, or null when they aren't on it. */
export async function rankOf(
  db: Db,
  serverId: string,
  kind: LeaderboardKind,
  month: string,
  userId: string,
): Promise<(LeaderboardRow & { rank: number }) | null> {
  const stats = await findStats(db, serverId, userId);
  if (!stats) return null;
  const votes = kind === "monthly" ? (stats.month === month ? stats.monthlyVotes : 0) : stats.totalVotes;
  if (votes === 0) return null;
  const column = kind === "monthly" ? "monthly_votes" : "total_votes";
  // Three disjoint counts (more votes; as many, voted earlier; an exact tie, lower id), each one range
  // scan of the leaderboard index. A single OR of the three makes the databases merge row sets
  // instead, several times slower at 1,000,000 votes.
  const count = (label: string, narrow: (q: AheadQuery) => AheadQuery) => {
    let query: AheadQuery = db.selectFrom("vote_stats").where("server_id", "=", serverId);
    if (kind === "monthly") query = query.where("month", "=", month);
    return narrow(query)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .$asScalar()
      .as(label);
  };
  const counts = await db
    .selectNoFrom([
      count("above", (q) => q.where(column, ">", votes)),
      count("earlier", (q) => q.where(column, "=", votes).where("last_vote_at", "<", stats.lastVoteAt)),
      count("tied", (q) =>
        q
          .where(column, "=", votes)
          .where("last_vote_at", "=", stats.lastVoteAt)
          .where("user_id", "<", userId),
      ),
    ])
    .executeTakeFirstOrThrow();
  const ahead = Number(counts.above) + Number(counts.earlier) + Number(counts.tied);
  return { userId, votes, lastVoteAt: stats.lastVoteAt, rank: Number(ahead) + 1 };
}

export function findReward(db: Db, serverId: string, userId: string): Promise<VoteRewardRow | undefined> {
  return db
    .selectFrom("vote_rewards")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The members of a server holding a reward role that expires. */
export async function expiringRewardHolders(db: Db, serverId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("vote_rewards")
    .select("user_id")
    .where("server_id", "=", serverId)
    .where("expires_at", "is not", null)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function saveReward(db: Db, row: VoteRewardRow): Promise<void> {
  await db
    .insertInto("vote_rewards")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["server_id", "user_id"]).doUpdateSet({ role_id: row.role_id, expires_at: row.expires_at }),
    )
    .execute();
}

export async function deleteReward(db: Db, serverId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("vote_rewards")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .execute();
}

/** Forgets everything about one member's votes in a server; answers how many votes were deleted. */
export async function deleteVoter(db: Db, serverId: string, userId: string): Promise<number> {
  const deleted = await db
    .deleteFrom("votes")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  for (const table of ["vote_stats", "vote_rewards", "vote_monthly_archive"] as const) {
    await db.deleteFrom(table).where("server_id", "=", serverId).where("user_id", "=", userId).execute();
  }
  return Number(deleted.numDeletedRows);
}

/** The lock a member's vote writes hold (db/locks.ts), so writes of one voter's stats never interleave. */
export const voterLock = (serverId: string, userId: string) => ({ serverId, scope: `votes:${userId}` });

/** The members a month's reset closes, by server: stats still on that month, or votes in it. */
export async function monthVoters(db: Db, month: string): Promise<Map<string, string[]>> {
  const [start, end] = monthRange(month);
  const rows = await db
    .selectFrom("vote_stats")
    .select(["server_id", "user_id"])
    .where("month", "=", month)
    .union(
      db
        .selectFrom("votes")
        .select(["server_id", "user_id"])
        .where("voted_at", ">=", start)
        .where("voted_at", "<", end),
    )
    .execute();
  const voters = new Map<string, string[]>();
  for (const row of rows) {
    const ofServer = voters.get(row.server_id) ?? [];
    ofServer.push(row.user_id);
    voters.set(row.server_id, ofServer);
  }
  return voters;
}

/**
 * Archives a finished month for some members of a server from their vote rows (so a late job still
 * writes the true totals), then zeroes their stats still on that month. The caller holds their
 * voters' locks, so no vote of theirs lands between the two. Running it twice is harmless.
 */
export async function archiveMonthOf(
  db: Db,
  serverId: string,
  userIds: string[],
  month: string,
  nextMonth: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const [start, end] = monthRange(month);
  const archived = await db
    .insertInto("vote_monthly_archive")
    .columns(["server_id", "month", "user_id", "votes", "last_vote_at"])
    .expression((eb) =>
      eb
        .selectFrom("votes")
        .select((s) => [
          "server_id",
          sql<string>`cast(${month} as text)`.as("month"),
          "user_id",
          s.fn.sum<number>("weight").as("votes"),
          s.fn.max("voted_at").as("last_vote_at"),
        ])
        .where("server_id", "=", serverId)
        .where("user_id", "in", userIds)
        .where("voted_at", ">=", start)
        .where("voted_at", "<", end)
        .groupBy(["server_id", "user_id"]),
    )
    .onConflict((oc) => oc.columns(["server_id", "month", "user_id"]).doNothing())
    .executeTakeFirst();
  await db
    .updateTable("vote_stats")
    .set({ month: nextMonth, monthly_votes: 0 })
    .where("server_id", "=", serverId)
    .where("user_id", "in", userIds)
    .where("month", "=", month)
    .execute();
  return Number(archived.numInsertedOrUpdatedRows ?? 0);
}

export function listArchive(db: Db, serverId: string, month: string) {
  return db
    .selectFrom("vote_monthly_archive")
    .select(["user_id", "votes", "last_vote_at"])
    .where("server_id", "=", serverId)
    .where("month", "=", month)
    .orderBy("votes", "desc")
    .orderBy("last_vote_at", "asc")
    .execute();
}
