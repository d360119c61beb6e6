import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { IncomingVote } from "./batch.ts";
import { recordVote } from "./service.ts";
import { applyVote, type VoterStats } from "./stats.ts";
import { insertVote, saveStatsOf } from "./store.ts";

// Votes with ids (the signed form's) arriving together: on PostgreSQL a batch is written in one
// statement (votes, stats and delivery jobs at once), on SQLite in one transaction of several. Both
// must store exactly what recording the votes one after another would, with stats.ts's applyVote.

const day = 86_400_000;
const start = Date.UTC(2025, 9, 30, 20, 0); // Thursday 30 October 2025, 20:00 UTC

describe.each(dialects)("votes written together (%s)", (dialect) => {
  let t: TestContext;
  let member = 0;
  /** A member id no other test uses. */
  const newMember = () => `7300000000000${String(member++).padStart(5, "0")}`;
  const vote = (userId: string, voteId: string, at: number, weight = 1): IncomingVote => ({
    userId,
    platform: "top.gg",
    voteId: `${userId}-${voteId}`,
    weight,
    at,
  });
  const statsRow = async (userId: string): Promise<VoterStats | null> => {
    const row = await t.ctx.storage.db
      .selectFrom("vote_stats")
      .selectAll()
      .where("server_id", "=", demoGuildId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      totalVotes: row.total_votes,
      month: row.month,
      monthlyVotes: row.monthly_votes,
      currentStreak: row.current_streak,
      longestStreak: row.longest_streak,
      lastVoteDay: row.last_vote_day,
      lastVoteAt: Number(row.last_vote_at),
    };
  };
  const jobsOf = (voteRowIds: number[]) =>
    t.ctx.storage.db
      .selectFrom("jobs")
      .select(["kind", "payload", "dedupe_key", "run_at", "status", "attempts", "max_attempts"])
      .where(
        "dedupe_key",
        "in",
        voteRowIds.map((id) => `votes.deliver:${id}`),
      )
      .orderBy("id")
      .execute();
  const seedStats = (userId: string, stats: VoterStats) =>
    saveStatsOf(t.ctx.storage.db, [{ serverId: demoGuildId, userId, stats }]);

  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it("a batch counts each vote once, a member's votes in arrival order, one delivery job each", async () => {
    const [often, once, alone] = [newMember(), newMember(), newMember()];
    const votesOf = (userId: string) => [
      vote(userId, "1", start),
      vote(userId, "2", start + day, 2),
      vote(userId, "1", start + day), // a retry of the first
      vote(userId, "3", start + day - 3_600_000), // late: older than the member's last vote
      vote(userId, "4", start + 2 * day), // the next month (1 November)
      vote(userId, "5", start + 4 * day), // a missed day
    ];
    // One turn of the event loop: one batch, several votes of one member in it.
    const together = await Promise.all(
      [...votesOf(often), vote(once, "1", start)].map((v) => recordVote(t.ctx, demoGuildId, v)),
    );
    const apart = [];
    for (const v of votesOf(alone)) apart.push(await recordVote(t.ctx, demoGuildId, v));

    const counted = [true, true, false, true, true, true];
    expect(together.map((result) => result.counted)).toEqual([...counted, true]);
    expect(apart.map((result) => result.counted)).toEqual(counted);
    let expected: VoterStats | null = null;
    for (const [index, v] of votesOf(often).entries())
      if (counted[index]) expected = applyVote(expected, v.at, v.weight);
    expect(expected).toMatchObject({ totalVotes: 6, month: "2025-11", monthlyVotes: 2, longestStreak: 3 });
    expect(await statsRow(often)).toEqual(expected);
    expect(await statsRow(alone)).toEqual(expected);
    expect(await statsRow(once)).toEqual(applyVote(null, start, 1));

    const ids = together.flatMap((result) => (result.voteRowId === null ? [] : [result.voteRowId]));
    expect(new Set(ids).size).toBe(6);
    const jobs = await jobsOf(ids);
    expect(jobs).toEqual(
      ids
        .map((id, index) => ({
          kind: "votes.deliver",
          payload: JSON.stringify({ voteRowId: id }),
          dedupe_key: `votes.deliver:${id}`,
          run_at: [...votesOf(often).filter((_, i) => counted[i]), vote(once, "1", start)][index]?.at,
          status: "pending",
          attempts: 0,
          max_attempts: 5,
        }))
        .toSorted((a, b) => a.dedupe_key.localeCompare(b.dedupe_key)),
    );
    // Each job once, in every form: the ones from votes written one at a time too.
    const apartIds = apart.flatMap((result) => (result.voteRowId === null ? [] : [result.voteRowId]));
    expect(await jobsOf(apartIds)).toHaveLength(5);
  });

  it.each([
    ["a first vote", null, start, 1],
    ["the same day", { day: 0, late: false }, start + 3_600_000, 1],
    ["the next day: the streak grows", { day: 1, late: false }, start + day, 2],
    ["a missed day: the streak starts again", { day: 3, late: false }, start + 3 * day, 1],
    ["a late vote of the same month adds to the totals only", { day: 0, late: true }, start - 3_600_000, 1],
    ["a late vote of an earlier month adds to the total only", { day: -1, late: true }, start - 40 * day, 2],
    ["a new month restarts the monthly count", { day: 1, late: false }, start + 2 * day, 1],
    [
      "a streak past its longest on the same day keeps the larger",
      { day: 0, late: false },
      start + 60_000,
      1,
    ],
  ] as const)("the stats after one vote are applyVote's: %s", async (_name, previousAt, at, weight) => {
    const userId = newMember();
    let previous: VoterStats | null = null;
    if (previousAt) {
      const last = previousAt.late ? start : at - previousAt.day * day - 60_000;
      previous = {
        totalVotes: 9,
        month: new Date(last).toISOString().slice(0, 7),
        monthlyVotes: 4,
        currentStreak: 5,
        // Longest below current: only a row written by hand is so, and both must agree on it too.
        longestStreak: _name.includes("longest") ? 3 : 7,
        lastVoteDay: Math.floor(last / day),
        lastVoteAt: last,
      };
      await seedStats(userId, previous);
    }
    // With another member's vote, so it is written in a batch and not alone.
    const [mine] = await Promise.all([
      recordVote(t.ctx, demoGuildId, vote(userId, "x", at, weight)),
      recordVote(t.ctx, demoGuildId, vote(newMember(), "x", at)),
    ]);
    expect(mine.counted).toBe(true);
    expect(await statsRow(userId)).toEqual(applyVote(previous, at, weight));
  });

  it("id-less votes (legacy and generic forms): a member's retry within 11 h is not counted, across the 12 h key too", async () => {
    const [often, once, alone] = [newMember(), newMember(), newMember()];
    const idless = (userId: string, at: number, platform = "top.gg"): IncomingVote => ({
      userId,
      platform,
      voteId: null,
      weight: 1,
      at,
    });
    // `start` is 20:00 UTC: id-less keys change at 00:00 and 12:00.
    const votesOf = (userId: string) => [
      idless(userId, start),
      idless(userId, start + 4 * 3_600_000 + 60_000), // 00:01, the next key: still a retry
      idless(userId, start + 3_600_000, "discordbotlist"), // another site: its own window
      vote(userId, "signed", start + 2 * 3_600_000), // a signed vote of the same member
      idless(userId, start + 11 * 3_600_000 + 60_000), // 11 h 01 min after the first
      idless(userId, start + 11 * 3_600_000 + 120_000), // a retry of that one, same key
      idless(userId, start + day + 12 * 3_600_000), // the next day
    ];
    const counted = [true, false, true, true, true, false, true];
    const together = await Promise.all(
      [...votesOf(often), idless(once, start)].map((v) => recordVote(t.ctx, demoGuildId, v)),
    );
    const apart = [];
    for (const v of votesOf(alone)) apart.push(await recordVote(t.ctx, demoGuildId, v));

    expect(together.map((result) => result.counted)).toEqual([...counted, true]);
    expect(apart.map((result) => result.counted)).toEqual(counted);
    let expected: VoterStats | null = null;
    for (const [index, v] of votesOf(often).entries())
      if (counted[index]) expected = applyVote(expected, v.at, v.weight);
    expect(await statsRow(often)).toEqual(expected);
    expect(await statsRow(alone)).toEqual(expected);
    expect(await statsRow(once)).toEqual(applyVote(null, start, 1));
    const ids = together.flatMap((result) => (result.voteRowId === null ? [] : [result.voteRowId]));
    expect(await jobsOf(ids)).toHaveLength(6);
  });

  it("an id-less vote waits for its voter's lock, then sees an id-less vote the holder committed", async () => {
    const userId = newMember();
    let recorded: Promise<{ counted: boolean }> | undefined;
    await transactionForServer(t.ctx.storage, demoGuildId, `votes:${userId}`, async (trx) => {
      // 00:01, under another key than the one stored below: only the 11 h window makes it a retry.
      recorded = recordVote(t.ctx, demoGuildId, {
        userId,
        platform: "top.gg",
        voteId: null,
        weight: 1,
        at: start + 4 * 3_600_000 + 60_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await insertVote(trx, {
        serverId: demoGuildId,
        userId,
        platform: "top.gg",
        voteKey: `legacy:top.gg:${userId}:${Math.floor(start / (12 * 3_600_000))}`,
        weight: 1,
        votedAt: start,
      });
    });
    expect(await recorded).toMatchObject({ counted: false });
    expect(await statsRow(userId)).toBeNull();
  });

  it("a vote the database refuses fails alone; the others of its batch are stored", async () => {
    const [good, bad, other] = [newMember(), newMember(), newMember()];
    const results = await Promise.allSettled([
      recordVote(t.ctx, demoGuildId, vote(good, "1", start)),
      // No listing site sends this (the webhook's schema refuses it): a write that fails.
      recordVote(t.ctx, demoGuildId, vote(bad, "1", start, Number.NaN)),
      recordVote(t.ctx, demoGuildId, vote(other, "1", start)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await statsRow(good)).toEqual(applyVote(null, start, 1));
    expect(await statsRow(other)).toEqual(applyVote(null, start, 1));
    expect(await statsRow(bad)).toBeNull();
  });

  it("batches written at once for one member lose no vote", async () => {
    const userId = newMember();
    const pending: Promise<{ counted: boolean }>[] = [];
    for (let turn = 0; turn < 8; turn++) {
      for (let i = 0; i < 3; i++)
        pending.push(recordVote(t.ctx, demoGuildId, vote(userId, `${turn}-${i}`, start + turn * 1000 + i)));
      // The next turn's votes make a new batch while this one is being written.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(pending);
    expect(results.every((result) => result.counted)).toBe(true);
    expect(await statsRow(userId)).toMatchObject({
      totalVotes: 24,
      monthlyVotes: 24,
      lastVoteAt: start + 7002,
    });
  });

  it("a vote waits for its voter's lock, then sees what the holder committed", async () => {
    const userId = newMember();
    const retried = vote(userId, "1", start);
    let recorded: Promise<{ counted: boolean }> | undefined;
    await transactionForServer(t.ctx.storage, demoGuildId, `votes:${userId}`, async (trx) => {
      recorded = recordVote(t.ctx, demoGuildId, retried);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Stored meanwhile under the lock (as another process's delivery of the same vote would be).
      await insertVote(trx, {
        serverId: demoGuildId,
        userId,
        platform: "top.gg",
        voteKey: `top.gg:${retried.voteId}`,
        weight: 1,
        votedAt: start,
      });
    });
    expect(await recorded).toMatchObject({ counted: false });
    expect(await statsRow(userId)).toBeNull();
  });
});
