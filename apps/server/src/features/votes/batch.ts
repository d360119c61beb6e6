/**
 * Votes arriving together written as one batch (group commit): on PostgreSQL in as few statements as
 * the voters allow (batch-store.ts), elsewhere in one transaction of a few statements; either way
 * exactly as storing them one after another would.
 */
import type { Transaction } from "kysely";
import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { GroupCommit } from "../../db/group-commit.ts";
import { lockForServer, serverLocks } from "../../db/locks.ts";
import type { Database, Db } from "../../db/schema.ts";
import type { NewJob } from "../../jobs/queue.ts";
import { type CountedVote, insertVotes, storeCountedVotes } from "./batch-store.ts";
import { applyVote, monthOf, utcDay, type VoterStats } from "./stats.ts";
import {
  findStatsOf,
  hasLegacyVoteSince,
  insertVote,
  type NewVote,
  saveStatsOf,
  voterLock,
} from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "config" | "logger">;

export const deliverJob = "votes.deliver";
const hourMs = 3_600_000;
/** Votes without an id: the site allows one per 12 h, so one within 11 h of the last is a retry. */
const legacyRetryWindowMs = 11 * hourMs;
const legacyBucketMs = 12 * hourMs;

export interface IncomingVote {
  userId: string;
  platform: string;
  /** The listing site's vote id; null for the legacy form, deduplicated by time window instead. */
  voteId: string | null;
  weight: number;
  at: number;
}

interface VoteWrite {
  deps: Deps;
  serverId: string;
  vote: IncomingVote;
}

export const votesCommit = new GroupCommit<VoteWrite, number | null>(
  (storage, writes) =>
    storage.dialect === "postgres" && writes.every(({ deps }) => deps.jobs === writes[0]?.deps.jobs)
      ? storeVotesAtOnce(storage, writes)
      : storage.db.transaction().execute(async (trx) => {
          // The lock each vote took alone (transactionForServer's), all of them, in one order.
          await lockForServer(
            storage,
            trx,
            writes.map(({ serverId, vote }) => voterLock(serverId, vote.userId)),
          );
          return storeVotes(trx, writes);
        }),
  { maxBatch: 200, writers: (storage) => (storage.dialect === "postgres" ? 4 : 1) },
);

/**
 * PostgreSQL, votes of one job queue: the batch in as few statements as its voters allow, usually
 * one (storeCountedVotes: locks, votes, stats and delivery jobs at once, committed on its own), so a
 * batch costs one round trip instead of seven. A member voting twice in one batch is counted again in
 * a second statement, after the first, and the statements share a transaction. Id-less votes (the
 * legacy form, and the generic one without an id) are retries within 11 h of the member's last: that
 * check must see what an earlier holder of the voter's lock committed, and a statement sees only what
 * was committed when it started, so such a batch takes its locks in a statement of its own first
 * (four round trips). Answers as storeVotes does.
 */
async function storeVotesAtOnce(storage: Storage, writes: VoteWrite[]): Promise<(number | null)[]> {
  const ids: (number | null)[] = writes.map(() => null);
  const rounds: { index: number; vote: CountedVote }[][] = [];
  const taken = new Set<string>();
  const votesOfVoter = new Map<string, number>();
  for (const [index, { serverId, vote }] of writes.entries()) {
    const voteKey = voteKeyOf(vote);
    // A key already taken in this batch: a later vote with it is a retry. Not so for id-less votes:
    // one refused by the 11 h window leaves its key free for a later one (the same member's, so in a
    // later round, which the window or the key's conflict settles as storing one by one would).
    if (vote.voteId) {
      if (taken.has(`${serverId}\n${voteKey}`)) continue;
      taken.add(`${serverId}\n${voteKey}`);
    }
    const voter = `${serverId}\n${vote.userId}`;
    const round = votesOfVoter.get(voter) ?? 0;
    votesOfVoter.set(voter, round + 1);
    rounds[round] ??= [];
    rounds[round].push({
      index,
      vote: {
        serverId,
        userId: vote.userId,
        platform: vote.platform,
        voteKey,
        weight: vote.weight,
        votedAt: vote.at,
        month: monthOf(vote.at),
        day: utcDay(vote.at),
      },
    });
  }
  const queue = (writes[0] as VoteWrite).deps.jobs;
  const idless = writes.some(({ vote }) => !vote.voteId);
  const store = async (db: Db) => {
    for (const round of rounds) {
      const inserted = await storeCountedVotes(
        db,
        round.map(({ vote }) => vote),
        {
          // Every voter of the batch is in the first round: later rounds take no new lock.
          locks: serverLocks(round.map(({ vote }) => voterLock(vote.serverId, vote.userId))),
          jobKind: deliverJob,
          insertJobsFrom: (source) => queue.insertJobsFrom(source),
          ...(idless ? { legacyRetryWindowMs } : {}),
        },
      );
      for (const { index, vote } of round)
        ids[index] = inserted.get(`${vote.serverId}\n${vote.voteKey}`) ?? null;
    }
  };
  if (idless) {
    await storage.db.transaction().execute(async (trx) => {
      await lockForServer(
        storage,
        trx,
        writes.map(({ serverId, vote }) => voterLock(serverId, vote.userId)),
      );
      await store(trx);
    });
  } else if (rounds.length > 1) await storage.db.transaction().execute(store);
  else await store(storage.db);
  const due = writes.filter((_, index) => ids[index] !== null).map(({ vote }) => vote.at);
  if (due.length > 0) queue.scheduled(Math.min(...due));
  return ids;
}

const voteKeyOf = (vote: IncomingVote) =>
  vote.voteId
    ? `${vote.platform}:${vote.voteId}`
    : `legacy:${vote.platform}:${vote.userId}:${Math.floor(vote.at / legacyBucketMs)}`;

/**
 * SQLite (and PostgreSQL batches of several job queues, which only tests make): stores a batch of
 * votes as storing them one after another would (each vote's row id, or null for a retry), in a few
 * statements: one insert of the votes with ids, one read and one write of the voters' stats (applied
 * in arrival order, so two votes of one member see each other), one insert of the delivery jobs.
 */
async function storeVotes(trx: Transaction<Database>, writes: VoteWrite[]): Promise<(number | null)[]> {
  const ids: (number | null)[] = writes.map(() => null);
  const withId: { index: number; row: NewVote }[] = [];
  // A key already taken in this batch: a later vote with it is a retry (its insert would skip it).
  const taken = new Set<string>();
  for (const [index, { serverId, vote }] of writes.entries()) {
    const row: NewVote = {
      serverId,
      userId: vote.userId,
      platform: vote.platform,
      voteKey: voteKeyOf(vote),
      weight: vote.weight,
      votedAt: vote.at,
    };
    const key = `${serverId}\n${row.voteKey}`;
    if (taken.has(key)) continue;
    if (vote.voteId) {
      taken.add(key);
      withId.push({ index, row });
      continue;
    }
    // Id-less votes (the legacy form, rare) are checked against the member's earlier ones one by
    // one, in order: a second within 11 h is a retry.
    if (await hasLegacyVoteSince(trx, row, vote.at - legacyRetryWindowMs)) continue;
    taken.add(key);
    ids[index] = await insertVote(trx, row);
  }
  const inserted = await insertVotes(
    trx,
    withId.map(({ row }) => row),
  );
  for (const { index, row } of withId) ids[index] = inserted.get(`${row.serverId}\n${row.voteKey}`) ?? null;

  const counted = writes.flatMap((write, index) =>
    ids[index] === null ? [] : [{ ...write, id: ids[index] }],
  );
  if (counted.length === 0) return ids;
  const voters = new Map<string, Set<string>>();
  for (const { serverId, vote } of counted) {
    const ofServer = voters.get(serverId) ?? new Set<string>();
    ofServer.add(vote.userId);
    voters.set(serverId, ofServer);
  }
  const stats = new Map<string, { serverId: string; userId: string; stats: VoterStats | null }>();
  for (const [serverId, userIds] of voters) {
    const found = await findStatsOf(trx, serverId, [...userIds]);
    for (const userId of userIds) {
      stats.set(`${serverId}\n${userId}`, { serverId, userId, stats: found.get(userId) ?? null });
    }
  }
  for (const { serverId, vote } of counted) {
    const voter = stats.get(`${serverId}\n${vote.userId}`) as { stats: VoterStats | null };
    voter.stats = applyVote(voter.stats, vote.at, vote.weight);
  }
  await saveStatsOf(
    trx,
    [...stats.values()].map(({ serverId, userId, stats }) => ({
      serverId,
      userId,
      stats: stats as VoterStats,
    })),
  );
  // In the same transaction: a counted vote always gets its delivery (a retry of the vote counts
  // nothing, so a job scheduled after the commit and lost to a crash would never be made again).
  const deliveries = new Map<Deps["jobs"], NewJob[]>();
  for (const { deps, vote, id } of counted) {
    const jobs = deliveries.get(deps.jobs) ?? [];
    jobs.push({
      kind: deliverJob,
      payload: { voteRowId: id },
      runAt: vote.at,
      dedupeKey: `${deliverJob}:${id}`,
    });
    deliveries.set(deps.jobs, jobs);
  }
  for (const [queue, jobs] of deliveries) await queue.scheduleMany(jobs, { within: trx });
  return ids;
}
