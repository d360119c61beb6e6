import { randomBytes } from "node:crypto";
import { type VoteStats, voteLimits } from "@hearth/core";
import type { Transaction } from "kysely";
import { siteUrl } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { GroupCommit } from "../../db/group-commit.ts";
import { lockForServer, serverLocks, transactionForServer } from "../../db/locks.ts";
import type { Database, Db } from "../../db/schema.ts";
import { requireRole, requireTextChannel } from "../../discord/port/validate.ts";
import { requireSafeRole } from "../../discord/roles/role-safety.ts";
import type { NewJob } from "../../jobs/queue.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { countVote } from "../insights/service.ts";
import { type VoteDesign, voteDesignProblems } from "../message-designer/service.ts";
import { scheduleMonthlyReset, takeBackReward } from "./rewards.ts";
import { applyVote, monthlyAt, monthOf, streakAt, utcDay, type VoterStats } from "./stats.ts";
import {
  type CountedVote,
  deleteVoter,
  findReward,
  findSettings,
  findStats,
  findStatsOf,
  hasLegacyVoteSince,
  insertVote,
  insertVotes,
  type LeaderboardKind,
  type LeaderboardRow,
  leaderboard,
  type NewVote,
  rankOf,
  saveSettings,
  saveStatsOf,
  storeCountedVotes,
  type VoteSettingsRow,
  voterLock,
} from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "config" | "logger">;

export const deliverJob = "votes.deliver";
const hourMs = 3_600_000;
/** Votes without an id: the site allows one per 12 h, so one within 11 h of the last is a retry. */
const legacyRetryWindowMs = 11 * hourMs;
const legacyBucketMs = 12 * hourMs;

export interface VoteSetupInput {
  channelId?: string | null;
  rewardRoleId?: string | null;
  /** 0 = permanent, 1 to 168. */
  rewardHours?: number;
  leaderboards?: boolean;
  /** The notification's design from the AI message designer; null goes back to the default message. */
  design?: VoteDesign | null;
}

export interface VoteSetup {
  settings: VoteSettingsRow;
  webhookUrl: string;
  created: boolean;
}

export function webhookUrl(config: AppContext["config"], webhookId: string): string {
  return siteUrl(config, `/api/votes/${webhookId}`);
}

/** The reward role rules (spec §5): a plain role of the server, safe to give away, below the bot. */
export async function checkRewardRole(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  roleId: string,
  actorId: string | null = null,
) {
  if (roleId === serverId) {
    throw badRequest(
      "reward_role: @everyone can't be a reward role: every member already has it",
      "reward_role",
    );
  }
  await requireRole(deps, serverId, roleId, "reward_role");
  // Reward roles are given automatically to anyone who votes: the role-safety rule applies.
  return requireSafeRole(deps, serverId, roleId, "reward_role", { actorId });
}

/**
 * Checks setup options before anything is saved or asked (spec §5): hours 0 (permanent) or 1-168,
 * a text channel of the server, a reward role Hearth can give, a design that passes validation.
 */
export async function checkVoteSetup(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  input: VoteSetupInput,
  actorId: string | null = null,
): Promise<void> {
  const hours = input.rewardHours;
  if (hours !== undefined && (!Number.isInteger(hours) || hours < 0 || hours > voteLimits.rewardHoursMax)) {
    throw badRequest(
      "reward_hours: give a whole number of hours from 1 to 168, or 0 for a permanent reward",
      "reward_hours",
    );
  }
  if (input.channelId) await requireTextChannel(deps, serverId, input.channelId, "channel");
  if (input.rewardRoleId) await checkRewardRole(deps, serverId, input.rewardRoleId, actorId);
  const problems = input.design ? voteDesignProblems(input.design) : [];
  if (problems.length > 0) throw badRequest(`design: ${problems.join("; ")}`, "design");
}

/** Creates or updates the server's vote tracking; the webhook id and secret are made once and kept. */
export async function configureVotes(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  input: VoteSetupInput,
  now = Date.now(),
): Promise<VoteSetup> {
  const hours = input.rewardHours;
  await checkVoteSetup(deps, serverId, input, actor.userId);

  const result = await transactionForServer(deps.storage, serverId, "votes", async (trx) => {
    const existing = await findSettings(trx, serverId);
    const settings: VoteSettingsRow = {
      server_id: serverId,
      webhook_id: existing?.webhook_id ?? randomBytes(24).toString("base64url"),
      secret: existing?.secret ?? randomBytes(24).toString("base64url"),
      signing_secret: existing?.signing_secret ?? null,
      channel_id: input.channelId !== undefined ? input.channelId : (existing?.channel_id ?? null),
      reward_role_id:
        input.rewardRoleId !== undefined ? input.rewardRoleId : (existing?.reward_role_id ?? null),
      reward_hours: hours ?? existing?.reward_hours ?? 24,
      leaderboards_enabled:
        input.leaderboards !== undefined ? Number(input.leaderboards) : (existing?.leaderboards_enabled ?? 1),
      message: existing?.message ?? null,
      design:
        input.design !== undefined
          ? input.design && JSON.stringify(input.design)
          : (existing?.design ?? null),
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    await saveSettings(trx, settings);
    await recordAudit(trx, serverId, actor, "votes.setup", {
      channelId: settings.channel_id,
      rewardRoleId: settings.reward_role_id,
      rewardHours: settings.reward_hours,
      leaderboards: settings.leaderboards_enabled === 1,
      ...(input.design !== undefined ? { design: input.design ? "ai-designer" : "default" } : {}),
    });
    return { settings, created: !existing };
  });
  await scheduleMonthlyReset(deps, now);
  return { ...result, webhookUrl: webhookUrl(deps.config, result.settings.webhook_id) };
}

export interface IncomingVote {
  userId: string;
  platform: string;
  /** The listing site's vote id; null for the legacy form, deduplicated by time window instead. */
  voteId: string | null;
  weight: number;
  at: number;
}

/**
 * Stores a vote and updates the voter's stats in one transaction, once: a repeated vote id (or an
 * id-less vote of the same member and platform within 11 h) changes nothing. The role and the
 * notification follow in a durable job so the webhook can answer at once. Votes arriving together
 * share one transaction (group commit), each answered once it is committed.
 */
export async function recordVote(
  deps: Deps,
  serverId: string,
  vote: IncomingVote,
): Promise<{ counted: boolean; voteRowId: number | null }> {
  const id = await votesCommit.submit(deps.storage, { deps, serverId, vote });
  if (id !== null) countVote(deps, serverId);
  return { counted: id !== null, voteRowId: id };
}

interface VoteWrite {
  deps: Deps;
  serverId: string;
  vote: IncomingVote;
}

const votesCommit = new GroupCommit<VoteWrite, number | null>(
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

/** A member's stats as of `now`, with their all-time rank. */
export async function getVoterStats(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
  now = Date.now(),
): Promise<VoteStats> {
  const stats = await findStats(deps.storage.db, serverId, userId);
  const rank = stats ? await rankOf(deps.storage.db, serverId, "all-time", monthOf(now), userId) : null;
  return {
    userId,
    totalVotes: stats?.totalVotes ?? 0,
    monthlyVotes: stats ? monthlyAt(stats, now) : 0,
    currentStreak: stats ? streakAt(stats, now) : 0,
    longestStreak: stats?.longestStreak ?? 0,
    lastVoteAt: stats?.lastVoteAt ?? null,
    rank: rank?.rank ?? null,
  };
}

export interface Leaderboard {
  kind: LeaderboardKind;
  month: string;
  rows: (LeaderboardRow & { rank: number })[];
  /** The caller's own line when they are on the board but below the rows shown. */
  caller: (LeaderboardRow & { rank: number }) | null;
}

/** Top 15, ties broken by the earliest last vote, plus the caller's position when further down. */
export async function getLeaderboard(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  kind: LeaderboardKind,
  callerId: string,
  now = Date.now(),
): Promise<Leaderboard> {
  const settings = await findSettings(deps.storage.db, serverId);
  if (!settings)
    throw badRequest("Vote tracking isn't set up here yet; an admin can run `/votetracker admin setup`.");
  if (settings.leaderboards_enabled !== 1) throw badRequest("Leaderboards are turned off on this server.");
  const month = monthOf(now);
  const top = await leaderboard(deps.storage.db, serverId, kind, month, voteLimits.leaderboardSize);
  const rows = top.map((row, index) => ({ ...row, rank: index + 1 }));
  const shown = rows.some((row) => row.userId === callerId);
  const caller = shown ? null : await rankOf(deps.storage.db, serverId, kind, month, callerId);
  return { kind, month, rows, caller };
}

/** Deletes a member's vote history, stats and archive lines, and takes back a reward role Hearth gave. */
export async function deleteVoterData(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  userId: string,
): Promise<{ votes: number }> {
  const [stats, reward] = await Promise.all([
    findStats(deps.storage.db, serverId, userId),
    findReward(deps.storage.db, serverId, userId),
  ]);
  if (!stats && !reward) throw notFound(`<@${userId}> has no vote history in this server.`);
  if (reward) await takeBackReward(deps, reward, "Vote data deleted");
  const { scope } = voterLock(serverId, userId);
  const votes = await transactionForServer(deps.storage, serverId, scope, async (trx) => {
    const deleted = await deleteVoter(trx, serverId, userId);
    await recordAudit(trx, serverId, actor, "votes.deleteuser", { userId, votes: deleted });
    return deleted;
  });
  return { votes };
}
