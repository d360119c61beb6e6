import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, type TestApp } from "../../test/helpers.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const auth = () => ({ authorization: t.token });

describe("public routes", () => {
  it("GET /health reports the database as reachable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: "ok", version: "0.1.0" });
  });

  it("GET /api/ping answers pong with the server time", async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: "GET", url: "/api/ping" });
    expect(res.statusCode).toBe(200);
    expect(res.json().pong).toBe(true);
    expect(res.json().time).toBeGreaterThanOrEqual(before);
  });

  it("GET /api/stats counts the servers and users the bot really has", async () => {
    const { recordGuildJoined } = await import("../features/guilds/service.ts");
    await recordGuildJoined(
      t.ctx,
      { id: demoGuildId, name: "Ember Hollow", icon: null, ownerId: "1", memberCount: 320 },
      Date.now(),
    );
    await recordGuildJoined(
      t.ctx,
      { id: "123456789012345678", name: "Second", icon: null, ownerId: "1", memberCount: 80 },
      Date.now(),
    );
    const res = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.servers).toBe(2);
    expect(body.users).toBe(400);
    expect(body.uptimePercent).toBeGreaterThan(0);
    expect(body.uptimePercent).toBeLessThanOrEqual(100);
    expect(Number.isInteger(body.commands)).toBe(true);
  });

  it("GET /api/invite builds the authorisation URL from DISCORD_CLIENT_ID with the five permissions", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/invite" });
    expect(none.json()).toMatchObject({ url: null, clientId: null, permissionBits: "2147575808" });
    expect(none.json().permissions).toEqual([
      "Send Messages",
      "Manage Messages",
      "Embed Links",
      "Read Message History",
      "Use Slash Commands",
    ]);
    const { buildHearthApp } = await import("../composition.ts");
    const app = await buildHearthApp(
      { ...t.ctx, config: { ...t.ctx.config, discordClientId: "123456789012345678" } },
      { serveWeb: false },
    );
    const res = await app.inject({ method: "GET", url: "/api/invite" });
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe("https://discord.com/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("123456789012345678");
    expect(url.searchParams.get("permissions")).toBe("2147575808");
    expect(url.searchParams.get("scope")).toBe("bot applications.commands");
    await app.close();
  });

  it("serves an OpenAPI document listing the routes with the token scheme", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/health",
        "/api/stats",
        "/api/ping",
        "/api/dashboard/token-info",
        "/api/dashboard/server",
      ]),
    );
    expect(doc.components.securitySchemes.dashboardToken).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
    expect(doc.paths["/api/dashboard/server"].get.responses["200"]).toBeDefined();
  });

  it("describes the list routes' paging headers, and the public lists' ETag and 304", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const responses = (path: string) => doc.paths[path].get.responses;
    const paging = ["x-total-count", "x-next-cursor", "link"];
    // Every /api success also documents its request id and the rate limit's headers (openapi-answers.ts).
    const common = ["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];
    const tiles = ["x-giveaways-total", "x-giveaways-running", "x-giveaways-entries"];
    for (const [path, extra] of [
      ["/api/giveaways", tiles],
      ["/api/giveaways/{serverId}", tiles],
      ["/api/discovery", []],
    ] as const) {
      expect(Object.keys(responses(path)["200"].headers ?? {}).sort(), path).toEqual(
        [...paging, ...extra, "etag", ...common].sort(),
      );
      expect(responses(path)["304"], path).toBeDefined();
    }
    // Private: paged, but never cached by ETag.
    const grinders = responses("/api/grinders/{serverId}/grinders");
    expect(Object.keys(grinders["200"].headers ?? {}).sort()).toEqual([...paging, ...common].sort());
    expect(grinders["304"]).toBeUndefined();
    // Not a list: no paging headers.
    expect(Object.keys(responses("/api/dashboard/server")["200"].headers ?? {}).sort()).toEqual(
      [...common].sort(),
    );
  });
});

describe("dashboard info routes", () => {
  it("token-info names the token's server and user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dashboard/token-info", headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      serverId: demoGuildId,
      serverName: "Ember Hollow",
      serverIcon: expect.stringMatching(/^data:image\/svg\+xml/),
      permission: "owner",
      userId: demoOwnerId,
      userName: "Ember Keeper",
    });
  });

  it("server answers name, icon, member count and the owner's tag", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dashboard/server", headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: demoGuildId,
      name: "Ember Hollow",
      memberCount: 320,
      owner: { tag: "emberkeeper" },
    });
  });

  it("channels come in Discord's order with their category names", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dashboard/channels", headers: auth() });
    expect(res.statusCode).toBe(200);
    const channels = res.json() as {
      id: string;
      name: string;
      type: number;
      parentId: string | null;
      parentName: string | null;
    }[];
    expect(channels.length).toBeGreaterThan(20);
    const general = channels.find((channel) => channel.name === "general");
    expect(general).toMatchObject({ type: 0, parentName: "Community" });
    // Every child comes after its own category.
    for (const [index, channel] of channels.entries()) {
      if (channel.parentId) expect(channels.findIndex((c) => c.id === channel.parentId)).toBeLessThan(index);
    }
  });

  it("roles leave out @everyone and come highest first", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dashboard/roles", headers: auth() });
    const roles = res.json() as { id: string; name: string; position: number }[];
    expect(res.statusCode).toBe(200);
    expect(roles.some((role) => role.id === demoGuildId || role.name === "@everyone")).toBe(false);
    expect(roles[0]?.name).toBe("Owner");
    expect(roles.map((role) => role.position)).toEqual(
      roles.map((role) => role.position).toSorted((a, b) => b - a),
    );
  });

  it("access is recorded in the audit log and answers 204, with or without a body", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/dashboard/access",
      headers: { ...auth(), "content-type": "application/json" },
    });
    expect(empty.statusCode).toBe(204);
    expect(empty.body).toBe("");
    // Access is recorded once per token per day (issue 24 §4), so the body's form is checked with a
    // second holder's token; the first token's second visit adds nothing.
    const again = await t.app.inject({ method: "POST", url: "/api/dashboard/access", headers: auth() });
    expect(again.statusCode).toBe(204);
    const { createStandingToken } = await import("../../test/helpers.ts");
    const { demoMembers } = await import("../discord/sandbox/demo-seed.ts");
    const [adminId] = await demoMembers(t.ctx.storage.db, 1);
    if (!adminId) throw new Error("the demo server has no members");
    const { token: other } = await createStandingToken(t.ctx, { userId: adminId, permission: "admin" });
    const withPath = await t.app.inject({
      method: "POST",
      url: "/api/dashboard/access",
      headers: { authorization: other },
      payload: { path: "/dashboard/x" },
    });
    expect(withPath.statusCode).toBe(204);
    const { listAudit } = await import("../features/audit/service.ts");
    const entries = (await listAudit(t.ctx.storage.db, demoGuildId)).filter(
      (entry) => entry.action === "dashboard.access",
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]?.summary).toMatchObject({ path: "/dashboard/x" });
    expect(entries[0]?.tokenId).toBeTruthy();
    expect(entries[1]?.tokenId).toBeTruthy();
    expect(entries[0]?.tokenId).not.toBe(entries[1]?.tokenId);
  });

  it("a malformed JSON body is a 400 naming the body, not a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/dashboard/access",
      headers: { ...auth(), "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Bad Request", message: "body: is not valid JSON", field: "body" });
  });

  it("a body field of the wrong type is a 400 naming the field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/dashboard/access",
      headers: auth(),
      payload: { path: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field: "path" });
    expect(res.json().message).toMatch(/^path: /);
  });
});

describe("errors and headers", () => {
  it("an unknown /api path is a JSON 404 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here", headers: auth() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not Found", message: "No route for GET /api/nothing-here" });
  });

  it("a failure inside a handler answers 500 without internals", async () => {
    const broken = await createTestApp();
    await broken.ctx.storage.close();
    const res = await broken.app.inject({
      method: "GET",
      url: "/api/dashboard/server",
      headers: { authorization: broken.token },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong on our side",
    });
    expect(res.body).not.toMatch(/at |\.ts|sqlite/i);
    await broken.app.close();
  });

  it("sends pages the document security headers with a content security policy", async () => {
    for (const url of ["/dashboard", "/api/docs"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin");
    }
  });

  it("sends API answers the REST set: no sniffing, framing, caching or referrer", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/server",
      headers: { authorization: t.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    const denied = await t.app.inject({ method: "GET", url: "/api/dashboard/server" });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers["cache-control"]).toBe("no-store");
  });
});
