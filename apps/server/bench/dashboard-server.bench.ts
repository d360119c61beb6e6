import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createLogger } from "../src/lib/logger.ts";
import { createTestApp } from "../test/helpers.ts";
import { compareWithBaseline, startBareServer } from "./harness.ts";

/** The two connection counts the target is held at: a light dashboard load and a busy one. */
const connectionCounts = [10, 32];

/**
 * GET /api/dashboard/server with a token (auth lookup, guild read, owner read, compiled serialiser)
 * against a bare node:http server writing the same answer (same JSON, same header lines, security
 * headers included), at 10 and at 32 connections. The app runs as `npm start` does: production
 * settings (no response validation), default logging (info, JSON lines: two per request, written
 * to a temp file instead of standard output), only the rate limit off. Target: ratio >= 0.5 at both.
 */
export async function benchDashboardServer(): Promise<{ ratios: Record<number, number> }> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-bench-log-"));
  const logFile = path.join(logDir, "api.log");
  const destination = pino.destination({ dest: logFile });
  const t = await createTestApp({
    config: { env: "production", logLevel: "info", logFormat: "json" },
    logger: createLogger({ logLevel: "info", logFormat: "json" }, destination),
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
    );
    ratios[connections] = ratio;
    if (target.non2xx > 0 || target.errors > 0) console.log("  warning: the Hearth run had failed requests");
  }
  destination.flushSync();
  const logLines = fs.readFileSync(logFile, "utf8").split("\n").length - 1;
  console.log(`  (${logLines} log lines written during the runs)`);

  await bare.close();
  await t.cleanup();
  fs.rmSync(logDir, { recursive: true, force: true });
  return { ratios };
}
