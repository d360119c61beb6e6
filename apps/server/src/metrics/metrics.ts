import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { cacheStats } from "../lib/cache-registry.ts";
import { version } from "../lib/version.ts";

/** The job queue's state at one moment (read from the jobs table by `jobs/stats.ts`). */
export interface QueueSnapshot {
  /** Jobs whose time has come and that no live worker holds (pending and due, or their lease ran out). */
  due: number;
  /** Jobs a worker holds under a live lease. */
  running: number;
  /** Pending jobs not due yet. */
  scheduled: number;
  /** The due time of the oldest job waiting for a worker, or null when none waits. */
  oldestDueAt: number | null;
}

/** The gateway's state at one moment: each shard this process runs and its last heartbeat round trip. */
export type GatewaySnapshot = readonly { shard: number; pingMs: number }[];

/** Scrapes closer together than this share one read of the jobs table. */
const queueReadEveryMs = 1000;

/**
 * This process's Prometheus metrics (one registry per process: tests build several in one Node).
 * What the code counts as it happens (HTTP requests, gateway events, REST rate limits and errors) is
 * recorded by the hooks that hold this object; what is a state (queue depth and lag, gateway ping,
 * cache sizes) is read when Prometheus scrapes, never on a timer of our own.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Seconds from a request's arrival to its answer, by route pattern (never the raw URL) and status class. */
  readonly httpDuration = new Histogram({
    name: "hearth_http_request_duration_seconds",
    help: "HTTP request latency by method, route pattern and status class",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** Gateway dispatches received, by shard and event type (rate() of it is events per second). */
  readonly gatewayEvents = new Counter({
    name: "hearth_gateway_events_total",
    help: "Gateway dispatch events received, by shard and event type",
    labelNames: ["shard", "event"] as const,
    registers: [this.registry],
  });

  /** Discord REST answers of 429, or waits discord.js made to stay under a limit, by route bucket. */
  readonly restRateLimits = new Counter({
    name: "hearth_discord_rest_rate_limits_total",
    help: "Discord REST rate limits hit, by route bucket, method and scope (global, user, shared)",
    labelNames: ["route", "method", "scope"] as const,
    registers: [this.registry],
  });

  /** Discord REST calls that failed, by HTTP status, Discord's error code and route bucket. */
  readonly restErrors = new Counter({
    name: "hearth_discord_rest_errors_total",
    help: "Discord REST calls that failed, by HTTP status and Discord error code (status none: no answer, code the network error) and route bucket",
    labelNames: ["status", "code", "route", "method"] as const,
    registers: [this.registry],
  });

  private readQueue: (() => Promise<QueueSnapshot>) | null = null;
  private lastQueue: { at: number; snapshot: Promise<QueueSnapshot> } | null = null;
  private readGateway: (() => GatewaySnapshot) | null = null;

  constructor(options: { defaultMetrics?: boolean; now?: () => number } = {}) {
    const now = options.now ?? Date.now;
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    const metrics = this;

    // Always 1; its labels say what runs: Hearth's version and the Node it runs on.
    new Gauge({
      name: "hearth_build_info",
      help: "Hearth's version and the Node.js version of this process (always 1)",
      labelNames: ["version", "node"] as const,
      registers: [this.registry],
    }).set({ version, node: process.versions.node }, 1);

    new Gauge({
      name: "hearth_cache_entries",
      help: "Entries held by each in-memory cache of this process (expired ones not yet swept count)",
      labelNames: ["cache"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { name, entries } of cacheStats()) this.set({ cache: name }, entries);
      },
    });

    const queueGauge = (name: string, help: string, pick: (snapshot: QueueSnapshot) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const snapshot = await metrics.queueSnapshot(now);
          if (snapshot) this.set(pick(snapshot));
        },
      });
    queueGauge("hearth_jobs_due", "Jobs due and waiting for a worker", (s) => s.due);
    queueGauge("hearth_jobs_running", "Jobs a worker is running (live lease)", (s) => s.running);
    queueGauge("hearth_jobs_scheduled", "Pending jobs not due yet", (s) => s.scheduled);
    queueGauge(
      "hearth_jobs_lag_seconds",
      "Age of the oldest job waiting for a worker (0: none waits)",
      (s) => (s.oldestDueAt === null ? 0 : Math.max(0, now() - s.oldestDueAt) / 1000),
    );

    new Gauge({
      name: "hearth_gateway_ping_seconds",
      help: "Last gateway heartbeat round trip of each shard this process runs",
      labelNames: ["shard"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { shard, pingMs } of metrics.readGateway?.() ?? []) {
          // discord.js reports -1 before a shard's first heartbeat was acknowledged.
          if (pingMs >= 0) this.set({ shard: String(shard) }, pingMs / 1000);
        }
      },
    });
  }

  /** Where queue depth and lag are read from at scrape time (processes without storage have none). */
  watchQueue(read: () => Promise<QueueSnapshot>): void {
    this.readQueue = read;
    this.lastQueue = null;
  }

  /** Where each shard's gateway ping is read from at scrape time (the bot role's gateway client). */
  watchGateway(read: () => GatewaySnapshot): void {
    this.readGateway = read;
  }

  /** Records one answered HTTP request; `route` is the matched route's pattern, or null when none matched. */
  observeRequest(method: string, route: string | null, statusCode: number, seconds: number): void {
    this.httpDuration.observe(
      { method, route: route ?? "unmatched", status_class: `${Math.floor(statusCode / 100)}xx` },
      seconds,
    );
  }

  /** The text Prometheus scrapes. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private async queueSnapshot(now: () => number): Promise<QueueSnapshot | null> {
    if (!this.readQueue) return null;
    const at = now();
    if (!this.lastQueue || at - this.lastQueue.at >= queueReadEveryMs) {
      this.lastQueue = { at, snapshot: this.readQueue() };
    }
    try {
      return await this.lastQueue.snapshot;
    } catch {
      // The database is away: the queue gauges keep their last values rather than failing the scrape.
      this.lastQueue = null;
      return null;
    }
  }
}
