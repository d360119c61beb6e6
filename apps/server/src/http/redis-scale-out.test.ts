import { createHash, randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";
import { failureLimit, RedisFailureLimiter } from "./failure-limiter.ts";
import { RedisWriteCounter } from "./write-counter.ts";

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

  it("a token's writes are counted across api processes, and the window expires in Redis", async () => {
    const t = await createTestApp();
    // Two api processes of one deployment: the same database and tokens, the same Redis.
    const config = { ...t.ctx.config, tokenWriteLimit: 4 };
    const apiProcess = () =>
      buildHearthApp(
        { ...t.ctx, config },
        { serveWeb: false, writeCounter: new RedisWriteCounter(connect()) },
      );
    const [first, second] = [await apiProcess(), await apiProcess()];
    try {
      const write = (app: typeof first) =>
        app.inject({
          method: "POST",
          url: "/api/dashboard/access",
          headers: { authorization: t.token },
          payload: { path: "/dashboard" },
        });
      const statuses: number[] = [];
      for (const app of [first, second, first, second, first, second])
        statuses.push((await write(app)).statusCode);
      // Four writes in all, whichever process took them; then both refuse.
      expect(statuses.slice(0, 4).every((status) => status < 300)).toBe(true);
      expect(statuses.slice(4)).toEqual([429, 429]);
      const tokenHash = createHash("sha256").update(t.token).digest("hex");
      const { id: tokenId } = await t.ctx.storage.db
        .selectFrom("dashboard_tokens")
        .select("id")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirstOrThrow();
      const ttl = await connect().pttl(`hearth:writes:${tokenId}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await t.cleanup();
    }
  });

  it("counts writes in the process while Redis is unavailable", async () => {
    const counter = new RedisWriteCounter(connect(), { up: false, commandFailed: () => {} });
    const tokenId = `t-${randomBytes(4).toString("hex")}`;
    expect(counter.count(tokenId)).toMatchObject({ count: 1 });
    expect(counter.count(tokenId)).toMatchObject({ count: 2 });
  });
});
