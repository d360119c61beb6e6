import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, dialects, type TestApp } from "../../test/helpers.ts";
import { testConfig } from "../config.ts";
import { queueStats } from "../jobs/stats.ts";
import { version } from "../lib/version.ts";
import { startHearth } from "../server.ts";
import { startMetricsServer } from "./http.ts";
import { Metrics } from "./metrics.ts";

const metricsToken = "prometheus-scrapes-with-this-token";

/** The value of one sample line (`name{labels} value`) of an exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== " " && rest[0] !== "{") continue;
    if (!Object.entries(labels).every(([key, value]) => rest.includes(`${key}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe.each(dialects)("GET /metrics (%s)", (dialect) => {
  let t: TestApp;
  let metrics: Metrics;

  beforeAll(async () => {
    metrics = new Metrics();
    t = await createTestApp({ dialect, config: { metricsToken }, metrics });
    metrics.watchQueue(() => queueStats(t.ctx.storage.db, Date.now()));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("answers the Prometheus text format to the token's bearer, with route patterns as labels", async () => {
    const giveawayId = "123456789012345678";
    await t.app.inject({ method: "GET", url: `/api/giveaways/${demoGuildId}` });
    await t.app.inject({ method: "GET", url: `/api/giveaways/${demoGuildId}/${giveawayId}` });
    await t.app.inject({
      method: "GET",
      url: `/api/grinders/${demoGuildId}/grinders`,
      headers: { authorization: t.token },
    });
    await t.app.inject({ method: "GET", url: `/api/grinders/${demoGuildId}/grinders` });
    await t.app.inject({ method: "GET", url: "/api/no-such-thing/42" });
    // A job due a minute ago that no worker has taken: the queue is one deep and a minute late.
    await t.ctx.jobs.schedule("metrics-test", {}, Date.now() - 60_000);

    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;

    for (const name of [
      "hearth_http_request_duration_seconds",
      "hearth_jobs_due",
      "hearth_jobs_lag_seconds",
      "hearth_jobs_running",
      "hearth_cache_entries",
      "hearth_gateway_events_total",
      "hearth_gateway_ping_seconds",
      "hearth_discord_rest_rate_limits_total",
      "hearth_discord_rest_errors_total",
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    const count = (labels: Record<string, string>) =>
      sample(text, "hearth_http_request_duration_seconds_count", labels);
    expect(count({ route: "/api/giveaways/:serverId", status_class: "2xx", method: "GET" })).toBe(1);
    expect(count({ route: "/api/giveaways/:serverId/:giveawayId", status_class: "4xx" })).toBe(1);
    expect(count({ route: "/api/grinders/:serverId/grinders", status_class: "2xx" })).toBe(1);
    expect(count({ route: "/api/grinders/:serverId/grinders", status_class: "4xx" })).toBe(1);
    expect(count({ route: "unmatched", status_class: "4xx" })).toBe(1);
    // Ids never become label values: one series per route, however many servers and records.
    expect(text).not.toContain(demoGuildId);
    expect(text).not.toContain(giveawayId);

    expect(sample(text, "hearth_jobs_due")).toBe(1);
    expect(sample(text, "hearth_jobs_lag_seconds")).toBeGreaterThanOrEqual(59);
    expect(sample(text, "hearth_jobs_lag_seconds")).toBeLessThan(120);
    // What runs: Hearth's version and this process's Node (24 LTS, the project's own).
    expect(sample(text, "hearth_build_info", { version, node: process.versions.node })).toBe(1);
    expect(text).toMatch(/nodejs_version_info\{version="v24\.\d+\.\d+",major="24",/);
    // The dashboard token lookup above went through the token cache, which the gauge reads at scrape time.
    expect(text).toMatch(/hearth_cache_entries\{cache="[^"]+"\} \d+/);
  });

  it("refuses a scrape without the token, or with another one, and never echoes it", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${metricsToken}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("hearth_");
    const dashboardToken = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: t.token },
    });
    expect(dashboardToken.statusCode).toBe(401);
  });
});

describe("/metrics exposure", () => {
  it("is not served on the public port without a METRICS_TOKEN", async () => {
    const t = await createTestApp({ metrics: new Metrics({ defaultMetrics: false }) });
    try {
      const response = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("hearth_");
    } finally {
      await t.cleanup();
    }
  });

  it("the separate metrics port serves only GET /metrics, behind the token when one is set", async () => {
    const metrics = new Metrics({ defaultMetrics: false });
    metrics.observeRequest("GET", "/api/stats", 200, 0.002);
    const open = await startMetricsServer(metrics, { port: 0, host: "127.0.0.1", token: undefined });
    const guarded = await startMetricsServer(metrics, { port: 0, host: "127.0.0.1", token: metricsToken });
    try {
      const openUrl = `http://127.0.0.1:${open.port}`;
      const scraped = await fetch(`${openUrl}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain(
        'hearth_http_request_duration_seconds_count{method="GET",route="/api/stats",status_class="2xx"} 1',
      );
      expect((await fetch(`${openUrl}/api/stats`)).status).toBe(404);
      expect((await fetch(`${openUrl}/metrics`, { method: "POST" })).status).toBe(404);

      const guardedUrl = `http://127.0.0.1:${guarded.port}/metrics`;
      expect((await fetch(guardedUrl)).status).toBe(401);
      expect((await fetch(guardedUrl, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
      const allowed = await fetch(guardedUrl, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain("# TYPE hearth_jobs_due gauge");
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it("a worker-only process, which has no API server, is scraped on METRICS_PORT", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-metrics-"));
    const hearth = await startHearth(
      testConfig({
        roles: ["worker"],
        databaseUrl: path.join(dir, "hearth.db"),
        host: "127.0.0.1",
        metricsPort: 0,
        metricsToken,
      }),
    );
    try {
      expect(hearth.app).toBeNull();
      const url = `http://127.0.0.1:${hearth.metricsPort}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(sample(text, "hearth_jobs_due")).toBe(0);
      expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
    } finally {
      await hearth.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads the queue at most once a second however often it is scraped", async () => {
    let reads = 0;
    let now = 1_000_000;
    const metrics = new Metrics({ defaultMetrics: false, now: () => now });
    metrics.watchQueue(async () => {
      reads++;
      return { due: 3, running: 1, scheduled: 7, oldestDueAt: now - 5000 };
    });
    const first = await metrics.exposition();
    await Promise.all([metrics.exposition(), metrics.exposition()]);
    expect(reads).toBe(1);
    expect(sample(first, "hearth_jobs_due")).toBe(3);
    expect(sample(first, "hearth_jobs_scheduled")).toBe(7);
    expect(sample(first, "hearth_jobs_lag_seconds")).toBe(5);
    now += 1000;
    await metrics.exposition();
    expect(reads).toBe(2);
  });
});
