import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { createTestApp, demoGuildId } from "../test/helpers.ts";

const autocannonPath = createRequire(import.meta.url).resolve("autocannon");

/** The mix: public reads, token reads across features, a write (an audit entry), an unknown route. */
function mixedRequests(token: string) {
  const auth = { authorization: token };
  const json = { ...auth, "content-type": "application/json" };
  return [
    { method: "GET", path: "/health" },
    { method: "GET", path: "/api/ping" },
    { method: "GET", path: "/api/stats" },
    { method: "GET", path: "/api/discovery" },
    { method: "GET", path: "/api/giveaways" },
    { method: "GET", path: "/api/dashboard/server", headers: auth },
    { method: "GET", path: "/api/dashboard/token-info", headers: auth },
    { method: "GET", path: `/api/server/${demoGuildId}/setup`, headers: auth },
    { method: "GET", path: "/api/settings/fetch", headers: auth },
    { method: "GET", path: `/api/timers/${demoGuildId}/timers`, headers: auth },
    { method: "GET", path: "/api/welcome/config", headers: auth },
    { method: "POST", path: "/api/dashboard/access", headers: json, body: '{"path":"/dashboard"}' },
    { method: "GET", path: "/api/no-such-route" },
  ];
}

/**
 * Issue 15's done-when load: 50 connections for 20 s (BENCH_MIXED_SECONDS) over mixed routes with
 * the request limit off (RATE_LIMIT_MAX=0, as the test helpers set it; the per-token write limit is
 * off there too). autocannon runs in its own process; every answer must be the expected status
 * (the unknown route 404, the rest 2xx) and no request may fail.
 */
export async function benchMixedRoutes(): Promise<{
  requestsPerSecond: number;
  p99: number;
  errors: number;
}> {
  // BENCH_MIXED_URL + BENCH_MIXED_TOKEN load a running server (e.g. `npm start` with RATE_LIMIT_MAX=0
  // TOKEN_WRITE_LIMIT=0 and a demo token) instead of an in-process test app.
  const external = process.env.BENCH_MIXED_URL;
  const t = external ? null : await createTestApp();
  if (t) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t?.app.server.address();
  const url = external ?? `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const token = t?.token ?? process.env.BENCH_MIXED_TOKEN ?? "";
  const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
  const connections = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 50);
  const script = `
    const autocannon = require(${JSON.stringify(autocannonPath)});
    const options = JSON.parse(process.env.MIXED_OPTIONS);
    autocannon(options, (error, result) => {
      if (error) { console.error(error); process.exit(1); }
      process.stdout.write(JSON.stringify(result));
    });`;
  const options = { url, connections, duration: seconds, requests: mixedRequests(token) };
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], {
    env: { ...process.env, MIXED_OPTIONS: JSON.stringify(options) },
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  // One request in 13 is the unknown route: those 404s are expected; anything else non-2xx is not.
  const unexpected = Object.entries(statuses)
    .filter(([code]) => code !== "404" && !code.startsWith("2"))
    .reduce((sum, [, count]) => sum + count, 0);
  const errors = result.errors + result.timeouts + unexpected;
  console.log(
    `\nMixed routes (${connections} connections, ${seconds} s, 13 routes, RATE_LIMIT_MAX=0): ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests, statuses ${JSON.stringify(statuses)}, errors ${errors}`,
  );
  await t?.cleanup();
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMixedRoutes();
