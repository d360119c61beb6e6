import net from "node:net";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { RedisActivityStore } from "../http/activity-monitor.ts";
import { failureLimit, RedisFailureLimiter } from "../http/failure-limiter.ts";
import { RedisHealth } from "./redis-health.ts";

// Redis unreachable (a port nothing listens on): the Redis-backed counts keep working in memory at
// once, and the outage is logged once however many reconnection attempts fail.

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

describe("with Redis unreachable", () => {
  it("failed logins and token activity are counted in this process, without waiting on Redis", async () => {
    const redis = new Redis(await closedPort(), "127.0.0.1", {
      maxRetriesPerRequest: 1,
      retryStrategy: () => 20,
    });
    clients.push(redis);
    const health = new RedisHealth(pino({ level: "silent" }), redis);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(health.up).toBe(false);
    const limiter = new RedisFailureLimiter(redis);
    const started = Date.now();
    for (let i = 0; i < failureLimit.max; i++) await limiter.recordFailure("198.51.100.7");
    expect(await limiter.blockedFor("198.51.100.7")).toBeGreaterThan(0);
    expect(await limiter.blockedFor("198.51.100.8")).toBe(0);
    const store = new RedisActivityStore(redis);
    expect(await store.addAddress("t1", "198.51.100.7", Date.now())).toBe(1);
    expect(await store.addAddress("t1", "198.51.100.9", Date.now())).toBe(2);
    expect(await store.addForbidden("t1", Date.now())).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("the outage is logged once, not per reconnection attempt", async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const redis = new Redis(await closedPort(), "127.0.0.1", {
      maxRetriesPerRequest: 1,
      retryStrategy: () => 20,
    });
    clients.push(redis);
    const health = new RedisHealth(logger, redis);
    let errors = 0;
    redis.on("error", () => errors++);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(errors).toBeGreaterThan(3);
    expect(health.up).toBe(false);
    expect(lines.filter((line) => line.msg.startsWith("Redis is unavailable"))).toHaveLength(1);
  });
});

describe("with Redis up", () => {
  it.skipIf(!process.env.TEST_REDIS_URL)(
    "an error on a connection that is still ready (a timed-out command) is not an outage",
    async () => {
      const lines: { msg: string }[] = [];
      const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
      const redis = new Redis(process.env.TEST_REDIS_URL as string, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      const health = new RedisHealth(logger, redis);
      await redis.ping();
      expect(redis.status).toBe("ready");
      // What ioredis emits when the SELECT it sends on reconnecting to a database index times out.
      redis.emit("error", new Error("Command timed out"));
      expect(health.up).toBe(true);
      expect(lines.map((line) => line.msg)).toEqual(["a Redis command failed: kept in this process instead"]);
    },
  );
});
