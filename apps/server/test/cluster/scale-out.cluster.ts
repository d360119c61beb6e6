import fs from "node:fs";
import path from "node:path";
import { defaultWelcomeConfig } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../discord-stand-in/index.ts";
import { Cluster, type ClusterGuild, jobLeaseMs, senderPid, shardCount } from "./cluster.ts";
import type { HearthProcess } from "./processes.ts";

// `npm run test:cluster`: the README's "Scaling out" claims, proven with real processes of the
// program on PostgreSQL and Redis against the Discord stand-in: 2 api, 2 bot (one shard each of 2),
// and workers. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both); skips without them.

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl);
if (!enabled) {
  console.warn(
    "test:cluster skipped: it needs PostgreSQL and Redis; set TEST_DATABASE_URL and TEST_REDIS_URL (as .ci/run does).",
  );
}

/** Giveaways and timers scheduled to fall due at the same moment, across the four servers. */
const giveawayCount = 200;
const timerCount = 120;
/**
 * Giveaways must end at least a minute after they are created: the last one is created up to half a
 * minute after the first on a busy machine.
 */
const dueInMs = 90_000;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are asserted on freely
  body: any;
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const answer: Answer = { status: response.status, body: text ? JSON.parse(text) : null };
  return answer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a failure naming `what` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

const postsTo = (requests: RecordedRequest[], channelId: string) =>
  requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path === `/channels/${channelId}/messages` &&
      request.status === 200,
  );

describe.skipIf(!enabled)("several Hearth processes on PostgreSQL and Redis", () => {
  let cluster: Cluster;
  let api: HearthProcess[];
  let bots: HearthProcess[];
  let workers: HearthProcess[] = [];
  let guilds: ClusterGuild[];
  const started = Date.now();
  /** When the giveaways and timers fall due. */
  let dueAt = 0;
  const prizes: string[] = [];
  /** Giveaways a member entered: they end with that member as the winner. */
  const entered: { prize: string; guild: ClusterGuild; messageId: string }[] = [];
  const timerTexts: string[] = [];
  /** The timers of the kill and slow-job tests, left out of the count of those falling due together. */
  const specialTimers: number[] = [];

  const timerJob = async (timerId: number) =>
    (
      await cluster.db.query("select status, attempts from jobs where kind = 'timer.end' and payload = $1", [
        JSON.stringify({ timerId }),
      ])
    ).rows[0] as { status: string; attempts: number } | undefined;
  const special = () => specialTimers.map((timerId) => JSON.stringify({ timerId }));

  beforeAll(async () => {
    cluster = await Cluster.create({ databaseUrl: databaseUrl ?? "", redisUrl: redisUrl ?? "" });
    cluster.addGuilds(2);
    guilds = cluster.guilds;
    // All at once: each migrates the fresh database at start, safely in parallel.
    api = [cluster.spawn("api#0", "api"), cluster.spawn("api#1", "api")];
    bots = Array.from({ length: shardCount }, (_, shard) => cluster.spawnBot(shard));
    await Promise.all(cluster.processes.map((process) => process.started(120_000)));
    await cluster.standIn.gateway.whenIdentified(shardCount);
    console.log(`cluster: ${cluster.processes.length} processes started in ${Date.now() - started} ms`);
    for (const guild of guilds) guild.token = await cluster.dashboardToken(guild.id, guild.ownerId);
    console.log(`cluster: dashboard tokens made by /dashboard create after ${Date.now() - started} ms`);
  }, 150_000);

  afterAll(async () => {
    if (!cluster) return;
    const failed = cluster.processes.filter((process) => process.problems().length > 0);
    for (const process of failed) {
      console.log(
        `${process.name} warnings:\n${process
          .problems()
          .map((line) => JSON.stringify(line))
          .join("\n")}`,
      );
    }
    // CLUSTER_LOGS=<dir> keeps every process's output there, one file each.
    const keep = process.env.CLUSTER_LOGS;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      for (const process of cluster.processes) {
        fs.writeFileSync(
          path.join(keep, `${process.name}.log`),
          `${process.tail(Number.POSITIVE_INFINITY)}\n`,
        );
      }
    }
    await cluster.destroy();
    console.log(`cluster: whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 60_000);

  it("each bot process holds only its own shard's servers", () => {
    const sessions = cluster.standIn.gateway.sessions;
    expect(sessions.map((session) => session.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it(`schedules ${giveawayCount} giveaways and ${timerCount} timers to fall due together`, async () => {
    dueAt = Date.now() + dueInMs;
    const t0 = Date.now();
    const giveaways = Array.from({ length: giveawayCount }, (_, i) => i);
    await inParallel(giveaways, 8, async (i) => {
      const guild = guilds[i % guilds.length] as ClusterGuild;
      const prize = `Cluster prize ${i}`;
      prizes.push(prize);
      const answer = await call(
        (api[i % 2] as HearthProcess).url,
        "POST",
        "/api/giveaways/create",
        guild.token,
        { channelId: guild.channels.giveaways, prize, winnerCount: 1, endTime: dueAt },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      if (i < 2 * guilds.length) entered.push({ prize, guild, messageId: answer.body.messageId });
    });
    const giveawaysMs = Date.now() - t0;
    // A member enters two giveaways of each server with its Enter button, answered by its shard's bot.
    for (const { guild, messageId } of entered) {
      const click = cluster.standIn.buttonClick({
        guildId: guild.id,
        userId: guild.memberId,
        messageId,
        customId: "giveaway:enter",
      });
      const after = cluster.standIn.requests.length;
      await cluster.standIn.dispatch("INTERACTION_CREATE", click);
      const callback = await cluster.standIn.waitForRequest(
        (request) => request.path === `/interactions/${click.id}/${click.token}/callback`,
        { after, timeoutMs: 10_000 },
      );
      expect(callback.body.data.content).toContain("You're in!");
      expect(senderPid(callback)).toBe((bots[guild.shard] as HearthProcess).pid);
    }
    const timers = Array.from({ length: timerCount }, (_, i) => i);
    await inParallel(timers, 8, async (i) => {
      const guild = guilds[i % guilds.length] as ClusterGuild;
      const message = `cluster-timer-${i}`;
      timerTexts.push(message);
      const answer = await call(
        (api[i % 2] as HearthProcess).url,
        "POST",
        `/api/timers/${guild.id}/timers`,
        guild.token,
        { channelId: guild.channels.timers, message, duration: Math.round((dueAt - Date.now()) / 1000) },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    });
    console.log(
      `cluster: ${giveawayCount} giveaways created in ${giveawaysMs} ms, ${timerCount} timers and ${entered.length} entries (Enter button) in ${Date.now() - t0} ms all told`,
    );
    // The workers start now, while the jobs wait to fall due and the api and bot tests run: nothing
    // has run a job yet.
    workers = [cluster.spawn("worker#0", "worker"), cluster.spawn("worker#1", "worker")];
  }, 60_000);

  it("a dashboard write on api#0 is read back on api#1 at once", async () => {
    const [first, second] = api as [HearthProcess, HearthProcess];
    const guild = guilds[0] as ClusterGuild;
    const before = await call(second.url, "GET", "/api/settings/fetch", guild.token);
    expect(before.status).toBe(200);
    const flipped = !before.body.calculatorEnabled;
    const written = await call(first.url, "PUT", "/api/settings/edit", guild.token, {
      calculatorEnabled: flipped,
    });
    expect(written.status).toBe(200);
    const after = await call(second.url, "GET", "/api/settings/fetch", guild.token);
    expect(after.body.calculatorEnabled).toBe(flipped);

    const welcome = {
      ...defaultWelcomeConfig,
      enabled: true,
      channelId: guild.channels.welcome,
      button: { enabled: false, label: "", emoji: "" },
    };
    expect((await call(second.url, "PUT", "/api/welcome/config", guild.token, welcome)).status).toBe(200);
    const read = await call(first.url, "GET", "/api/welcome/config", guild.token);
    expect(read.body).toMatchObject({ enabled: true, channelId: guild.channels.welcome });
  });

  it("a token revoked on api#0 is refused by api#1 within a second", async () => {
    const [first, second] = api as [HearthProcess, HearthProcess];
    const guild = guilds[1] as ClusterGuild;
    const adminToken = await cluster.dashboardToken(guild.id, guild.memberId);
    // api#1 has the token in its cache (re-read from the database only every 5 s).
    expect((await call(second.url, "GET", "/api/dashboard/token-info", adminToken)).status).toBe(200);
    const tokens = await call(first.url, "GET", "/api/dashboard/tokens", guild.token);
    const target = (tokens.body as { id: string; userId: string | null }[]).find(
      (token) => token.userId === guild.memberId,
    );
    expect(target).toBeDefined();
    const sentAt = Date.now();
    expect((await call(first.url, "DELETE", `/api/dashboard/tokens/${target?.id}`, guild.token)).status).toBe(
      204,
    );
    // From the moment the revocation is answered (done), api#1 must refuse the token within a second.
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 1000) {
      status = (await call(second.url, "GET", "/api/dashboard/token-info", adminToken)).status;
      if (status === 200) await sleep(20);
    }
    const refusedAfter = Date.now() - revokedAt;
    console.log(
      `cluster: revoked token refused by the other api process ${refusedAfter} ms after the revocation was answered (${Date.now() - sentAt} ms after it was asked for)`,
    );
    expect(status).toBe(401);
    expect(refusedAfter).toBeLessThanOrEqual(1000);
  });

  it("a member joining a server is welcomed once, by the bot process of that server's shard", async () => {
    for (const shard of [1, 0]) {
      const guild = guilds.find((candidate) => candidate.shard === shard) as ClusterGuild;
      const api0 = (api as [HearthProcess])[0];
      const welcome = {
        ...defaultWelcomeConfig,
        enabled: true,
        channelId: guild.channels.welcome,
        button: { enabled: false, label: "", emoji: "" },
      };
      expect((await call(api0.url, "PUT", "/api/welcome/config", guild.token, welcome)).status).toBe(200);
      const { state } = cluster.standIn;
      const user = state.addUser({ username: `joiner-${shard}` });
      const member = state.addMember(guild.id, user.id);
      await cluster.standIn.dispatch("GUILD_MEMBER_ADD", { ...state.apiMember(member), guild_id: guild.id });
      await cluster.standIn.waitForRequest(
        (request) => postsTo([request], guild.channels.welcome).length > 0,
        { timeoutMs: 10_000 },
      );
      // Long enough for a second handler, had another process heard the event, to post too.
      await sleep(1500);
      const welcomes = postsTo(cluster.standIn.requests, guild.channels.welcome);
      expect(welcomes).toHaveLength(1);
      expect(senderPid(welcomes[0] as RecordedRequest)).toBe((bots[shard] as HearthProcess).pid);
    }
  });

  it("a worker killed (SIGKILL) while running a job: the job runs once, elsewhere, after its lease", async () => {
    await Promise.all(workers.map((worker) => worker.started(120_000)));
    const guild = guilds[2] as ClusterGuild;
    const channel = guild.channels.jobs;
    const timer = await call(
      (api[0] as HearthProcess).url,
      "POST",
      `/api/timers/${guild.id}/timers`,
      guild.token,
      {
        channelId: channel,
        message: "killed-worker-timer",
        duration: 2,
      },
    );
    expect(timer.status).toBe(201);
    specialTimers.push(timer.body.id);
    // Discord holds the end's post until the worker that sent it is gone: the worker dies mid-job.
    const held = await within(
      cluster.standIn.holdNext("POST", `/channels/${channel}/messages`, 60_000),
      20_000,
      "post of the timer's end",
    );
    expect(String(held.body.content)).toContain("Timer ended: killed-worker-timer");
    const holder = workers.find((worker) => worker.pid === senderPid(held)) as HearthProcess;
    expect(holder).toBeDefined();
    const survivor = workers.find((worker) => worker !== holder) as HearthProcess;
    const killedAt = Date.now();
    await holder.kill();

    const posted = await cluster.standIn.waitForRequest(
      (request) =>
        postsTo([request], channel).length > 0 && String(request.body.content).includes("Timer ended"),
      { timeoutMs: jobLeaseMs * 5 },
    );
    console.log(
      `cluster: ${holder.name} killed holding a job; ${survivor.name} ran it ${posted.at - killedAt} ms later (lease ${jobLeaseMs} ms)`,
    );
    expect(senderPid(posted)).toBe(survivor.pid);
    expect(posted.at - killedAt).toBeGreaterThanOrEqual(jobLeaseMs - 1000);
    const job = await timerJob(timer.body.id);
    await expect.poll(async () => (await timerJob(timer.body.id))?.status, { timeout: 10_000 }).toBe("done");
    expect((await timerJob(timer.body.id))?.attempts).toBe(2);
    expect(job).toBeDefined();
    // The held post of the dead worker changed nothing (status 0); the survivor's is the only one.
    const ends = cluster.standIn.requests.filter(
      (request) =>
        request.path === `/channels/${channel}/messages` &&
        String(request.body?.content).includes("Timer ended"),
    );
    expect(ends.map((request) => [senderPid(request), request.status])).toEqual([
      [holder.pid, 0],
      [survivor.pid, 200],
    ]);
    // A replacement, so two workers share the giveaways and timers falling due.
    const replacement = cluster.spawn("worker#2", "worker");
    await replacement.started();
    workers = [survivor, replacement];
  }, 60_000);

  it("a job running longer than its lease keeps its claim: it runs once", async () => {
    const guild = guilds[3] as ClusterGuild;
    const channel = guild.channels.jobs;
    const slowMs = jobLeaseMs * 3;
    const created = await call(
      (api[1] as HearthProcess).url,
      "POST",
      `/api/timers/${guild.id}/timers`,
      guild.token,
      {
        channelId: channel,
        message: "slow-timer",
        duration: 2,
      },
    );
    expect(created.status).toBe(201);
    specialTimers.push(created.body.id);
    const held = await within(
      cluster.standIn.holdNext("POST", `/channels/${channel}/messages`, slowMs),
      20_000,
      "post of the timer's end",
    );
    const runner = workers.find((worker) => worker.pid === senderPid(held)) as HearthProcess;
    expect(runner).toBeDefined();
    // Two leases into the run, the claim is still the runner's and reaches past now: renewed.
    await sleep(jobLeaseMs * 2);
    const claim = (
      await cluster.db.query(
        "select status, locked_by, locked_until from jobs where kind = 'timer.end' and payload = $1",
        [JSON.stringify({ timerId: created.body.id })],
      )
    ).rows[0] as { status: string; locked_by: string; locked_until: string };
    expect(claim.status).toBe("running");
    expect(claim.locked_by).toContain(`:${runner.pid}:`);
    expect(Number(claim.locked_until)).toBeGreaterThan(Date.now());
    await expect
      .poll(async () => (await timerJob(created.body.id))?.status, {
        timeout: slowMs + 10_000,
        interval: 200,
      })
      .toBe("done");
    console.log(`cluster: ${runner.name} ran a job for ${slowMs} ms on a ${jobLeaseMs} ms lease`);
    expect((await timerJob(created.body.id))?.attempts).toBe(1);
    const ends = postsTo(cluster.standIn.requests, channel).filter((post) =>
      String(post.body.content).includes("Timer ended: slow-timer"),
    );
    expect(ends).toHaveLength(1);
    for (const worker of workers) {
      expect(worker.logs.filter((line) => line.msg === "lost the claim of a running job")).toEqual([]);
    }
  }, 60_000);

  it(`the ${giveawayCount} giveaways and ${timerCount} timers each end exactly once across two workers`, async () => {
    const total = giveawayCount + timerCount;
    const kinds = ["giveaway.end", "timer.end"];
    await sleep(Math.max(0, dueAt - Date.now()));
    await expect
      .poll(
        async () =>
          Number(
            (
              await cluster.db.query(
                "select count(*) as n from jobs where kind = any($1) and status = 'done' and not (payload = any($2))",
                [kinds, special()],
              )
            ).rows[0]?.n,
          ),
        { timeout: 90_000, interval: 500 },
      )
      .toBe(total);
    const drainedAfter = Date.now() - dueAt;
    const jobs = (
      await cluster.db.query(
        "select kind, status, attempts from jobs where kind = any($1) and not (payload = any($2))",
        [kinds, special()],
      )
    ).rows as { kind: string; status: string; attempts: number }[];
    expect(jobs).toHaveLength(total);
    expect(jobs.filter((job) => job.attempts !== 1)).toEqual([]);

    const giveawayRows = (
      await cluster.db.query("select status, count(*) as n from giveaways group by status")
    ).rows as { status: string; n: string }[];
    expect(giveawayRows).toEqual([{ status: "ended", n: String(giveawayCount) }]);

    // What Discord saw: one announcement per giveaway and per timer, none twice, all from workers.
    const announcements = cluster.standIn.requests.filter(
      (request) =>
        request.method === "POST" &&
        request.status === 200 &&
        /^\/channels\/\d+\/messages$/.test(request.path),
    );
    const perPrize = new Map<string, RecordedRequest[]>();
    for (const prize of prizes) perPrize.set(prize, []);
    const perTimer = new Map<string, RecordedRequest[]>();
    for (const text of timerTexts) perTimer.set(text, []);
    for (const request of announcements) {
      const content = String(request.body?.content ?? "");
      const prize = /no one entered|You won/.test(content)
        ? /\*\*(Cluster prize \d+)\*\*/.exec(content)?.[1]
        : null;
      if (prize) perPrize.get(prize)?.push(request);
      const timer = /^⏰ Timer ended: (cluster-timer-\d+)$/.exec(content)?.[1];
      if (timer) perTimer.get(timer)?.push(request);
    }
    for (const { prize, guild } of entered) {
      const [announcement] = perPrize.get(prize) ?? [];
      expect(String(announcement?.body.content)).toContain(`<@${guild.memberId}>`);
      expect(String(announcement?.body.content)).toContain("You won");
    }
    const notOnce = [...perPrize, ...perTimer]
      .filter(([, posts]) => posts.length !== 1)
      .map(([key, posts]) => `${key}: ${posts.length}`);
    expect(notOnce).toEqual([]);

    const senders = new Map<number | null, number>();
    for (const posts of [...perPrize.values(), ...perTimer.values()]) {
      for (const post of posts) senders.set(senderPid(post), (senders.get(senderPid(post)) ?? 0) + 1);
    }
    const workerPids = workers.map((worker) => worker.pid);
    expect([...senders.keys()].every((pid) => pid !== null && workerPids.includes(pid))).toBe(true);
    for (const pid of workerPids) expect(senders.get(pid) ?? 0).toBeGreaterThan(0);
    const split = workers.map((worker) => `${worker.name} ${senders.get(worker.pid) ?? 0}`).join(", ");
    console.log(
      `cluster: ${total} jobs due together, each run exactly once (${split}); all done ${drainedAfter} ms after they fell due`,
    );
  }, 150_000);

  it("no process logged an error", () => {
    const errors = cluster.processes.flatMap((process) =>
      process.logs.filter((line) => (line.level ?? 0) >= 50).map((line) => `${process.name}: ${line.msg}`),
    );
    expect(errors).toEqual([]);
    const names = cluster.processes.map((process) => process.name).join(", ");
    console.log(`cluster: ${cluster.processes.length} processes started (${names})`);
  });
});
