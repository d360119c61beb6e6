import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time the server's process spent per answer during the run (user + system, all its threads,
   * µs): this process's when the server runs in it, else read from /proc for its own (autocannon
   * always runs in its own). Steadier than throughput on a shared machine.
   */
  cpuMicrosPerRequest: number;
  /**
   * How much of the run the server's event loop was busy (0–1; for a server in a process of its own,
   * the share of the run its main thread was on a CPU). Below 1 the server waited for requests: the
   * load generator, not the server, set the pace.
   */
  eventLoopBusy: number;
  /**
   * Times the kernel took the CPU from the server's main thread (involuntary context switches,
   * Linux only; NaN elsewhere), per 1,000 answers: on a small machine the load generator, the
   * collector's helper threads and the log writer all compete with the server's one thread.
   */
  preemptionsPerThousand: number;
}

/** A process's main thread's involuntary context switches so far (Linux's /proc; NaN where there is none). */
function involuntarySwitches(pid = process.pid): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8");
    return Number(/^nonvoluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ: 100 on every Linux build Node runs on). */
const ticksPerSecond = 100;

/**
 * CPU time (user + system, µs) another process has used so far, all its threads and those of its
 * main thread alone (Linux's /proc; NaN where there is none): process.cpuUsage() reads only its own.
 */
function processCpuMicros(pid: number): { all: number; mainThread: number } {
  const read = (file: string) => {
    try {
      const stat = fs.readFileSync(file, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
    } catch {
      return Number.NaN;
    }
  };
  return { all: read(`/proc/${pid}/stat`), mainThread: read(`/proc/${pid}/task/${pid}/stat`) };
}

export const benchDurationSeconds = Number(process.env.BENCH_DURATION ?? 10);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 32);

/**
 * Loads one URL with autocannon for the configured duration. autocannon runs in its own process so
 * the load generator doesn't share the server's event loop (on 2 cores each gets one).
 */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = benchConnections,
  /** The server's process when it is not this one (its CPU is read from /proc). */
  pid?: number,
): Promise<LoadResult> {
  const args = [autocannonBin, "--json", "-c", String(connections), "-d", String(benchDurationSeconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const otherBefore = pid === undefined ? undefined : processCpuMicros(pid);
  const switchesBefore = involuntarySwitches(pid);
  const startedAt = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const wallMicros = (performance.now() - startedAt) * 1000;
  const switches = involuntarySwitches(pid) - switchesBefore;
  let cpuMicros: number;
  let eventLoopBusy: number;
  if (pid === undefined || !otherBefore) {
    const cpu = process.cpuUsage(cpuBefore);
    cpuMicros = cpu.user + cpu.system;
    eventLoopBusy = performance.eventLoopUtilization(loopBefore).utilization;
  } else {
    const after = processCpuMicros(pid);
    cpuMicros = after.all - otherBefore.all;
    // From outside, the share of the run its main thread was on a CPU: its event loop's busy time
    // (autocannon's start-up and wind-down count as idle, as they do for the in-process reading).
    eventLoopBusy = (after.mainThread - otherBefore.mainThread) / wallMicros;
  }
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: cpuMicros / Math.max(1, result.requests.total),
    eventLoopBusy,
    preemptionsPerThousand: (switches * 1000) / Math.max(1, result.requests.total),
  };
}

export function printLoad(name: string, result: LoadResult): void {
  console.log(
    `  ${name.padEnd(44)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${result.latencyP50Ms} ms   p99 ${result.latencyP99Ms} ms   errors ${result.errors}   non-2xx ${result.non2xx}`,
  );
}

/**
 * Measures a server against the bare baseline fairly on a small machine: a short warm-up of each,
 * then `rounds` alternating runs, keeping the median of each side. The order alternates each round
 * (Hearth first, then the bare server first, …), and before every run `settle` lets the process put
 * the previous run behind it (the server's log written out, its garbage collected): otherwise what
 * one run left to do is done during the next, charged to whichever server runs then.
 */
export async function compareWithBaseline(
  name: string,
  /** `pid`: the server's process when it is not this one. */
  target: { url: string; headers?: Record<string, string>; pid?: number },
  baseline: string | { url: string; pid?: number },
  rounds = Number(process.env.BENCH_ROUNDS ?? 3),
  connections = benchConnections,
  settle: () => Promise<void> = settleProcess,
): Promise<{ target: LoadResult; baseline: LoadResult; ratio: number }> {
  const baselineUrl = typeof baseline === "string" ? baseline : baseline.url;
  const baselinePid = typeof baseline === "string" ? undefined : baseline.pid;
  await loadWith(target.url, target.headers ?? {}, 2, connections);
  await loadWith(baselineUrl, {}, 2, connections);
  const targets: LoadResult[] = [];
  const baselines: LoadResult[] = [];
  const runTarget = async () => {
    await settle();
    targets.push(await load(target.url, target.headers ?? {}, connections, target.pid));
  };
  const runBaseline = async () => {
    await settle();
    baselines.push(await load(baselineUrl, {}, connections, baselinePid));
  };
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      await runTarget();
      await runBaseline();
    } else {
      await runBaseline();
      await runTarget();
    }
  }
  const median = (results: LoadResult[]) =>
    results.toSorted((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
      Math.floor(results.length / 2)
    ] as LoadResult;
  const result = { target: median(targets), baseline: median(baselines) };
  printLoad(name, result.target);
  printLoad("bare node:http, same JSON", result.baseline);
  const ratio = result.target.requestsPerSecond / result.baseline.requestsPerSecond;
  console.log(
    `  ratio ${ratio.toFixed(2)} (target >= 0.70) ${ratio >= 0.7 ? "met" : "NOT MET"}   [median of ${rounds} alternating runs; all Hearth runs: ${targets.map((r) => r.requestsPerSecond.toFixed(0)).join(", ")}; bare: ${baselines.map((r) => r.requestsPerSecond.toFixed(0)).join(", ")}]`,
  );
  // Each Hearth run beside the bare run of the same round: the pair shares the machine's load of the moment.
  const paired = targets
    .map((t, i) => t.requestsPerSecond / (baselines[i]?.requestsPerSecond ?? Number.NaN))
    .toSorted((a, b) => a - b);
  console.log(
    `  paired ratios (each run / the bare run of its round): ${paired.map((r) => r.toFixed(2)).join(", ")}; median ${(paired[Math.floor(paired.length / 2)] ?? 0).toFixed(2)}`,
  );
  const cpuMedian = (results: LoadResult[]) =>
    results.map((r) => r.cpuMicrosPerRequest).toSorted((a, b) => a - b)[Math.floor(results.length / 2)] ?? 0;
  const targetCpu = cpuMedian(targets);
  const baselineCpu = cpuMedian(baselines);
  console.log(
    `  CPU per answer in the server's process (median): Hearth ${targetCpu.toFixed(0)} µs, bare ${baselineCpu.toFixed(0)} µs; bare/Hearth ${(baselineCpu / targetCpu).toFixed(2)} (the throughput ratio a CPU-bound server reaches; target >= 0.70: ${baselineCpu / targetCpu >= 0.7 ? "met" : "NOT MET"})`,
  );
  // Whether each side was the bottleneck (busy: its event loop in this process, its main thread's
  // time on a CPU for a process of its own): a bare server whose loop idles was held back by the load
  // generator (so the throughput ratio flatters nobody), and preemptions show the machine's contention.
  const percent = (results: LoadResult[]) =>
    results.map((r) => `${Math.round(r.eventLoopBusy * 100)}%`).join(", ");
  const preemptions = (results: LoadResult[]) =>
    results.map((r) => r.preemptionsPerThousand.toFixed(0)).join(", ");
  console.log(
    `  event loop busy per run: Hearth ${percent(targets)}; bare ${percent(baselines)}. Main thread preempted per 1,000 answers: Hearth ${preemptions(targets)}; bare ${preemptions(baselines)}`,
  );
  return { ...result, ratio };
}

/** A full garbage collection of this process (V8's `gc`, reached without starting node with --expose-gc). */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/** The default `settle` between runs: a full collection, and a moment for what it freed to be returned. */
export async function settleProcess(): Promise<void> {
  collectGarbage();
  await new Promise((done) => setTimeout(done, 200));
}

async function loadWith(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = benchConnections,
): Promise<void> {
  const args = [autocannonBin, "--json", "-c", String(connections), "-d", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
}

/** Top self-time frames of a CPU profile (BENCH_PROFILE=1). */
export function topFrames(
  profile: {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples?: number[];
    timeDeltas?: number[];
  },
  count: number,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  const samples = profile.samples ?? [];
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] as number);
    const delta = profile.timeDeltas?.[index] ?? 0;
    if (!node) continue;
    const frame = node.callFrame;
    const where = frame.url.replace(/^.*\/(node_modules|src|bench)\//, "$1/");
    const key = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
