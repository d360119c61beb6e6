/** The SQL of votes written in batches: several rows in one statement, or the whole batch in one. */
import { type RawBuilder, sql } from "kysely";
import { executePrepared } from "../../db/prepared.ts";
import type { Db } from "../../db/schema.ts";
import { type NewVote, voteRow } from "./store.ts";

/**
 * Inserts several votes in one statement (each key at most once in `votes`); answers the new rows'
 * ids by `server id + "\n" + vote key`. A vote whose key was already stored is not among them.
 */
export async function insertVotes(db: Db, votes: NewVote[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (votes.length === 0) return ids;
  const rows = await db
    .insertInto("votes")
    .values(votes.map(voteRow))
    .onConflict((oc) => oc.columns(["server_id", "vote_key"]).doNothing())
    .returning(["id", "server_id", "vote_key"])
    .execute();
  for (const row of rows) ids.set(`${row.server_id}\n${row.vote_key}`, row.id);
  return ids;
}

/** A vote of `storeCountedVotes`, with the UTC month and day (stats.ts's monthOf, utcDay) of its time. */
export interface CountedVote extends NewVote {
  month: string;
  day: number;
}

/**
 * PostgreSQL, in one statement (one round trip, committed on its own): takes the voters' locks
 * (`locks`, taken before any row is written), inserts the votes (a key already stored is skipped),
 * adds each new vote to its voter's stats exactly as stats.ts's applyVote does, and inserts a delivery
 * job of `jobKind` for each (payload `{"voteRowId":<id>}`, dedupe key `<jobKind>:<id>`, due at the
 * vote's time) through `insertJobsFrom`. One statement can't update a row twice: each voter at most
 * once in `votes`, each key at most once. Answers the new rows' ids by `server id + "\n" + vote key`.
 */
export async function storeCountedVotes(
  db: Db,
  votes: CountedVote[],
  options: {
    locks: RawBuilder<unknown>;
    jobKind: string;
    insertJobsFrom: (source: string) => RawBuilder<unknown>;
    /**
     * Id-less votes (keys `legacy:<platform>:…`) among `votes`: one is a retry when the member has an
     * id-less vote on that platform within this many ms before it (or after). The check reads what the
     * statement sees when it starts, so the caller must hold the voters' locks already.
     */
    legacyRetryWindowMs?: number;
  },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (votes.length === 0) return ids;
  // Its text is the same for every batch (the votes travel as arrays): parsed and planned once per
  // connection. Batches with id-less votes have a text of their own, so signed ones skip their check.
  const name = options.legacyRetryWindowMs === undefined ? "store_votes" : "store_legacy_votes";
  const { rows } = await executePrepared(db, name, countedVotesQuery(votes, options));
  for (const row of rows) ids.set(`${row.server_id}\n${row.vote_key}`, row.id);
  return ids;
}

function countedVotesQuery(
  votes: CountedVote[],
  options: Parameters<typeof storeCountedVotes>[2],
): RawBuilder<{ id: number; server_id: string; vote_key: string }> {
  const column = <K extends keyof CountedVote>(key: K) => votes.map((vote) => vote[key]);
  // A late vote (older than the voter's last: a retry that arrived late) adds to the totals only.
  const late = sql`excluded.last_vote_at < s.last_vote_at`;
  const window = options.legacyRetryWindowMs;
  // As hasLegacyVoteSince, for each id-less vote.
  const notRetried =
    window === undefined
      ? sql``
      : sql`and not exists (
          select 1 from votes w
          where input.vote_key like 'legacy:%' and w.server_id = input.server_id
            and w.user_id = input.user_id and w.voted_at >= input.voted_at - ${window}::bigint
            and w.vote_key like 'legacy:' || input.platform || ':%')`;
  return sql<{ id: number; server_id: string; vote_key: string }>`
    with input as (
      select * from unnest(
        ${column("serverId")}::text[], ${column("userId")}::text[], ${column("platform")}::text[],
        ${column("voteKey")}::text[], ${column("weight")}::integer[], ${column("votedAt")}::bigint[],
        ${column("month")}::text[], ${column("day")}::integer[]
      ) as v(server_id, user_id, platform, vote_key, weight, voted_at, month, day)
    ),
    locked as (${options.locks}),
    inserted as (
      insert into votes (server_id, user_id, platform, vote_key, weight, voted_at)
      select server_id, user_id, platform, vote_key, weight, voted_at from input
      where (select count(*) from locked) > 0 ${notRetried}
      on conflict (server_id, vote_key) do nothing
      returning id, server_id, vote_key
    ),
    counted as (select inserted.id, input.* from inserted join input using (server_id, vote_key)),
    stats as (
      insert into vote_stats as s (server_id, user_id, total_votes, month, monthly_votes, current_streak,
        longest_streak, last_vote_day, last_vote_at)
      select server_id, user_id, weight, month, weight, 1, 1, day, voted_at from counted
      on conflict (server_id, user_id) do update set
        total_votes = s.total_votes + excluded.total_votes,
        month = case when ${late} then s.month else excluded.month end,
        monthly_votes = case
          when excluded.month = s.month then s.monthly_votes + excluded.monthly_votes
          when ${late} then s.monthly_votes
          else excluded.monthly_votes end,
        current_streak = case
          when ${late} or excluded.last_vote_day = s.last_vote_day then s.current_streak
          when excluded.last_vote_day = s.last_vote_day + 1 then s.current_streak + 1
          else 1 end,
        longest_streak = case
          when ${late} then s.longest_streak
          when excluded.last_vote_day = s.last_vote_day then greatest(s.longest_streak, s.current_streak)
          when excluded.last_vote_day = s.last_vote_day + 1 then greatest(s.longest_streak, s.current_streak + 1)
          else greatest(s.longest_streak, 1) end,
        last_vote_day = case when ${late} then s.last_vote_day else excluded.last_vote_day end,
        last_vote_at = greatest(s.last_vote_at, excluded.last_vote_at)
    ),
    deliveries as (
      select ${options.jobKind}::text as kind, '{"voteRowId":' || id || '}' as payload,
        ${options.jobKind}::text || ':' || id as dedupe_key, voted_at as run_at
      from counted
    ),
    jobs as (${options.insertJobsFrom("deliveries")})
    select id, server_id, vote_key from inserted`;
}
