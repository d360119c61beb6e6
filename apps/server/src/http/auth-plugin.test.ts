import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";
import { createDashboardToken, revokeDashboardToken } from "../features/auth/service.ts";
import { findLiveTokenForUser } from "../features/auth/store.ts";
import { failureLimit, MemoryFailureLimiter } from "./failure-limiter.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const get = (url: string, authorization?: string, remoteAddress = "10.0.0.1") =>
  t.app.inject({
    method: "GET",
    url,
    headers: authorization === undefined ? {} : { authorization },
    remoteAddress,
  });

describe("401: missing, unknown, malformed or revoked tokens", () => {
  it("no Authorization header", async () => {
    const res = await get("/api/dashboard/token-info");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Unauthorized", message: "A dashboard token is required" });
  });

  it("a well-formed token nobody was given", async () => {
    const res = await get("/api/dashboard/token-info", "a".repeat(56));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("The dashboard token is invalid or has been revoked");
  });

  it.each([["short"], [`Bearer ${"a".repeat(56)}`], ["z".repeat(56)], ["a".repeat(57)], [" "]])(
    "malformed value %j",
    async (value) => {
      const res = await get("/api/dashboard/server", value);
      expect(res.statusCode).toBe(401);
    },
  );

  it("a revoked token", async () => {
    const guild = await t.ctx.discord.getGuild(demoGuildId);
    const record = await findLiveTokenForUser(t.ctx.storage.db, demoGuildId, guild?.ownerId ?? "");
    await revokeDashboardToken(t.ctx, record?.id ?? "", "test");
    const res = await get("/api/dashboard/token-info", t.token);
    expect(res.statusCode).toBe(401);
  });

  it("the raw token is accepted with surrounding whitespace and in upper case", async () => {
    expect((await get("/api/dashboard/token-info", ` ${t.token.toUpperCase()} `)).statusCode).toBe(200);
  });
});

describe("403: a token only reaches its own server", () => {
  it("a path's server id that isn't the token's server is refused before the body is read", async () => {
    const app = await buildHearthApp(t.ctx, { serveWeb: false });
    const { z } = await import("zod");
    let handled = false;
    app.post("/api/probe/:serverId", { schema: { body: z.object({ required: z.string() }) } }, async () => {
      handled = true;
      return { ok: true };
    });
    await app.ready();
    const other = await seedOtherGuild(t.ctx);
    // Invalid body and another server: the 403 wins, so validation can't be used to probe other servers.
    const res = await app.inject({
      method: "POST",
      url: `/api/probe/${other.guildId}`,
      headers: { authorization: t.token },
      payload: { wrong: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: "Forbidden",
      message: "This dashboard token belongs to another server",
    });
    const own = await app.inject({
      method: "POST",
      url: `/api/probe/${demoGuildId}`,
      headers: { authorization: t.token },
      payload: { required: "x" },
    });
    expect(own.statusCode).toBe(200);
    expect(handled).toBe(true);
    await app.close();
  });

  it("a token of another server reads that server's data, never the demo server's", async () => {
    const other = await seedOtherGuild(t.ctx);
    const { token } = await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "admin" });
    const res = await get("/api/dashboard/channels", token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((channel: { name: string }) => channel.name)).toEqual(["secret-plans"]);
  });
});

describe("429: repeated bad tokens from one address", () => {
  it(`blocks an address after ${failureLimit.max} failures in a minute, with Retry-After`, async () => {
    for (let attempt = 0; attempt < failureLimit.max; attempt++) {
      expect((await get("/api/dashboard/server", "b".repeat(56), "10.9.9.9")).statusCode).toBe(401);
    }
    const blocked = await get("/api/dashboard/server", "b".repeat(56), "10.9.9.9");
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().error).toBe("Too Many Requests");
    // Another address is unaffected, and public routes stay open to the blocked one.
    expect((await get("/api/dashboard/server", t.token, "10.1.1.1")).statusCode).toBe(200);
    expect((await get("/api/ping", undefined, "10.9.9.9")).statusCode).toBe(200);
  });

  it("never locks out a valid token from a blocked address (issue 24 §4: block unknown tokens only)", async () => {
    for (let attempt = 0; attempt < failureLimit.max; attempt++) {
      expect((await get("/api/dashboard/server", "c".repeat(56), "10.8.8.8")).statusCode).toBe(401);
    }
    expect((await get("/api/dashboard/server", "c".repeat(56), "10.8.8.8")).statusCode).toBe(429);
    expect((await get("/api/dashboard/server", undefined, "10.8.8.8")).statusCode).toBe(429);
    // The valid token from the same address still works, and doesn't lift the block for guesses.
    expect((await get("/api/dashboard/server", t.token, "10.8.8.8")).statusCode).toBe(200);
    expect((await get("/api/dashboard/server", "c".repeat(56), "10.8.8.8")).statusCode).toBe(429);
  });

  it("the window resets after a minute", async () => {
    let now = 1_000_000;
    const limiter = new MemoryFailureLimiter(() => now);
    for (let attempt = 0; attempt < failureLimit.max; attempt++) await limiter.recordFailure("1.2.3.4");
    expect(await limiter.blockedFor("1.2.3.4")).toBe(failureLimit.windowMs);
    now += failureLimit.windowMs - 1;
    expect(await limiter.blockedFor("1.2.3.4")).toBe(1);
    now += 1;
    expect(await limiter.blockedFor("1.2.3.4")).toBe(0);
  });

  it("nine failures do not block", async () => {
    const limiter = new MemoryFailureLimiter();
    for (let attempt = 0; attempt < failureLimit.max - 1; attempt++) await limiter.recordFailure("1.2.3.4");
    expect(await limiter.blockedFor("1.2.3.4")).toBe(0);
  });
});

describe("general rate limit", () => {
  it("answers 429 in the error shape once an address exceeds RATE_LIMIT_MAX per minute", async () => {
    const limited = await createTestApp();
    const app = await buildHearthApp(
      { ...limited.ctx, config: { ...limited.ctx.config, rateLimitMax: 3 } },
      { serveWeb: false },
    );
    await app.ready();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await app.inject({ method: "GET", url: "/api/ping" })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await app.inject({ method: "GET", url: "/api/ping" });
    expect(res.json()).toMatchObject({ error: "Too Many Requests" });
    expect(res.headers["retry-after"]).toBeDefined();
    await app.close();
    await limited.cleanup();
  });
});
