import { expect } from "vitest";
import {
  discordEnv,
  freshPostgres,
  freshSqlite,
  inspect,
  logLines,
  type Program,
  prepareServer,
  sleep,
  startCommunity,
  startProgram,
  stopProgram,
  waitFor,
} from "./harness.ts";
import { WriteLoad } from "./load.ts";
import { allEnded, exactlyOnce, findings, notOnce, scheduledRuns } from "./verify.ts";

// Issue 17 #2: SIGKILL the program (a real child process of src/main.ts, every role in one process,
// the discord.js adapter on the Discord stand-in) under a steady write load — dashboard writes
// (timers, giveaways), giveaway entries by button and vote webhooks — restart it, and check that
// every write it acknowledged is there and every job (timer ends, giveaway ends, vote deliveries)
// ran exactly once. Once on the single-process default (SQLite in a temp dir) and once on a fresh
// PostgreSQL database (crash.test.ts runs them side by side: each waits out its giveaways' minute).

/** One run: load, SIGKILL, restart, load, then every acknowledged write and job checked. */
export async function sigkillUnderLoad(kind: "sqlite" | "postgres"): Promise<void> {
  const database = kind === "sqlite" ? freshSqlite() : await freshPostgres();
  const community = await startCommunity(120);
  let program: Program | undefined;
  const storage = inspect(database.url);
  try {
    const prepared = await prepareServer(database.url, community);
    // A job the killed process had claimed runs again once its lease (10 s here) runs out.
    const env = { DATABASE_URL: database.url, JOB_LEASE_MS: "10000", ...discordEnv(community) };
    program = await startProgram(env);
    const load = new WriteLoad(community, prepared, () => program?.url ?? "");
    await load.createGiveaways(4);
    // Issue 27: giveaways scheduled to start a minute on, posted by a durable job after the restart
    // (or, when the kill lands on it, by the job run again): each run once.
    const scheduled = await load.scheduleGiveaways(3);
    load.start();
    // Kill once every kind of write has been acknowledged a few times (however busy the machine).
    const { acknowledged } = load;
    const enough = (timers: number, votes: number, entries: number) => async () =>
      acknowledged.timers.length >= timers &&
      acknowledged.votes.length >= votes &&
      acknowledged.entries.length >= entries;
    await sleep(2000);
    await waitFor(enough(5, 5, 5), 30_000, 100);

    const killed = program;
    killed.child.kill("SIGKILL");
    await killed.exited;
    const beforeKill = {
      timers: load.acknowledged.timers.length,
      entries: load.acknowledged.entries.length,
      votes: load.acknowledged.votes.length,
    };
    expect(killed.child.signalCode).toBe("SIGKILL");
    await sleep(1000); // the load keeps knocking on a dead process
    program = await startProgram(env);
    // And again a few of each after the restart.
    await sleep(2000);
    await waitFor(enough(beforeKill.timers + 4, beforeKill.votes + 4, beforeKill.entries + 4), 30_000, 100);
    await load.stop();

    // Giveaways run one minute from creation; timers a few seconds.
    const settled = await waitFor(() => allEnded(storage, load.acknowledged), 150_000, 500);
    // They start a minute after the kill's side of the test and run a minute: wait for their ends too.
    const started = await waitFor(
      async () => {
        const posted = await scheduledRuns(storage, scheduled);
        return (
          posted.length === scheduled.length &&
          posted.every((run) => run.status === "ended") &&
          (await allEnded(storage, load.acknowledged))
        );
      },
      150_000,
      500,
    );
    const runs = await scheduledRuns(storage, scheduled);
    // One message per scheduled run in the channel: nothing posted twice, even across the kill.
    const scheduledPosts = scheduled.map(
      (entry) =>
        [...community.standIn.state.messages.values()].filter(
          (message) =>
            message.channel_id === community.channelId &&
            JSON.stringify(message.embeds).includes(`"🎉 ${entry.prize}"`),
        ).length,
    );
    const found = await findings(storage, community, load.acknowledged);
    const timerEnds = exactlyOnce(found.timers.endPosts, found.jobs.timerAttempts);
    const giveawayEnds = exactlyOnce(found.giveaways.announcements, found.jobs.giveawayAttempts);
    const errors = [killed, program]
      .flatMap((run) => logLines(run.output()))
      .filter((line) => line.level >= 50)
      .map((line) => `${line.msg} ${JSON.stringify(line.err ?? "")}`.slice(0, 300));
    const report = {
      kind,
      acknowledgedBeforeKill: beforeKill,
      acknowledged: {
        timers: found.timers.acknowledged,
        giveaways: found.giveaways.acknowledged,
        entries: found.entries.acknowledged,
        votes: found.votes.acknowledged,
        voteRetries: load.acknowledged.voteRetries,
      },
      lost: {
        timers: found.timers.missing.length,
        giveaways: found.giveaways.missing.length,
        entries: found.entries.missing.length,
        votes: found.votes.missing.length,
      },
      jobsExactlyOnce: {
        timerEnds: `${found.timers.acknowledged - timerEnds.unexplained.length - timerEnds.interrupted.length}/${found.timers.acknowledged}`,
        timerEndsRepeatedByTheKill: timerEnds.interrupted.length,
        giveawayEnds: `${found.giveaways.acknowledged - giveawayEnds.unexplained.length - giveawayEnds.interrupted.length}/${found.giveaways.acknowledged}`,
        voteDeliveries: `${found.jobs.voteJobs}/${found.jobs.votesStored}`,
      },
      scheduledStarts: { schedules: scheduled.length, runs: runs.length, posts: scheduledPosts },
      statuses: Object.fromEntries(load.statuses),
      unanswered: load.unanswered,
      unansweredPresses: load.unansweredPresses,
      errors: errors.slice(0, 5),
    };
    process.stdout.write(`crash-safety ${JSON.stringify(report)}\n`);

    expect(settled, JSON.stringify(report)).toBe(true);
    expect(started, JSON.stringify(report)).toBe(true);
    expect(scheduled).toHaveLength(3);
    expect(runs.map((run) => run.run_number)).toEqual([1, 1, 1]);
    expect(scheduledPosts).toEqual([1, 1, 1]);
    // Enough happened on both sides of the kill for the test to mean something.
    expect(beforeKill.timers).toBeGreaterThanOrEqual(5);
    expect(beforeKill.votes).toBeGreaterThanOrEqual(5);
    expect(beforeKill.entries).toBeGreaterThanOrEqual(5);
    expect(found.timers.acknowledged).toBeGreaterThan(beforeKill.timers);
    expect(found.votes.acknowledged).toBeGreaterThan(beforeKill.votes);
    expect(found.entries.acknowledged).toBeGreaterThan(beforeKill.entries);
    expect(found.giveaways.acknowledged).toBe(4);

    // Every acknowledged write is there.
    expect(found.timers.missing).toEqual([]);
    expect(found.giveaways.missing).toEqual([]);
    expect(found.entries.missing).toEqual([]);
    expect(found.votes.missing).toEqual([]);
    // No vote counted twice, retries included; the stats agree with the votes.
    expect(found.votes.doubled).toEqual([]);
    expect(found.votes.statsMismatch).toEqual([]);
    // Every job ran, once: one end post per timer, one winners' announcement per giveaway, one
    // finished delivery job per stored vote, none failed or left behind. The only exception is the
    // README's gap: the one job the kill interrupted mid-call may repeat its Discord call.
    expect(found.timers.notEnded).toEqual([]);
    expect(timerEnds.unexplained, JSON.stringify(report)).toEqual([]);
    expect(notOnce(found.jobs.timerJobs)).toEqual([]);
    expect(found.giveaways.notEnded).toEqual([]);
    expect(giveawayEnds.unexplained, JSON.stringify(report)).toEqual([]);
    expect(timerEnds.interrupted.length + giveawayEnds.interrupted.length).toBeLessThanOrEqual(1);
    expect(found.jobs.voteJobs).toBe(found.jobs.votesStored);
    expect(found.jobs.failed).toBe(0);
    expect(found.jobs.runningOrPending).toBe(0);
    // No request was answered 5xx, before, during or after the crash.
    expect(load.serverErrors).toEqual([]);
    // The restarted process kept running to the end.
    expect(program.child.exitCode).toBeNull();
  } finally {
    await stopProgram(program);
    await storage.close();
    await community.standIn.close();
    await database.drop();
  }
}
