import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Insertable } from "kysely";
import pg from "pg";
import { openStorage } from "../src/db/database.ts";
import type { Database } from "../src/db/schema.ts";
import { demoGuildId, demoOwnerId } from "../src/discord/sandbox/demo-seed-data.ts";
import { periodStartAt } from "../src/features/grinders/periods.ts";
import { getGrinderConfig } from "../src/features/grinders/service.ts";
import { insertGrinders } from "../src/features/grinders/store.ts";

/**
 * `npm run bench:load`: the API under load as it is deployed, each process a real `main.ts` started
 * as its own child (default logging, the sandbox's demo server), autocannon in another process.
 *
 * (a) issue 16: one process (all roles), SQLite, 50 connections × 20 s over the routes the site and
 *     dashboard call (public giveaways and discovery pages, stats, dashboard overview, grinders,
 *     settings, the dashboard's giveaway list and stats). RATE_LIMIT_MAX=0.
 * (b) issue 17: two `ROLES=api` processes on PostgreSQL (a database made for the run on the server
 *     of BENCH_LOAD_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL, dropped afterwards), 200
 *     connections × 60 s spread over both, the same reads plus dashboard writes (settings, giveaway
 *     configuration, dashboard access audit entries). Skipped, saying so, without a PostgreSQL URL.
 *
 * Before the run the demo server is grown to a busy community's size: 1,000 grinders and 500
 * giveaways with 20 entrants each (written straight to the database the processes use).
 *
 * Every figure is printed beside its target. RSS is read from /proc before the run (after a warm-up
 * of the same load, so start-up's and the heap's one-time growth don't count) and after it.
 *
 * Env: BENCH_LOAD_SCENARIOS (a,b), BENCH_LOAD_A_SECONDS (20), BENCH_LOAD_A_CONNECTIONS (50),
 * BENCH_LOAD_B_SECONDS (60), BENCH_LOAD_B_CONNECTIONS (200), BENCH_LOAD_WARMUP_SECONDS (5);
 * BENCH_LOAD_SNAPSHOTS=<dir>: (b) takes heap snapshots of both processes at the start, middle and
 * end of its run into <dir> and prints what grew (the soak: BENCH_LOAD_B_SECONDS=600);
 * BENCH_LOAD_PER_ROUTE=1 also loads each route of (a) alone first.
 *
 * `npm run bench:load -- --soak 600`: the soak, scenario (b) alone for 600 s with heap snapshots at
 * its start, middle and end (into a temporary directory, removed after their summary, unless
 * BENCH_LOAD_SNAPSHOTS names one). Every process started here also records its RSS and V8 heap every
 * 10 s (`memory-sampler.ts`); (b) prints both over the run and whether each levels off (its spread
 * over the run's second half within 5 %).
 */

const root = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const mainPath = join(root, "apps/server/src/main.ts");
const autocannonPath = createRequire(import.meta.url).resolve("autocannon");
const samplerPath = fileURLToPath(new URL("./memory-sampler.ts", import.meta.url));

/**
 * `--soak <seconds>` (`npm run bench:load -- --soak 600`, or BENCH_LOAD_SOAK=600): scenario (b)
 * alone, that long, with heap snapshots (see above).
 */
const soakAt = process.argv.indexOf("--soak");
const soakValue = soakAt === -1 ? process.env.BENCH_LOAD_SOAK : (process.argv[soakAt + 1] ?? "600");
const soakSeconds = soakValue === undefined ? undefined : Number(soakValue);
if (soakSeconds !== undefined) {
  if (!Number.isFinite(soakSeconds) || soakSeconds <= 0) throw new Error("--soak takes a number of seconds");
  process.env.BENCH_LOAD_SCENARIOS = "b";
  process.env.BENCH_LOAD_B_SECONDS = String(soakSeconds);
}
const soakSnapshotDir =
  soakSeconds !== undefined && !process.env.BENCH_LOAD_SNAPSHOTS
    ? mkdtempSync(join(tmpdir(), "hearth-soak-snapshots-"))
    : undefined;
if (soakSnapshotDir) process.env.BENCH_LOAD_SNAPSHOTS = soakSnapshotDir;

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

interface Hearth {
  child: ChildProcess;
  url: string;
  logPath: string;
  /** JSON lines of the process's memory every 10 s (`memory-sampler.ts`). */
  memoryPath: string;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Starts `main.ts` with `vars`; answers once /health says ok (or fails with the log's end). */
async function startHearth(dir: string, name: string, vars: Record<string, string>): Promise<Hearth> {
  const port = await freePort();
  const logPath = join(dir, `${name}.log`);
  const memoryPath = join(dir, `${name}.memory.jsonl`);
  const log = openSync(logPath, "w");
  // BENCH_LOAD_SNAPSHOTS=<dir>: the process writes a heap snapshot there on SIGUSR2.
  const snapshots = process.env.BENCH_LOAD_SNAPSHOTS;
  const flags = snapshots ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshots}`] : [];
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "--import", samplerPath, mainPath], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_FORMAT: "json",
      HOST: "127.0.0.1",
      PORT: String(port),
      RATE_LIMIT_MAX: "0",
      TOKEN_WRITE_LIMIT: "0",
      ...vars,
      BENCH_MEMORY_SAMPLES: memoryPath,
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const answer = await fetch(`${url}/health`);
      if (answer.ok) return { child, url, logPath, memoryPath };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} did not start:\n${readFileSync(logPath, "utf8").slice(-2000)}`);
}

async function stopHearth(hearth: Hearth): Promise<void> {
  if (hearth.child.exitCode !== null) return;
  const exited = new Promise((done) => hearth.child.once("exit", done));
  hearth.child.kill("SIGTERM");
  const timer = setTimeout(() => hearth.child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The demo server's dashboard token, printed once by the process that seeded it. */
function demoToken(hearth: Hearth): string {
  const match = /Dashboard token \(shown once\): ([0-9a-f]{56})/.exec(readFileSync(hearth.logPath, "utf8"));
  if (!match?.[1]) throw new Error(`no demo token in ${hearth.logPath}`);
  return match[1];
}

/** Resident set size of a process, MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const grinderCount = 1000;
const giveawayCount = 500;
const entrantsEach = 20;

/** Grows the demo server: 1,000 grinders on its tiers, 500 giveaways (a third running) with entrants. */
async function growDemo(databaseUrl: string): Promise<void> {
  const storage = openStorage(databaseUrl);
  try {
    const db = storage.db;
    const { tiers, period } = await getGrinderConfig(db, demoGuildId);
    const now = Date.now();
    const grinders: Insertable<Database["grinders"]>[] = Array.from({ length: grinderCount }, (_, i) => {
      const tier = tiers[i % tiers.length];
      if (!tier) throw new Error("the demo setup has no tiers");
      return {
        id: String(1_500_000_000_000_000_000n + BigInt(i)),
        server_id: demoGuildId,
        user_id: String(900_000_000_000_000_000n + BigInt(i)),
        username: `grinder_${i}`,
        display_name: `Grinder ${i}`,
        tier_id: tier.id,
        tier_name: tier.name,
        on_break: i % 17 === 0 ? 1 : 0,
        break_started_at: i % 17 === 0 ? now - 86_400_000 : null,
        break_until: null,
        hired_at: now - (i % 90) * 86_400_000 - i * 1000,
        hired_by: demoOwnerId,
        hired_by_name: "Ember Keeper",
        period_start: periodStartAt(period, i % 3 === 1 ? now - 7 * 86_400_000 : now),
        period_total: i % 3 === 2 ? 0 : tier.payment + (i % 5) * 10_000,
        leftover_payment: i % 4 === 0 ? 50_000 : 0,
        last_payment_at: i % 3 === 2 ? null : now - (i % 7) * 3_600_000,
        archived_at: null,
        archived_by: null,
        archive_reason: null,
      };
    });
    await insertGrinders(db, grinders);
    const channel = await db
      .selectFrom("sandbox_channels")
      .select("id")
      .where("guild_id", "=", demoGuildId)
      .executeTakeFirstOrThrow();
    for (let start = 0; start < giveawayCount; start += 25) {
      const rows: Insertable<Database["giveaways"]>[] = Array.from({ length: 25 }, (_, n) => {
        const i = start + n;
        const running = i % 3 === 0;
        return {
          server_id: demoGuildId,
          channel_id: channel.id,
          message_id: String(1_400_000_000_000_000_000n + BigInt(i)),
          guild_name: "Ember Hollow",
          prize: `Load prize ${i}`,
          description: "A giveaway of the load benchmark",
          winner_count: 1 + (i % 3),
          host_id: demoOwnerId,
          donor_id: null,
          min_account_age: 0,
          min_member_age: 0,
          min_invites: 0,
          required_roles: "[]",
          status: running ? "active" : "ended",
          end_time: running ? now + (i + 1) * 3_600_000 : now - i * 3_600_000,
          ended_at: running ? null : now - i * 3_600_000,
          created_at: now - i * 3_600_000 - 86_400_000,
        };
      });
      const inserted = await db.insertInto("giveaways").values(rows).returning("id").execute();
      const entries = inserted.flatMap(({ id }) =>
        Array.from({ length: entrantsEach }, (_, e) => ({
          giveaway_id: id,
          user_id: String(900_000_000_000_000_000n + BigInt(e)),
          username: `grinder_${e}`,
          entries: 1,
          has_bypass: 0,
          entered_at: now,
        })),
      );
      for (let at = 0; at < entries.length; at += 100) {
        await db
          .insertInto("giveaway_entries")
          .values(entries.slice(at, at + 100))
          .execute();
      }
    }
  } finally {
    await storage.close();
  }
}

interface Request {
  method: "GET" | "POST" | "PUT";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The reads the site's public pages and the dashboard's tabs make, as they make them. */
function reads(token: string): Request[] {
  const auth = { authorization: token };
  return [
    { method: "GET", path: "/api/giveaways?limit=24&sort=newest" },
    { method: "GET", path: "/api/discovery?limit=24" },
    { method: "GET", path: "/api/stats" },
    { method: "GET", path: "/api/dashboard/server", headers: auth },
    { method: "GET", path: `/api/grinders/${demoGuildId}/grinders?limit=500`, headers: auth },
    { method: "GET", path: "/api/settings/fetch", headers: auth },
    { method: "GET", path: `/api/giveaways/${demoGuildId}?limit=100`, headers: auth },
    { method: "GET", path: `/api/giveaways/bb/stats/${demoGuildId}`, headers: auth },
  ];
}

/** Dashboard writes: each changes a row (or adds an audit entry) and is safe to repeat. */
function writes(token: string): Request[] {
  const json = { authorization: token, "content-type": "application/json" };
  return [
    { method: "PUT", path: "/api/settings/edit", headers: json, body: '{"tipsEnabled":true,"tipsEvery":25}' },
    {
      method: "PUT",
      path: `/api/giveaways/y/config/${demoGuildId}`,
      headers: json,
      body: '{"bypassRoles":[],"blacklistRoles":[],"multiplierRoles":[]}',
    },
    { method: "POST", path: "/api/dashboard/access", headers: json, body: '{"path":"/dashboard"}' },
  ];
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  errors: number;
  statuses: Record<string, number>;
}

/** autocannon in its own process, so its work doesn't take the server's CPU in this process. */
async function cannon(
  urls: string[],
  requests: Request[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const script = `
    const autocannon = require(${JSON.stringify(autocannonPath)});
    autocannon(JSON.parse(process.env.LOAD_OPTIONS), (error, result) => {
      if (error) { console.error(error); process.exit(1); }
      process.stdout.write(JSON.stringify(result));
    });`;
  const options = { url: urls.length === 1 ? urls[0] : urls, connections, duration: seconds, requests };
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], {
    env: { ...process.env, LOAD_OPTIONS: JSON.stringify(options) },
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  const failed = Object.entries(statuses)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    errors: result.errors + result.timeouts + failed,
    statuses,
  };
}

const mark = (met: boolean) => (met ? "met" : "NOT met");

function printLoad(result: LoadResult, targets: { rps?: number; p99?: number }) {
  const rps = result.requestsPerSecond;
  console.log(
    `  throughput   ${rps.toFixed(0).padStart(7)} req/s   target ${targets.rps ? `≥ ${targets.rps} (${mark(rps >= targets.rps)})` : "none set (printed)"}`,
  );
  console.log(`  latency p50  ${String(result.p50).padStart(7)} ms`);
  console.log(
    `  latency p99  ${String(result.p99).padStart(7)} ms      target ${targets.p99 ? `≤ ${targets.p99} ms (${mark(result.p99 <= targets.p99)})` : "none set (printed)"}   (max ${result.max} ms)`,
  );
  console.log(
    `  errors       ${String(result.errors).padStart(7)}         target 0 (${mark(result.errors === 0)})   ${result.total} requests, statuses ${JSON.stringify(result.statuses)}`,
  );
}

function printRss(name: string, before: number, after: number, timeline: number[] = []) {
  const growth = ((after - before) / before) * 100;
  console.log(
    `  RSS ${name.padEnd(8)} ${before.toFixed(0)} → ${after.toFixed(0)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %)   target growth ≤ 10 % (${mark(growth <= 10)})`,
  );
  // Growth that levels off is the heap settling at this load; growth that keeps its pace is a leak.
  if (timeline.length > 1) {
    console.log(
      `      during the run, every ${rssSampleSeconds} s: ${timeline.map((mb) => mb.toFixed(0)).join(" ")} MB`,
    );
  }
}

const rssSampleSeconds = 10;

/** Whether a figure levels off: its spread over the second half of the run, against 5 %. */
function printPlateau(timeline: number[], what = "RSS"): void {
  if (timeline.length < 4) return;
  const half = timeline.slice(Math.floor(timeline.length / 2));
  const low = Math.min(...half);
  const high = Math.max(...half);
  const spread = ((high - low) / low) * 100;
  console.log(
    `      ${what}, second half of the run: ${low.toFixed(0)}–${high.toFixed(0)} MB, spread ${spread.toFixed(1)} %   target plateau ≤ 5 % (${mark(spread <= 5)})`,
  );
}

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** The memory samples a process recorded (`memory-sampler.ts`) between two moments. */
function memorySamples(hearth: Hearth, from: number, to: number): MemorySample[] {
  if (!existsSync(hearth.memoryPath)) return [];
  return readFileSync(hearth.memoryPath, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as MemorySample)
    .filter((sample) => sample.at >= from && sample.at <= to);
}

/** The V8 heap over the run as the process itself saw it (used of total). */
function printHeap(hearth: Hearth, from: number, to: number): void {
  const samples = memorySamples(hearth, from, to);
  if (samples.length < 2) return;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `      V8 heap used/total during the run, every ${rssSampleSeconds} s: ${samples.map((s) => `${mb(s.heapUsed)}/${mb(s.heapTotal)}`).join(" ")} MB`,
  );
  // V8 grows and shrinks the heap between collections (used is a sawtooth, total follows the load):
  // printed, not tested; the leak test is the live heap in the snapshots, each made after a full collection.
  const half = samples.slice(Math.floor(samples.length / 2)).map((s) => s.heapUsed / 1024 / 1024);
  console.log(
    `      heap used, second half of the run: ${Math.min(...half).toFixed(0)}–${Math.max(...half).toFixed(0)} MB (between collections; the snapshots below hold the live heap)`,
  );
}

/**
 * Each process's heap snapshots (start, middle (40 %), end of the run): heap size, and what grew most
 * between the middle and the end by constructor (self size), the place a leak would show.
 */
async function printSnapshots(dir: string, started: Hearth[]): Promise<void> {
  const files = readdirSync(dir).filter((name) => name.endsWith(".heapsnapshot"));
  for (const [index, hearth] of started.entries()) {
    const mine = files.filter((name) => name.includes(`.${hearth.child.pid}.`)).sort();
    const summaries = mine.map((name) => summarizeSnapshot(join(dir, name)));
    console.log(
      `  api#${index + 1} heap snapshots (start, middle, end): ${summaries.map((s) => `${(s.total / 1e6).toFixed(1)} MB in ${s.nodes.toLocaleString("en")} objects`).join("; ")}`,
    );
    const [, middle, end] = summaries;
    if (!middle || !end) continue;
    const growth = [...end.byName]
      .map(([name, size]) => [name, size - (middle.byName.get(name) ?? 0)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    console.log(
      `      grew most from middle to end: ${growth.map(([name, bytes]) => `${name.slice(0, 40)} ${bytes >= 0 ? "+" : ""}${(bytes / 1e3).toFixed(0)} KB`).join(", ")}`,
    );
  }
}

/**
 * Waits (up to 3 minutes) until each process has written `count` snapshots whole: a snapshot of
 * a loaded process takes a while, and its file exists from its first byte.
 */
async function snapshotsWritten(dir: string, started: Hearth[], count: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  // A snapshot is one JSON object: it is whole once its file ends with the closing brace.
  const whole = (file: string) => {
    try {
      const size = statSync(file).size;
      const tail = Buffer.alloc(Math.min(64, size));
      const fd = openSync(file, "r");
      try {
        readSync(fd, tail, 0, tail.length, size - tail.length);
      } finally {
        closeSync(fd);
      }
      return tail.toString("utf8").trimEnd().endsWith("}");
    } catch {
      return false;
    }
  };
  while (Date.now() < deadline) {
    const files = readdirSync(dir).filter((name) => name.endsWith(".heapsnapshot"));
    const done = started.every((hearth) => {
      const mine = files.filter((name) => name.includes(`.${hearth.child.pid}.`));
      return mine.length >= count && mine.every((name) => whole(join(dir, name)));
    });
    if (done) return;
    await new Promise((wait) => setTimeout(wait, 2000));
  }
  console.log(
    `  (not every process wrote ${count} heap snapshots within 3 minutes; going on with those there are)`,
  );
}

function summarizeSnapshot(file: string): { total: number; nodes: number; byName: Map<string, number> } {
  const data = JSON.parse(readFileSync(file, "utf8")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = data.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const types = data.snapshot.meta.node_types[0];
  const byName = new Map<string, number>();
  let total = 0;
  for (let at = 0; at < data.nodes.length; at += width) {
    const size = data.nodes[at + sizeAt] as number;
    total += size;
    const type = types[data.nodes[at + typeAt] as number] ?? "?";
    const name = type === "object" ? (data.strings[data.nodes[at + nameAt] as number] ?? "?") : `(${type})`;
    byName.set(name, (byName.get(name) ?? 0) + size);
  }
  return { total, nodes: data.nodes.length / width, byName };
}

/** Samples each process's RSS every `rssSampleSeconds` while `work` runs. */
async function withRssTimeline<T>(pids: (number | undefined)[], work: Promise<T>): Promise<[T, number[][]]> {
  const timelines = pids.map(() => [] as number[]);
  const sample = () => {
    for (const [index, pid] of pids.entries()) timelines[index]?.push(rssMb(pid));
  };
  sample();
  const timer = setInterval(sample, rssSampleSeconds * 1000);
  try {
    return [await work, timelines];
  } finally {
    clearInterval(timer);
  }
}

/**
 * The same load for a few seconds first: "before" is then the process at its steady state under
 * this load (heap grown to the concurrency, code optimised), and growth after the run is what the
 * run itself kept.
 */
/** The distinct warnings and errors a process logged (when a run had failures), most frequent first. */
function printLogErrors(hearth: Hearth): void {
  const counts = new Map<string, number>();
  for (const line of readFileSync(hearth.logPath, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) continue;
      const key = `${entry.msg ?? ""}${entry.err?.message ? `: ${entry.err.message}` : ""}`.slice(0, 200);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // Not a log line.
    }
  }
  for (const [message, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3)) {
    console.log(`    log ${hearth.logPath.split("/").pop()}: ${count}× ${message}`);
  }
}

async function warmUp(urls: string[], requests: Request[], connections: number) {
  await cannon(urls, requests, connections, env("BENCH_LOAD_WARMUP_SECONDS", 5));
}

async function scenarioA(): Promise<void> {
  const seconds = env("BENCH_LOAD_A_SECONDS", 20);
  const connections = env("BENCH_LOAD_A_CONNECTIONS", 50);
  const dir = mkdtempSync(join(tmpdir(), "hearth-load-a-"));
  console.log(
    `\n(a) 1 process (all roles), SQLite, ${connections} connections × ${seconds} s, 8 routes the site and dashboard call, RATE_LIMIT_MAX=0`,
  );
  const databaseUrl = join(dir, "hearth.db");
  const hearth = await startHearth(dir, "hearth", { DATABASE_URL: databaseUrl });
  try {
    await growDemo(databaseUrl);
    const requests = reads(demoToken(hearth));
    await warmUp([hearth.url], requests, connections);
    if (process.env.BENCH_LOAD_PER_ROUTE) {
      // Each route alone (10 connections, 3 s): where the mix's time goes.
      for (const request of requests) {
        const alone = await cannon([hearth.url], [request], 10, 3);
        console.log(
          `  alone: ${alone.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${String(alone.p99).padStart(4)} ms  ${request.method} ${request.path.replace(demoGuildId, "{id}")}`,
        );
      }
    }
    const before = rssMb(hearth.child.pid);
    const [result, [timeline]] = await withRssTimeline(
      [hearth.child.pid],
      cannon([hearth.url], requests, connections, seconds),
    );
    const after = rssMb(hearth.child.pid);
    printLoad(result, { rps: 3000, p99: 100 });
    printRss("process", before, after, timeline);
  } finally {
    await stopHearth(hearth);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function scenarioB(): Promise<void> {
  const base =
    process.env.BENCH_LOAD_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const seconds = env("BENCH_LOAD_B_SECONDS", 60);
  const connections = env("BENCH_LOAD_B_CONNECTIONS", 200);
  console.log(
    `\n(b) 2 api processes (ROLES=api), PostgreSQL, ${connections} connections × ${seconds} s over both, the 8 reads twice + 3 dashboard writes per cycle`,
  );
  if (!base?.startsWith("postgres")) {
    console.log(
      "  skipped: set TEST_DATABASE_URL (or BENCH_LOAD_DATABASE_URL / DATABASE_URL) to a postgres:// URL; a database is created for the run and dropped after",
    );
    return;
  }
  const database = `hearth_load_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  const dir = mkdtempSync(join(tmpdir(), "hearth-load-b-"));
  const started: Hearth[] = [];
  try {
    const vars = { DATABASE_URL: url.toString(), ROLES: "api" };
    // One at a time: the first migrates and seeds the demo server (and prints its token).
    started.push(await startHearth(dir, "api1", vars));
    await growDemo(vars.DATABASE_URL);
    started.push(await startHearth(dir, "api2", vars));
    const [api1, api2] = started as [Hearth, Hearth];
    const token = demoToken(api1);
    // Dashboards read far more than they write: each connection's cycle is the reads twice, then
    // the three writes (3 requests in 19).
    const requests = [...reads(token), ...reads(token), ...writes(token)];
    const urls = [api1.url, api2.url];
    await warmUp(urls, requests, connections - (connections % 2));
    const snapshots = process.env.BENCH_LOAD_SNAPSHOTS;
    const snapshot = (when: string) => {
      if (!snapshots) return;
      console.log(`  heap snapshots (${when}) requested at ${new Date().toISOString()}`);
      for (const hearth of started) hearth.child.kill("SIGUSR2");
    };
    // Making a snapshot costs the process native memory of its own (the graph it serialises), which
    // the allocator keeps: RSS steps up at each snapshot. So the start snapshot is written before
    // "before" is read and the load starts, and the middle one is taken at 40 % of the run, so it is
    // written before the second half, the part whose RSS is tested for a plateau, begins.
    if (snapshots) {
      snapshot("start");
      await snapshotsWritten(snapshots, started, 1);
    }
    const before = started.map((hearth) => rssMb(hearth.child.pid));
    const middle = setTimeout(() => snapshot("middle"), seconds * 1000 * 0.4);
    const runStart = Date.now();
    const [result, timelines] = await withRssTimeline(
      started.map((hearth) => hearth.child.pid),
      cannon(urls, requests, connections - (connections % 2), seconds),
    );
    const runEnd = Date.now();
    clearTimeout(middle);
    const after = started.map((hearth) => rssMb(hearth.child.pid));
    snapshot("end");
    printLoad(result, {});
    if (result.errors > 0) for (const hearth of started) printLogErrors(hearth);
    for (const [index] of started.entries()) {
      printRss(`api#${index + 1}`, before[index] ?? 0, after[index] ?? 0, timelines[index]);
      printPlateau(timelines[index] ?? []);
      const hearth = started[index];
      if (hearth) printHeap(hearth, runStart, runEnd + 1000);
    }
    if (snapshots) {
      // Let the end snapshots be written before the processes stop.
      await snapshotsWritten(snapshots, started, 3);
      await printSnapshots(snapshots, started);
    }
  } finally {
    for (const hearth of started) await stopHearth(hearth);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

const scenarios = (process.env.BENCH_LOAD_SCENARIOS ?? "a,b").split(",").map((s) => s.trim());
console.log("Load (on this machine; figures from a shared, busy machine are noisy)");
if (scenarios.includes("a")) await scenarioA();
if (scenarios.includes("b")) await scenarioB();
if (soakSnapshotDir) rmSync(soakSnapshotDir, { recursive: true, force: true });
