import { Redis } from "ioredis";
import { expect } from "vitest";
import {
  createDashboardToken,
  revocationChannel,
  revokeDashboardToken,
} from "../../src/features/auth/service.ts";
import {
  discordEnv,
  freshPostgres,
  freshSqlite,
  inspect,
  logLines,
  type Program,
  prepareServer,
  serverContext,
  sleep,
  startCommunity,
  startProgram,
  stopProgram,
  TcpProxy,
  throughProxy,
  waitFor,
} from "./harness.ts";
import { WriteLoad } from "./load.ts";
import { allEnded, findings } from "./verify.ts";

// Issue 17 #2: Redis going away under load. A TCP proxy between the program and Redis is cut (every
// connection destroyed, new ones refused) and later restored. Meanwhile the api keeps answering
// (failed-login and token-activity counts kept in the process, nothing waiting on Redis), a token
// revoked by another process is refused within the 5-second token cache instead of at once, the log
// says so once, nothing is lost; once Redis is back, revocations arrive through it at once again.

/** Load, cut Redis, revocations and counts without it, restore, Redis used again; nothing lost. */
export async function redisDownUnderLoad(redisUrl: string): Promise<void> {
  const direct = new URL(redisUrl);
  const proxy = await TcpProxy.start(direct.hostname, Number(direct.port || 6379));
  // Redis matters to split deployments, which run on PostgreSQL (and there the test process's own
  // writes, tokens made and revoked as another process would, never wait on a SQLite file lock).
  const database = process.env.TEST_DATABASE_URL ? await freshPostgres() : freshSqlite();
  const community = await startCommunity(20);
  // Tokens follow Discord (issue 24): the token holders below hold Manage Server, so their tokens
  // stay live. The role exists before the program connects, so its guild arrives with it.
  const staff = community.standIn.state.addRole(community.guild.id, { name: "Staff", permissions: "32" });
  for (const member of community.memberIds)
    community.standIn.state.guild(community.guild.id).members.get(member)?.roles.push(staff.id);
  const storage = inspect(database.url);
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  // Its own Redis database (pub/sub channels are shared across databases, so revocations still reach
  // it): the failed-login counts other tests' 401s from 127.0.0.1 leave in database 0 must not refuse
  // this program's requests with 429.
  const redisDb = 1 + Math.floor(Math.random() * 15);
  const ownRedis = new Redis(redisUrl, { db: redisDb, maxRetriesPerRequest: 1 });
  const programRedis = (() => {
    const url = new URL(throughProxy(redisUrl, proxy));
    url.pathname = `/${redisDb}`;
    return url.toString();
  })();
  let program: Program | undefined;
  const services = await (async () => {
    const prepared = await prepareServer(database.url, community);
    return { prepared, ...(await serverContext(database.url, community)) };
  })();
  try {
    const { prepared, ctx } = services;
    program = await startProgram({
      DATABASE_URL: database.url,
      REDIS_URL: programRedis,
      ...discordEnv(community),
    });
    const running = program;
    const load = new WriteLoad(community, prepared, () => running.url, {
      timerSeconds: [1, 3],
      pauseMs: 100,
    });
    const latencies: { at: number; ms: number; status: number | null }[] = [];
    let reading = true;
    const readLoop = (async () => {
      while (reading) {
        const started = Date.now();
        const answer = await load.request("GET", "/api/dashboard/token-info");
        latencies.push({ at: started, ms: Date.now() - started, status: answer?.status ?? null });
        await sleep(30);
      }
    })();
    load.start();

    /** A manager token of another member, used once so the program has it cached. */
    let next = 0;
    const cachedToken = async () => {
      const member = community.memberIds[next++] as string;
      const { token, record } = await createDashboardToken(ctx, {
        serverId: community.guild.id,
        userId: member,
        permission: "manager",
      });
      const readAt = Date.now();
      const answer = await load.request("GET", "/api/dashboard/token-info", undefined, {
        authorization: token,
      });
      expect(answer?.status).toBe(200);
      return { token, id: record.id, readAt };
    };
    /**
     * Another process revokes it (the token CLI: the database, then Redis). Answers how long after the
     * revocation, and after the program first read the token, it was refused, and how many requests it
     * still accepted after the revocation (from its cached copy).
     */
    const revokeElsewhere = async (token: { token: string; id: string; readAt: number }) => {
      await revokeDashboardToken(ctx, token.id, "crash test");
      const revokedAt = Date.now();
      await publisher.publish(revocationChannel, token.id);
      let accepted = 0;
      const refused = await waitFor(
        async () => {
          const answer = await load.request("GET", "/api/dashboard/token-info", undefined, {
            authorization: token.token,
          });
          if (answer?.status === 200) accepted++;
          return answer?.status === 401;
        },
        8000,
        50,
      );
      expect(refused).toBe(true);
      return {
        afterRevocation: Date.now() - revokedAt,
        afterRead: Date.now() - token.readAt,
        readToRevocation: revokedAt - token.readAt,
        accepted,
      };
    };

    await sleep(1500);
    // Redis up: a revocation elsewhere reaches the program at once.
    const revokedWhileUp = await revokeElsewhere(await cachedToken());
    // Well inside the 5 s its cached copy would live: Redis carried it.
    expect(revokedWhileUp.afterRevocation).toBeLessThan(2500);

    proxy.cut();
    const cutAt = Date.now();
    await sleep(1000);
    // Redis down: the revocation can't travel; the program sees it when its cached copy expires.
    const tokenWhileDown = await cachedToken();
    const revokedWhileDown = await revokeElsewhere(tokenWhileDown);
    // Not at once (nothing carried it), but within the 5 s cache (plus polling and a busy machine).
    expect(revokedWhileDown.afterRead).toBeLessThanOrEqual(5000 + 2000);
    // The cached copy kept it alive after the revocation (nothing told the program), unless the
    // revocation itself came too late on this busy machine for the copy to outlive it.
    if (revokedWhileDown.readToRevocation < 3000) expect(revokedWhileDown.accepted).toBeGreaterThan(0);
    // Failed logins are still counted and refused (in this process), not a 500.
    const badToken = await load.request("GET", "/api/dashboard/token-info", undefined, {
      authorization: "f".repeat(56),
    });
    expect(badToken?.status).toBe(401);
    // A revocation made in this process (the owner, from the dashboard) can't be published: it
    // takes effect here at once, the process stays up, and the others catch up through their caches.
    const revokedHere = await cachedToken();
    const deleted = await load.request("DELETE", `/api/dashboard/tokens/${revokedHere.id}`);
    expect(deleted?.status).toBe(204);
    const refusedHere = await load.request("GET", "/api/dashboard/token-info", undefined, {
      authorization: revokedHere.token,
    });
    expect(refusedHere?.status).toBe(401);
    await sleep(1500);
    await waitFor(async () => latencies.filter((entry) => entry.at >= cutAt).length >= 20, 20_000, 100);
    const downFor = Date.now() - cutAt;

    proxy.restore();
    const restoredAt = Date.now();
    const back = await waitFor(async () => program?.output().includes("Redis is back") ?? false, 10_000, 100);
    expect(back).toBe(true);
    const backAfterMs = Date.now() - restoredAt;
    await sleep(300);
    // Redis back: revocations travel through it again.
    const revokedWhenBack = await revokeElsewhere(await cachedToken());
    expect(revokedWhenBack.afterRevocation).toBeLessThan(2500);
    // And the token-activity counts are written to it again.
    const seenAt = Number(await ownRedis.zscore(`hearth:tokenaddr:${prepared.tokenId}`, "127.0.0.1"));
    expect(seenAt).toBeGreaterThanOrEqual(restoredAt);

    reading = false;
    await Promise.all([load.stop(), readLoop]);
    const settled = await waitFor(() => allEnded(storage, load.acknowledged), 30_000, 500);
    const found = await findings(storage, community, load.acknowledged);

    const duringOutage = latencies.filter((entry) => entry.at >= cutAt && entry.at < restoredAt);
    const report = {
      statuses: Object.fromEntries(load.statuses),
      downForMs: downFor,
      requestsDuringOutage: duringOutage.length,
      slowestDuringOutageMs: Math.max(...duringOutage.map((entry) => entry.ms)),
      slowestOverallMs: Math.max(...latencies.map((entry) => entry.ms)),
      revocationSeenMs: {
        redisUp: revokedWhileUp,
        redisDown: revokedWhileDown,
        redisBack: revokedWhenBack,
      },
      backAfterMs,
      acknowledged: { timers: found.timers.acknowledged, votes: found.votes.acknowledged },
      lost: { timers: found.timers.missing.length, votes: found.votes.missing.length },
    };
    process.stdout.write(`redis-down ${JSON.stringify(report)}\n`);

    // The api kept serving: every request answered, none 5xx, none waiting on Redis beyond the
    // one-second command timeout (the requests sent as it went away).
    expect(load.serverErrors).toEqual([]);
    expect(duringOutage.length).toBeGreaterThan(20);
    expect(duringOutage.every((entry) => entry.status === 200)).toBe(true);
    expect(report.slowestDuringOutageMs).toBeLessThan(2000);
    // The log says so once for the outage (not per request) and once when Redis is back.
    const lines = logLines(program.output());
    expect(lines.filter((line) => line.msg.startsWith("Redis is unavailable"))).toHaveLength(1);
    expect(lines.filter((line) => line.msg.startsWith("Redis is back"))).toHaveLength(1);
    expect(program.output()).not.toContain("[ioredis]");
    expect(program.child.exitCode).toBeNull();
    // Nothing lost.
    expect(settled, JSON.stringify(report)).toBe(true);
    expect(found.timers.missing).toEqual([]);
    expect(found.votes.missing).toEqual([]);
    expect(found.votes.doubled).toEqual([]);
  } finally {
    await stopProgram(program);
    const keys = await ownRedis.keys("hearth:*").catch(() => []);
    if (keys.length > 0) await ownRedis.del(...keys).catch(() => 0);
    ownRedis.disconnect();
    publisher.disconnect();
    await services.close();
    await storage.close();
    await proxy.close();
    await community.standIn.close();
    await database.drop();
  }
}
