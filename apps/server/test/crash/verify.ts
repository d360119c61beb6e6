import type { Storage } from "../../src/db/database.ts";
import type { Community } from "./harness.ts";
import type { Acknowledged } from "./load.ts";

// Reads back, from the database and from what Discord (the stand-in) received, what became of every
// acknowledged write and every job.

export interface Findings {
  timers: { acknowledged: number; missing: number[]; notEnded: number[]; endPosts: Map<number, number> };
  giveaways: {
    acknowledged: number;
    missing: string[];
    notEnded: string[];
    announcements: Map<string, number>;
  };
  entries: { acknowledged: number; missing: string[] };
  votes: { acknowledged: number; missing: string[]; doubled: string[]; statsMismatch: string[] };
  jobs: {
    failed: number;
    runningOrPending: number;
    /** Finished end jobs per timer, and the most attempts any of them took. */
    timerJobs: Map<number, number>;
    timerAttempts: Map<number, number>;
    /** Attempts of each giveaway's end job. */
    giveawayAttempts: Map<string, number>;
    voteJobs: number;
    /** Votes stored, acknowledged or not (a vote stored as the process died was never answered). */
    votesStored: number;
  };
}

/** The jobs the load makes (recurring jobs such as the monthly vote reset stay pending by design). */
const watchedKinds = new Set(["timer.end", "giveaway.end", "giveaway.announce", "votes.deliver"]);

/** Everything is ended (timers and giveaways acknowledged): the jobs have had their turn. */
export async function allEnded(storage: Storage, acknowledged: Acknowledged): Promise<boolean> {
  const db = storage.db;
  const timerIds = acknowledged.timers.map((timer) => timer.id);
  const messageIds = acknowledged.giveaways.map((giveaway) => giveaway.messageId);
  const openTimers = timerIds.length
    ? await db
        .selectFrom("timers")
        .select("id")
        .where("id", "in", timerIds)
        .where("status", "!=", "ended")
        .execute()
    : [];
  const openGiveaways = messageIds.length
    ? await db
        .selectFrom("giveaways")
        .select("id")
        .where("message_id", "in", messageIds)
        .where("status", "!=", "ended")
        .execute()
    : [];
  // Vote deliveries, and a giveaway announcement retried after a failed attempt.
  const pendingVotes = await db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "in", ["votes.deliver", "giveaway.announce"])
    .where("status", "in", ["pending", "running"])
    .execute();
  return openTimers.length === 0 && openGiveaways.length === 0 && pendingVotes.length === 0;
}

export async function findings(
  storage: Storage,
  community: Community,
  acknowledged: Acknowledged,
): Promise<Findings> {
  const db = storage.db;
  const posts = community.standIn
    .find("POST", `/channels/${community.channelId}/messages`)
    .filter((request) => request.status === 200)
    .map((request) => JSON.stringify(request.body));

  const timerIds = acknowledged.timers.map((timer) => timer.id);
  const timerRows = timerIds.length
    ? await db.selectFrom("timers").select(["id", "status"]).where("id", "in", timerIds).execute()
    : [];
  const timerStatus = new Map(timerRows.map((row) => [row.id, row.status]));
  const endPosts = new Map<number, number>();
  for (const timer of acknowledged.timers) {
    // The countdown is an embed titled "⏳ Timer"; the end announcement is any other post of the text.
    const count = posts.filter((post) => post.includes(timer.text) && !post.includes("⏳ Timer")).length;
    endPosts.set(timer.id, count);
  }

  const messageIds = acknowledged.giveaways.map((giveaway) => giveaway.messageId);
  const giveawayRows = messageIds.length
    ? await db
        .selectFrom("giveaways")
        .select(["id", "message_id", "status"])
        .where("message_id", "in", messageIds)
        .execute()
    : [];
  const giveawayByMessage = new Map(giveawayRows.map((row) => [row.message_id, row]));
  const announcements = new Map<string, number>();
  for (const giveaway of acknowledged.giveaways) {
    const won = `You won **${giveaway.prize}**`;
    const nobody = `The giveaway for **${giveaway.prize}** has ended, but no one entered`;
    announcements.set(
      giveaway.messageId,
      posts.filter((post) => post.includes(won) || post.includes(nobody)).length,
    );
  }

  const entryRows = giveawayRows.length
    ? await db
        .selectFrom("giveaway_entries")
        .select(["giveaway_id", "user_id"])
        .where(
          "giveaway_id",
          "in",
          giveawayRows.map((row) => row.id),
        )
        .execute()
    : [];
  const entryKeys = new Set(entryRows.map((row) => `${row.giveaway_id}:${row.user_id}`));
  const missingEntries = acknowledged.entries
    .filter((entry) => !entryKeys.has(`${giveawayByMessage.get(entry.messageId)?.id}:${entry.userId}`))
    .map((entry) => `${entry.messageId}:${entry.userId}`);

  const voteRows = await db
    .selectFrom("votes")
    .select(["vote_key", "user_id", "weight"])
    .where("server_id", "=", community.guild.id)
    .execute();
  const voteCounts = new Map<string, number>();
  for (const row of voteRows) voteCounts.set(row.vote_key, (voteCounts.get(row.vote_key) ?? 0) + 1);
  const weightByUser = new Map<string, number>();
  for (const row of voteRows)
    weightByUser.set(row.user_id, (weightByUser.get(row.user_id) ?? 0) + row.weight);
  const stats = await db
    .selectFrom("vote_stats")
    .select(["user_id", "total_votes"])
    .where("server_id", "=", community.guild.id)
    .execute();
  const statsMismatch = stats
    .filter((row) => row.total_votes !== (weightByUser.get(row.user_id) ?? 0))
    .map((row) => `${row.user_id}: stats ${row.total_votes}, votes ${weightByUser.get(row.user_id) ?? 0}`);

  const jobs = await db.selectFrom("jobs").select(["kind", "payload", "status", "attempts"]).execute();
  const timerJobs = new Map<number, number>();
  const timerAttempts = new Map<number, number>();
  for (const job of jobs.filter((row) => row.kind === "timer.end")) {
    const { timerId } = JSON.parse(job.payload) as { timerId: number };
    if (job.status === "done") timerJobs.set(timerId, (timerJobs.get(timerId) ?? 0) + 1);
    timerAttempts.set(timerId, Math.max(timerAttempts.get(timerId) ?? 0, job.attempts));
  }
  const giveawayAttempts = new Map<string, number>();
  for (const job of jobs.filter((row) => row.kind === "giveaway.end")) {
    const { giveawayId } = JSON.parse(job.payload) as { giveawayId: string };
    giveawayAttempts.set(giveawayId, Math.max(giveawayAttempts.get(giveawayId) ?? 0, job.attempts));
  }

  return {
    timers: {
      acknowledged: acknowledged.timers.length,
      missing: timerIds.filter((id) => !timerStatus.has(id)),
      notEnded: timerIds.filter((id) => timerStatus.has(id) && timerStatus.get(id) !== "ended"),
      endPosts,
    },
    giveaways: {
      acknowledged: acknowledged.giveaways.length,
      missing: messageIds.filter((id) => !giveawayByMessage.has(id)),
      notEnded: messageIds.filter((id) => giveawayByMessage.get(id)?.status === "active"),
      announcements,
    },
    entries: { acknowledged: acknowledged.entries.length, missing: missingEntries },
    votes: {
      acknowledged: acknowledged.votes.length,
      missing: acknowledged.votes.filter((vote) => !voteCounts.has(vote.key)).map((vote) => vote.key),
      doubled: [...voteCounts].filter(([, count]) => count > 1).map(([key]) => key),
      statsMismatch,
    },
    jobs: {
      failed: jobs.filter((job) => job.status === "failed").length,
      runningOrPending: jobs.filter(
        (job) => (job.status === "running" || job.status === "pending") && watchedKinds.has(job.kind),
      ).length,
      timerJobs,
      timerAttempts,
      giveawayAttempts,
      voteJobs: jobs.filter((job) => job.kind === "votes.deliver" && job.status === "done").length,
      votesStored: voteRows.length,
    },
  };
}

/** Values of a map that aren't exactly 1, with their keys. */
export function notOnce<K>(counts: Map<K, number>): [K, number][] {
  return [...counts].filter(([, count]) => count !== 1);
}

/**
 * The one gap the README names: a job interrupted (killed, or its database connection cut) between
 * its Discord call and recording it runs again, and repeats that call (a timer's end, a giveaway's
 * winners posted twice). Such a job shows as claimed more than once (`attempts` ≥ 2). Answers the
 * counts that aren't exactly 1 without that excuse (must be none), and how many were excused (at
 * most the jobs in flight at the interruption).
 */
export function exactlyOnce<K>(
  counts: Map<K, number>,
  attempts: Map<K, number>,
): { unexplained: [K, number][]; interrupted: K[] } {
  const unexplained: [K, number][] = [];
  const interrupted: K[] = [];
  for (const [key, count] of counts) {
    if (count === 1) continue;
    const excused = (attempts.get(key) ?? 1) >= 2 && count === 2;
    if (excused) interrupted.push(key);
    else unexplained.push([key, count]);
  }
  return { unexplained, interrupted };
}

/** The giveaways the scheduled starts posted (one row per run: the (schedule, run) pair is unique). */
export async function scheduledRuns(storage: Storage, scheduled: { scheduleId: number }[]) {
  if (scheduled.length === 0) return [];
  return storage.db
    .selectFrom("giveaways")
    .select(["schedule_id", "run_number", "message_id", "status"])
    .where(
      "schedule_id",
      "in",
      scheduled.map((entry) => entry.scheduleId),
    )
    .orderBy("schedule_id")
    .execute();
}
