import { hasPermission, type PermissionLevel, permissionLevels } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStandingToken, createTestApp, demoGuildId, type TestApp } from "../../test/helpers.ts";
import { demoMembers } from "../discord/sandbox/demo-seed.ts";
import { quietMonitor } from "./activity-monitor.ts";
import { isPublicRoute } from "./public-routes.ts";

// Walks every registered private route with a token of each level: a level below the route's declared
// (or default) permission answers 403 naming the permission; a level at or above it gets past the check.
// Derived from the route table, so a route added later is covered without touching this file.
let t: TestApp;
const tokens = {} as Record<PermissionLevel, string>;

beforeAll(async () => {
  // Walking every route as a manager is a burst of 403s on purpose: no suspicious-activity revocation.
  t = await createTestApp({ monitor: quietMonitor });
  tokens.owner = t.token;
  const [adminId, managerId] = await demoMembers(t.ctx.storage.db, 2);
  if (!adminId || !managerId) throw new Error("the demo server has too few members");
  tokens.admin = (
    await createStandingToken(t.ctx, { serverId: demoGuildId, userId: adminId, permission: "admin" })
  ).token;
  tokens.manager = (
    await createStandingToken(t.ctx, { serverId: demoGuildId, userId: managerId, permission: "manager" })
  ).token;
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

function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    /server|guild/i.test(name) || name === "id" ? demoGuildId : "123456789012345678",
  );
}

describe("the permission matrix of every private /api route", () => {
  it("declares the levels the docs promise", () => {
    const permissionOf = (method: string, url: string) =>
      t.app.routeTable.find((route) => route.method === method && route.url === url)?.permission;
    // Undeclared: reads are open to managers, writes need admin.
    expect(permissionOf("GET", "/api/settings/fetch")).toBe("manager");
    expect(permissionOf("POST", "/api/timers/:serverId/timers")).toBe("admin");
    // The manager's rights: anti-pool (settings, checked further inside) and basic role assignment.
    expect(permissionOf("PUT", "/api/settings/edit")).toBe("manager");
    expect(permissionOf("POST", "/api/grinders/:serverId/grinders")).toBe("manager");
    expect(permissionOf("PUT", "/api/grinders/:serverId/grinders/:id/break")).toBe("manager");
    expect(permissionOf("POST", "/api/grinders/:serverId/grinders/dm-paid")).toBe("admin");
    // Writes that change nothing of the server's: every level opens the dashboard and previews.
    expect(permissionOf("POST", "/api/dashboard/access")).toBe("manager");
    expect(permissionOf("POST", "/api/welcome/preview")).toBe("manager");
    expect(permissionOf("POST", "/api/timers/:serverId/preview")).toBe("manager");
    expect(permissionOf("POST", "/api/grinders/:serverId/grinders/dm-preview")).toBe("manager");
    // Token management: the owner's alone; the audit log: not for managers.
    expect(permissionOf("GET", "/api/dashboard/tokens")).toBe("owner");
    expect(permissionOf("DELETE", "/api/dashboard/tokens/:tokenId")).toBe("owner");
    expect(permissionOf("GET", "/api/dashboard/audit")).toBe("admin");
    // Critical settings stay with admins.
    expect(permissionOf("PUT", "/api/server/:serverId/setup")).toBe("admin");
    // Every level is one of the three.
    for (const route of privateRoutes()) expect(permissionLevels).toContain(route.permission);
  });

  // Least powerful first, so the owner's writes (which may change data) come last.
  for (const level of ["manager", "admin", "owner"] as const) {
    it(`a ${level} token: 403 naming the permission exactly where the route needs more`, async () => {
      const routes = privateRoutes();
      expect(routes.length).toBeGreaterThan(20);
      let refused = 0;
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as "GET",
          url: fill(route.url),
          headers: { authorization: tokens[level] },
          payload: {},
        });
        const label = `${level} ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        const permitted = hasPermission(level, route.permission);
        if (!permitted) {
          refused++;
          expect(res.statusCode, label).toBe(403);
          expect(res.json().message, label).toBe(
            `${route.method} ${route.url} needs the ${route.permission} permission; this dashboard token has ${level}`,
          );
        } else {
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode, label).not.toBe(500);
          if (res.statusCode === 403)
            expect(res.json().message, label).not.toMatch(/needs the \w+ permission/);
        }
      }
      if (level === "owner") expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(0);
    });
  }

  it("a manager changes the anti-pool settings, and nothing else, through PUT /api/settings/edit", async () => {
    const edit = (payload: object) =>
      t.app.inject({
        method: "PUT",
        url: "/api/settings/edit",
        headers: { authorization: tokens.manager },
        payload,
      });
    const members = await demoMembers(t.ctx.storage.db, 5);
    const poolManager = members[4] ?? "";
    const allowed = await edit({ antiPoolShow: { poolManagerId: poolManager } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().antiPoolShow).toMatchObject({ toggle: true, poolManagerId: poolManager });

    const refused = await edit({ antiPoolShow: { poolManagerId: null }, memberTriggerLimit: 9 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Changing memberTriggerLimit needs the admin permission; this dashboard token has manager",
    );
    // Refused as a whole: the anti-pool part of the refused request did not apply either.
    const settings = await t.app.inject({
      method: "GET",
      url: "/api/settings/fetch",
      headers: { authorization: tokens.manager },
    });
    expect(settings.json().antiPoolShow.poolManagerId).toBe(poolManager);
    expect(settings.json().memberTriggerLimit).not.toBe(9);
  });
});
