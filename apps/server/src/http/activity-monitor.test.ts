import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStandingToken, createTestApp, demoGuildId, type TestApp } from "../../test/helpers.ts";
import { demoMembers } from "../discord/sandbox/demo-seed.ts";
import { listAudit } from "../features/audit/service.ts";
import { resolveToken } from "../features/auth/service.ts";
import {
  type ActivityStore,
  addressWindowMs,
  MemoryActivityStore,
  RedisActivityStore,
  TokenActivityMonitor,
} from "./activity-monitor.ts";
import type { DashboardToken } from "./auth-plugin.ts";

const token: DashboardToken = {
  id: "abcdef123456",
  serverId: "1",
  userId: "2",
  userName: "x",
  permission: "admin",
};

function monitorOn(store: ActivityStore, clock: { now: number }) {
  const flagged: string[] = [];
  const monitor = new TokenActivityMonitor(
    store,
    { maxAddresses: 3, forbiddenBurst: 5 },
    async (_token, reason) => {
      flagged.push(reason);
    },
    () => clock.now,
  );
  return { monitor, flagged };
}

function storeSuite(name: string, makeStore: () => ActivityStore, tokenId: () => DashboardToken) {
  describe(name, () => {
    it("flags a token used from more than N addresses within an hour, not N", async () => {
      const clock = { now: 1_000_000_000 };
      const { monitor, flagged } = monitorOn(makeStore(), clock);
      const t = tokenId();
      for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.1"]) {
        expect(await monitor.used(t, address)).toBe(true);
      }
      expect(flagged).toEqual([]);
      expect(await monitor.used(t, "10.0.0.4")).toBe(false);
      expect(flagged).toEqual(["used from 4 different addresses within an hour (the limit is 3)"]);
    });

    it("forgets addresses after an hour", async () => {
      const clock = { now: 2_000_000_000 };
      const { monitor, flagged } = monitorOn(makeStore(), clock);
      const t = tokenId();
      for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) await monitor.used(t, address);
      clock.now += addressWindowMs + 1;
      expect(await monitor.used(t, "10.0.0.4")).toBe(true);
      expect(flagged).toEqual([]);
    });

    it("flags a burst of forbidden requests once, and not slower ones", async () => {
      const clock = { now: 3_000_000_000 };
      const { monitor, flagged } = monitorOn(makeStore(), clock);
      const slow = tokenId();
      for (let i = 0; i < 8; i++) {
        await monitor.forbidden(slow, "10.0.0.1");
        clock.now += 15_000;
      }
      expect(flagged).toEqual([]);
      const fast = tokenId();
      for (let i = 0; i < 8; i++) await monitor.forbidden(fast, "10.0.0.1");
      expect(flagged).toEqual(["5 forbidden requests within a minute"]);
    });
  });
}

let counter = 0;
const freshToken = () => ({
  ...token,
  id: `${Date.now().toString(16).slice(-6)}${(counter++).toString(16).padStart(6, "0")}`,
});
storeSuite("the in-memory counts", () => new MemoryActivityStore(), freshToken);

describe("the in-memory counts on the hot path", () => {
  it("answers a use within the limit without a promise, and one over it with the revocation's", async () => {
    const { monitor, flagged } = monitorOn(new MemoryActivityStore(), { now: 4_000_000_000 });
    const used = freshToken();
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      expect(monitor.used(used, address)).toBe(true);
    const fourth = monitor.used(used, "10.0.0.4");
    expect(fourth).toBeInstanceOf(Promise);
    expect(await fourth).toBe(false);
    expect(flagged).toHaveLength(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("counts shared through Redis", () => {
  let a: Redis;
  let b: Redis;
  beforeAll(() => {
    a = new Redis(redisUrl ?? "");
    b = new Redis(redisUrl ?? "");
  });
  afterAll(async () => {
    a.disconnect();
    b.disconnect();
  });
  // Two stores on two connections stand for two API processes.
  let turn = 0;
  storeSuite("through Redis", () => new RedisActivityStore(turn++ % 2 === 0 ? a : b), freshToken);

  it("two processes see one token's addresses together", async () => {
    const clock = { now: Date.now() };
    const one = monitorOn(new RedisActivityStore(a), clock);
    const two = monitorOn(new RedisActivityStore(b), clock);
    const t = freshToken();
    await one.monitor.used(t, "10.1.0.1");
    await two.monitor.used(t, "10.1.0.2");
    await one.monitor.used(t, "10.1.0.3");
    expect(await two.monitor.used(t, "10.1.0.4")).toBe(false);
    expect(two.flagged).toHaveLength(1);
    expect(one.flagged).toHaveLength(0);
  });
});

describe("through the API: the token is revoked, its holder DMed, the audit log says why", () => {
  let t: TestApp;
  let holderId: string;
  beforeAll(async () => {
    t = await createTestApp();
    [holderId = ""] = await demoMembers(t.ctx.storage.db, 1);
  });
  afterAll(() => t.cleanup());

  const lastDm = async (userId: string) => {
    const row = await t.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("channel_id", "=", `dm-${userId}`)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    return row
      ? (JSON.parse(row.payload) as { embeds: { title: string; description: string }[] }).embeds[0]
      : null;
  };

  it(`${20} forbidden requests within a minute revoke a manager's token`, async () => {
    const { token: raw } = await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: holderId,
      permission: "manager",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/timers/${demoGuildId}/timers`,
        headers: { authorization: raw },
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(403));
    expect(statuses[20]).toBe(401);
    expect(await resolveToken(t.ctx, raw)).toBeNull();
    const dm = await lastDm(holderId);
    expect(dm?.title).toBe("Dashboard token revoked: suspicious activity");
    expect(dm?.description).toContain("20 forbidden requests within a minute");
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({
      action: "token.revoke",
      summary: { reason: "suspicious activity: 20 forbidden requests within a minute" },
    });
  });

  it("a route's own refusals count too: 20 changes a manager may not make revoke the token", async () => {
    const [, , thirdId = ""] = await demoMembers(t.ctx.storage.db, 3);
    const { token: raw } = await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: thirdId,
      permission: "manager",
    });
    // The route is open to managers (the anti-pool settings); the handler refuses anything else.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/settings/edit",
        headers: { authorization: raw },
        payload: { calculatorEnabled: true },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(403));
    await expect.poll(() => resolveToken(t.ctx, raw)).toBeNull();
    expect((await lastDm(thirdId))?.description).toContain("20 forbidden requests within a minute");
  });

  it("use from more than 5 addresses within an hour revokes the token on the sixth", async () => {
    const [, otherId = ""] = await demoMembers(t.ctx.storage.db, 2);
    const { token: raw } = await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: otherId,
      permission: "admin",
    });
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/settings/fetch",
        headers: { authorization: raw },
        remoteAddress: `203.0.113.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 401]);
    expect(await resolveToken(t.ctx, raw)).toBeNull();
    expect((await lastDm(otherId))?.description).toContain(
      "used from 6 different addresses within an hour (the limit is 5)",
    );
  });
});
