import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { createLogger, logDestination } from "../src/lib/logger.ts";
import { createTestApp } from "../test/helpers.ts";
import { compareWithBaseline, load, settleProcess, startBareServer, topFrames } from "./harness.ts";

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

/**
 * GET /api/dashboard/server with a token (auth lookup, guild read, owner read, compiled serialiser)
 * against a bare node:http server writing the same answer (same JSON, same header lines, security
 * headers included), at 10 and at 32 connections. The app runs as `npm start` does: production
 * settings (no response validation), default logging (info, JSON lines: one per request, written
 * to a temp file instead of standard output), only the rate limit off. Target: ratio >= 0.7 at both (issue 25, Node 24).
 */
export async function benchDashboardServer(): Promise<{ ratios: Record<number, number> }> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-bench-log-"));
  const logFile = path.join(logDir, "api.log");
  // The same buffered destination `npm start` logs to standard output through, here to a file.
  const destination = logDestination(logFile);
  const t = await createTestApp({
    config: {
      env: "production",
      // The default write limit per token, as deployed (the tests' settings turn it off).
      tokenWriteLimit: loadConfig({}).tokenWriteLimit,
      logLevel: (process.env.BENCH_LOG_LEVEL ?? "info") as "info",
      logFormat: "json",
    },
    logger: createLogger(
      { logLevel: (process.env.BENCH_LOG_LEVEL ?? "info") as "info", logFormat: "json" },
      destination,
    ),
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const headers = { authorization: t.token };
  const answer = await fetch(`${url}/api/dashboard/server`, { headers });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`GET /api/dashboard/server answered ${answer.status}: ${body}`);
  const bare = await startBareServer(body, answer.headers);

  console.log(
    `\nGET /api/dashboard/server (token auth, SQLite, sandbox Discord, production settings, info logging to a file) vs bare node:http writing the same ${bare.headerCount} headers and body`,
  );
  const ratios: Record<number, number> = {};
  for (const connections of connectionCounts) {
    console.log(`  ${connections} connections:`);
    const { target, ratio } = await compareWithBaseline(
      `Hearth API  GET /api/dashboard/server (-c ${connections})`,
      { url: `${url}/api/dashboard/server`, headers },
      `${bare.url}/`,
      undefined,
      connections,
      // Between runs: the log lines of the last run written out (so their writing is not done
      // during the bare server's run), then a full garbage collection.
      async () => {
        await destination.written();
        await settleProcess();
      },
    );
    ratios[connections] = ratio;
    if (target.non2xx > 0 || target.errors > 0) console.log("  warning: the Hearth run had failed requests");
  }
  if (process.env.BENCH_PROFILE) {
    // BENCH_PROFILE=1: one more run at 32 connections under the CPU profiler, its top self-time frames.
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    await load(`${url}/api/dashboard/server`, headers, 32);
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    if (process.env.BENCH_PROFILE !== "1") {
      // BENCH_PROFILE=<dir> also keeps the profile, for a flame view (Chrome DevTools, speedscope).
      const file = path.join(process.env.BENCH_PROFILE, "dashboard-server.cpuprofile");
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`  profile written to ${file}`);
    }
    console.log("  top self-time frames (32 connections, profiled run):");
    for (const line of topFrames(profile, 15)) console.log(`    ${line}`);
  }
  destination.flushSync();
  destination.end();
  const logLines = await countLines(logFile);
  console.log(
    `  (${logLines.toLocaleString("en")} log lines, ${(fs.statSync(logFile).size / 1e6).toFixed(0)} MB, written during the runs)`,
  );

  await bare.close();
  await t.cleanup();
  fs.rmSync(logDir, { recursive: true, force: true });
  return { ratios };
}
