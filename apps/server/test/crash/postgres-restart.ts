import { expect } from "vitest";
import {
  discordEnv,
  freshPostgres,
  inspect,
  logLines,
  type Program,
  prepareServer,
  sleep,
  startCommunity,
  startProgram,
  stopProgram,
  TcpProxy,
  throughProxy,
  waitFor,
} from "./harness.ts";
import { type Answer, WriteLoad } from "./load.ts";
import { allEnded, exactlyOnce, findings } from "./verify.ts";

// Issue 17 #2: PostgreSQL restarting under load. The machine's PostgreSQL is shared, so the restart
// is played by a TCP proxy between the program and it: every connection is destroyed and new ones
// are refused for a few seconds, as during a restart. Requests meanwhile fail cleanly (503 in the
// API's error shape, never a 500 or a stack), the process stays up, and it recovers by itself.

/** Load, cut PostgreSQL for 4 s, restore, load; 503s only, recovery, and every acknowledged write. */
export async function postgresRestartUnderLoad(): Promise<void> {
  const database = await freshPostgres();
  const direct = new URL(database.url);
  const proxy = await TcpProxy.start(direct.hostname, Number(direct.port || 5432));
  const community = await startCommunity(60);
  const storage = inspect(database.url);
  let program: Program | undefined;
  try {
    const prepared = await prepareServer(database.url, community);
    program = await startProgram({
      DATABASE_URL: throughProxy(database.url, proxy),
      // A job running when the connection died is taken up again after its lease.
      JOB_LEASE_MS: "5000",
      ...discordEnv(community),
    });
    const running = program;
    const load = new WriteLoad(community, prepared, () => running.url, {
      timerSeconds: [1, 3],
      pauseMs: 100,
    });
    const reads: Answer[] = [];
    let reading = true;
    const readLoop = (async () => {
      while (reading) {
        const answer = await load.request("GET", `/api/timers/${community.guild.id}/timers`);
        if (answer) reads.push(answer);
        await sleep(50);
      }
    })();
    load.start();
    const ok = () => reads.filter((answer) => answer.status === 200).length;
    await sleep(1500);
    await waitFor(async () => ok() >= 5 && load.acknowledged.timers.length >= 3, 30_000, 100);
    const okBefore = ok();

    proxy.cut();
    // Away for at least 4 s, and until a few requests have met the outage.
    await sleep(4000);
    await waitFor(async () => (load.statuses.get(503) ?? 0) >= 5, 20_000, 100);
    const during = { statuses: new Map(load.statuses), reads: reads.length };
    proxy.restore();
    const restoredAt = Date.now();
    const recovered = await waitFor(
      async () => {
        const answer = await load.request("GET", `/api/timers/${community.guild.id}/timers`);
        return answer?.status === 200;
      },
      15_000,
      100,
    );
    const recoveryMs = Date.now() - restoredAt;
    const timersBack = load.acknowledged.timers.length;
    await sleep(1500);
    await waitFor(async () => load.acknowledged.timers.length >= timersBack + 3, 30_000, 100);
    reading = false;
    await Promise.all([load.stop(), readLoop]);

    const settled = await waitFor(() => allEnded(storage, load.acknowledged), 60_000, 500);
    const found = await findings(storage, community, load.acknowledged);
    const timerEnds = exactlyOnce(found.timers.endPosts, found.jobs.timerAttempts);
    const answers503 = [...load.serverErrors].filter((answer) => answer.status === 503);
    const report = {
      statuses: Object.fromEntries(load.statuses),
      answered503: answers503.length,
      recoveryMs,
      acknowledged: { timers: found.timers.acknowledged, votes: found.votes.acknowledged },
      lost: { timers: found.timers.missing.length, votes: found.votes.missing.length },
      timerEndsExactlyOnce: `${found.timers.acknowledged - timerEnds.unexplained.length - timerEnds.interrupted.length}/${found.timers.acknowledged}`,
      timerEndsRepeatedByTheCut: timerEnds.interrupted.length,
    };
    process.stdout.write(`postgres-restart ${JSON.stringify(report)}\n`);

    expect(okBefore).toBeGreaterThan(5);
    // The outage was felt: requests were answered 503 while the database was away...
    expect(answers503.length).toBeGreaterThan(0);
    expect(during.statuses.get(503) ?? 0).toBeGreaterThan(0);
    // ...in the API's error shape, with nothing from inside the server.
    for (const answer of answers503) {
      expect(answer.body).toEqual({
        error: "Service Unavailable",
        message: "The database is unavailable right now; try again in a few seconds",
      });
      expect(answer.text).not.toMatch(/\bat \S+ \(|Connection terminated|ECONNREFUSED|stack/);
    }
    // Never a 500, nor any other 5xx.
    expect([...load.statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // It recovered by itself, soon after the database was back, and stayed up throughout.
    expect(recovered).toBe(true);
    expect(recoveryMs).toBeLessThan(10_000);
    expect(program.child.exitCode).toBeNull();
    expect(program.child.signalCode).toBeNull();
    const lines = logLines(program.output());
    expect(lines.filter((line) => line.level >= 60)).toEqual([]);
    expect(program.output()).not.toMatch(/Unhandled|uncaught/i);
    // The outage was logged a few times, not once per refused request.
    const outageLines = lines.filter((line) => line.msg.startsWith("database unavailable"));
    expect(outageLines.length).toBeGreaterThan(0);
    expect(outageLines.length).toBeLessThanOrEqual(3);
    // The worker says once that polling paused, and that it resumed; no error per poll.
    expect(lines.filter((line) => line.msg === "job polling failed")).toEqual([]);
    expect(lines.filter((line) => line.msg.startsWith("job polling paused")).length).toBeLessThanOrEqual(1);
    // Every acknowledged write is there, and the timers' jobs ran once each.
    expect(settled, JSON.stringify(report)).toBe(true);
    expect(found.timers.missing).toEqual([]);
    expect(found.votes.missing).toEqual([]);
    expect(found.votes.doubled).toEqual([]);
    // Each timer ended once, but for the README's gap: a job whose connection was cut between its
    // Discord post and recording it posts again when it runs again.
    expect(timerEnds.unexplained, JSON.stringify(report)).toEqual([]);
    expect(timerEnds.interrupted.length).toBeLessThanOrEqual(1);
    expect(found.jobs.voteJobs).toBe(found.jobs.votesStored);
  } finally {
    await stopProgram(program);
    await storage.close();
    await proxy.close();
    await community.standIn.close();
    await database.drop();
  }
}
