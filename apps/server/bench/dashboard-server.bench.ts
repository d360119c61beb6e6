import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBareServerProcess } from "./bare-baseline.ts";
import { compareWithBaseline, topFrames } from "./harness.ts";

/** Newlines in a file, read in chunks: a quiet machine writes more log than one string can hold. */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of fs.createReadStream(file)) {
    const bytes = chunk as Buffer;
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

/** The two connection counts the target is held at: a light dashboard load and a busy one. */
const connectionCounts = [10, 32];

const serverMain = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/**
 * Hearth as `npm start` runs it, in a process of its own: every role (api, bot, worker), production
 * settings, the sandbox, SQLite on a fresh file, default logging (info, JSON lines on standard output,
 * here a file), only the rate limit off (`RATE_LIMIT_MAX=0`). Its banner names the port and the demo
 * owner's dashboard token. `BENCH_PROFILE=<dir>` starts it under Node's CPU profiler (written at exit).
 */
async function startHearthProcess(dir: string, logFile: string) {
  const output = fs.openSync(logFile, "w");
  const profiling = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(process.execPath, [...profiling, "--import", "tsx", serverMain], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: path.join(dir, "hearth.db"),
      RATE_LIMIT_MAX: "0",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", output, "inherit"],
  });
  fs.closeSync(output);
  const exited = once(child, "exit");
  const deadline = Date.now() + 120_000;
  for (;;) {
    const text = fs.readFileSync(logFile, "utf8");
    const port = /Hearth is running at http:\/\/[^:]+:(\d+)/.exec(text)?.[1];
    const token = /Dashboard token \(shown once\): ([0-9a-f]{56})/.exec(text)?.[1];
    if (port && token && child.pid) {
      return {
        url: `http://127.0.0.1:${port}`,
        token,
        pid: child.pid,
        /** Stops it as a deployment would (SIGTERM: answers finished, log written, profile saved). */
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Hearth did not start for the bench:\n${text.slice(-2000)}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * GET /api/dashboard/server with a token (auth lookup, guild read, owner read, compiled serialiser)
 * against a bare node:http server writing the same answer (same JSON, same header lines, security
 * headers included), at 10 and at 32 connections. Each server runs in a process of its own, Hearth
 * exactly as `npm start` runs it (above), the bare one with nothing else loaded; autocannon in a third.
 * (In one process with the bench, both suffered the bench process's collector: its scavenges took
 * 14–25 ms and kept 15–25 MB each where the same server started on its own takes 0.4 ms and keeps
 * nothing, and the bare server answered 25 % less; issue 25.) Target: ratio >= 0.7 at both (Node 24).
 */
export async function benchDashboardServer(): Promise<{ ratios: Record<number, number> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-bench-api-"));
  const logFile = path.join(dir, "api.log");
  const hearth = await startHearthProcess(dir, logFile);
  const headers = { authorization: hearth.token };
  const answer = await fetch(`${hearth.url}/api/dashboard/server`, { headers });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`GET /api/dashboard/server answered ${answer.status}: ${body}`);
  const bare = await startBareServerProcess(body, answer.headers);
  const linesBefore = await countLines(logFile);

  console.log(
    `\nGET /api/dashboard/server (Hearth as npm start runs it: every role, SQLite, sandbox, production settings, info logging to a file; its own process) vs bare node:http writing the same ${bare.headerCount} headers and body (its own process)`,
  );
  const ratios: Record<number, number> = {};
  for (const connections of connectionCounts) {
    console.log(`  ${connections} connections:`);
    const { target, ratio } = await compareWithBaseline(
      `Hearth API  GET /api/dashboard/server (-c ${connections})`,
      { url: `${hearth.url}/api/dashboard/server`, headers, pid: hearth.pid },
      { url: `${bare.url}/`, pid: bare.pid },
      undefined,
      connections,
      // Between runs: a moment for each server to write out and collect what the last run left.
      () => new Promise((done) => setTimeout(done, 500)),
    );
    ratios[connections] = ratio;
    if (target.non2xx > 0 || target.errors > 0) console.log("  warning: the Hearth run had failed requests");
  }
  await bare.close();
  await hearth.stop();
  const logLines = (await countLines(logFile)) - linesBefore;
  console.log(
    `  (${logLines.toLocaleString("en")} log lines, ${(fs.statSync(logFile).size / 1e6).toFixed(0)} MB, written during the runs)`,
  );
  if (process.env.BENCH_PROFILE) {
    // BENCH_PROFILE=1: the Hearth process's top self-time frames over its whole life (start-up too);
    // BENCH_PROFILE=<dir> also keeps the profile, for a flame view (Chrome DevTools, speedscope).
    const file = fs.readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (file) {
      const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
      if (process.env.BENCH_PROFILE !== "1") {
        const kept = path.join(process.env.BENCH_PROFILE, "dashboard-server.cpuprofile");
        fs.copyFileSync(path.join(dir, file), kept);
        console.log(`  profile written to ${kept}`);
      }
      console.log("  top self-time frames (the Hearth process):");
      for (const line of topFrames(profile, 15)) console.log(`    ${line}`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { ratios };
}
