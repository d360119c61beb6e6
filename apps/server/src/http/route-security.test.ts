import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../test/helpers.ts";
import { createDashboardToken } from "../features/auth/service.ts";
import { quietMonitor } from "./activity-monitor.ts";
import { isPublicRoute } from "./public-routes.ts";

// Walks every registered route, so a route added later is covered without touching this file.
let t: TestApp;
let otherToken: string;
let otherGuildId: string;

beforeAll(async () => {
  // Walking every route without a token is many failed logins from one address: don't let the
  // failed-login limiter (tested on its own) turn the later answers into 429s.
  t = await createTestApp({
    limiter: { blockedFor: async () => 0, recordFailure: async () => {} },
    // Many 403s from one token on purpose: not a suspicious burst here (tested in activity-monitor.test.ts).
    monitor: quietMonitor,
  });
  const other = await seedOtherGuild(t.ctx);
  otherGuildId = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
});
afterAll(() => t.cleanup());

const privateRoutes = () =>
  t.app.routeTable.filter(
    (route) =>
      route.url.startsWith("/api") &&
      route.method !== "HEAD" &&
      route.method !== "OPTIONS" &&
      !isPublicRoute(route.method, route.url),
  );

/** Fills path parameters: server ids with the demo server's, anything else with a plausible id. */
function fill(url: string, serverId: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    /server|guild/i.test(name) || name === "id" ? serverId : "123456789012345678",
  );
}

describe("every private /api route", () => {
  it("there are private routes to walk", () => {
    expect(privateRoutes().length).toBeGreaterThanOrEqual(5);
  });

  it("answers 401 without a token", async () => {
    for (const route of privateRoutes()) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: fill(route.url, demoGuildId),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers 403 with another server's token where the path names a server, and never leaks the demo server otherwise", async () => {
    for (const route of privateRoutes()) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: fill(route.url, demoGuildId),
        headers: { authorization: otherToken },
        payload: {},
      });
      const label = `${route.method} ${route.url}`;
      if (/:(serverId|guildId)\b/.test(route.url)) {
        expect(res.statusCode, label).toBe(403);
      } else {
        expect(res.statusCode, label).not.toBe(500);
        expect(res.body, label).not.toContain(demoGuildId);
        expect(res.body, label).not.toContain("Ember Hollow");
      }
    }
  });

  it("the other server's token does reach its own server", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/server",
      headers: { authorization: otherToken },
    });
    expect(res.json()).toMatchObject({ id: otherGuildId, name: "Other Place" });
  });
});
