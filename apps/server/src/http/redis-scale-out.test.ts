import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { failureLimit, RedisFailureLimiter } from "./failure-limiter.ts";

// Scale-out behaviour that needs a real Redis; CI provides one (TEST_REDIS_URL).
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)("with Redis shared between api processes", () => {
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(url ?? "", { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it("failed logins counted by one process block the address in another", async () => {
    const address = `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;
    const first = new RedisFailureLimiter(connect());
    const second = new RedisFailureLimiter(connect());
    for (let attempt = 0; attempt < failureLimit.max - 1; attempt++) await first.recordFailure(address);
    expect(await second.blockedFor(address)).toBe(0);
    await second.recordFailure(address);
    const blocked = await first.blockedFor(address);
    expect(blocked).toBeGreaterThan(0);
    expect(blocked).toBeLessThanOrEqual(failureLimit.windowMs);
  });

  it("the window expires in Redis, not in process memory", async () => {
    const redis = connect();
    const address = `203.0.113.${randomBytes(4).toString("hex")}`;
    const limiter = new RedisFailureLimiter(redis);
    await limiter.recordFailure(address);
    const ttl = await redis.pttl(`hearth:authfail:${address}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(failureLimit.windowMs);
  });
});
