import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken } from "../auth/service.ts";

let t: TestApp;
let otherToken: string;
let otherGuildId: string;

const validBody = {
  invite: "https://discord.com/invite/emberhollow",
  description: "  A cosy grinding and events community with weekly giveaways.  ",
  tags: "Gaming, giveaways , GAMING,, grinding",
};

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherGuildId = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
});
afterAll(() => t.cleanup());

const as = (token: string | null) => (token ? { authorization: token } : {});
const request = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  token: string | null = t.token,
  payload?: object,
) => t.app.inject({ method, url, headers: as(token), ...(payload === undefined ? {} : { payload }) });

describe("private discovery routes", () => {
  it("answer 401 without a token", async () => {
    for (const [method, url] of [
      ["POST", "/api/discovery"],
      ["GET", `/api/discovery/${demoGuildId}`],
      ["PUT", `/api/discovery/${demoGuildId}`],
      ["DELETE", `/api/discovery/${demoGuildId}`],
      ["PUT", `/api/discovery/${demoGuildId}/toggle`],
    ] as const) {
      const res = await request(
        method,
        url,
        null,
        method === "GET" || method === "DELETE" ? undefined : validBody,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("GET answers 404 before the server has an entry", async () => {
    const res = await request("GET", `/api/discovery/${demoGuildId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "Not Found" });
  });

  it("POST creates the token's server's entry, public, with normalised fields (201)", async () => {
    const res = await request("POST", "/api/discovery", t.token, validBody);
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toEqual({
      id: demoGuildId,
      invite: "https://discord.gg/emberhollow",
      description: "A cosy grinding and events community with weekly giveaways.",
      tags: ["gaming", "giveaways", "grinding"],
      name: "Ember Hollow",
      icon: expect.stringMatching(/^data:image\/svg\+xml/),
      memberCount: 320,
      toggle: "public",
      premium: false,
      advertised: false,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId);
    expect(audit).toMatchObject({ action: "discovery.create", tokenId: expect.any(String) });
  });

  it("POST answers 409 for a second entry", async () => {
    const res = await request("POST", "/api/discovery", t.token, validBody);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has a discovery entry/);
  });

  it.each([
    [{ ...validBody, invite: "https://example.com/emberhollow" }, "invite"],
    [{ ...validBody, invite: "https://discord.gg/x" }, "invite"],
    [{ ...validBody, invite: 42 }, "invite"],
    [{ description: validBody.description }, "invite"],
    [{ ...validBody, description: "too short" }, "description"],
    [{ ...validBody, description: "x".repeat(1001) }, "description"],
    [{ invite: validBody.invite }, "description"],
    [{ ...validBody, tags: "gaming, c++" }, "tags.1"],
    [{ ...validBody, tags: ["ok", "x"] }, "tags.1"],
    [{ ...validBody, tags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }, "tags"],
    [{ ...validBody, tags: 5 }, "tags"],
  ])("PUT and POST answer 400 naming the field (%j → %s)", async (payload, field) => {
    for (const [method, url] of [
      ["POST", "/api/discovery"],
      ["PUT", `/api/discovery/${demoGuildId}`],
    ] as const) {
      const res = await request(method, url, t.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message.startsWith(`${field}: `)).toBe(true);
    }
  });

  it("POST answers 400 without a body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/discovery", headers: as(t.token) });
    expect(res.statusCode).toBe(400);
  });

  it("GET answers the entry by the server's id", async () => {
    const res = await request("GET", `/api/discovery/${demoGuildId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: demoGuildId, invite: "https://discord.gg/emberhollow" });
  });

  it("PUT replaces invite, description and tags, auditing before and after", async () => {
    const res = await request("PUT", `/api/discovery/${demoGuildId}`, t.token, {
      invite: "discord.gg/EmberHollow2",
      description: "Grinding, heists and giveaways every single week.",
      tags: ["Gaming", "heists"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invite: "https://discord.gg/EmberHollow2",
      tags: ["gaming", "heists"],
      toggle: "public",
    });
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId);
    expect(audit?.action).toBe("discovery.update");
    expect(audit?.summary).toMatchObject({
      before: { invite: "https://discord.gg/emberhollow" },
      after: { invite: "https://discord.gg/EmberHollow2" },
    });
  });

  it("PUT toggle switches between public and private, and the public list follows", async () => {
    const hidden = await request("PUT", `/api/discovery/${demoGuildId}/toggle`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().toggle).toBe("private");
    expect((await request("GET", "/api/discovery", null)).json()).toEqual([]);
    const shown = await request("PUT", `/api/discovery/${demoGuildId}/toggle`);
    expect(shown.json().toggle).toBe("public");
    expect((await request("GET", "/api/discovery", null)).json()).toHaveLength(1);
  });

  it("another server's token gets 404 for this server's entry and changes nothing", async () => {
    await request("POST", "/api/discovery", otherToken, {
      invite: "https://discord.gg/otherplace",
      description: "The other place, for proving isolation.",
      tags: "community",
    });
    for (const [method, url, payload] of [
      ["GET", `/api/discovery/${demoGuildId}`, undefined],
      ["PUT", `/api/discovery/${demoGuildId}`, validBody],
      ["PUT", `/api/discovery/${demoGuildId}/toggle`, undefined],
      ["DELETE", `/api/discovery/${demoGuildId}`, undefined],
    ] as const) {
      const res = await request(method, url, otherToken, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(demoGuildId);
      expect(res.body).not.toContain("Ember Hollow");
    }
    const mine = await request("GET", `/api/discovery/${demoGuildId}`);
    expect(mine.json()).toMatchObject({ invite: "https://discord.gg/EmberHollow2", toggle: "public" });
    // And the demo token does not reach the other server's entry either.
    const theirs = await request("GET", `/api/discovery/${otherGuildId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain("Other Place");
  });
});

describe("public discovery routes", () => {
  it("GET /api/discovery lists public entries without a token, in the directory order", async () => {
    const res = await request("GET", "/api/discovery", null);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((server: { name: string }) => server.name)).toEqual(["Ember Hollow", "Other Place"]);
    expect(list[0]).toEqual({
      _id: demoGuildId,
      id: demoGuildId,
      name: "Ember Hollow",
      description: "Grinding, heists and giveaways every single week.",
      icon: expect.any(String),
      tags: ["gaming", "heists"],
      invite: "https://discord.gg/EmberHollow2",
      premium: false,
      advertised: false,
      memberCount: 320,
    });
  });

  it("GET /api/discovery filters by tag", async () => {
    const res = await request("GET", "/api/discovery?tag=Community", null);
    expect(res.json().map((server: { name: string }) => server.name)).toEqual(["Other Place"]);
  });

  it("GET /api/discovery/search matches name, description and tags; empty q lists everything", async () => {
    const search = async (query: string) =>
      (await request("GET", `/api/discovery/search?${query}`, null))
        .json()
        .map((server: { name: string }) => server.name);
    expect(await search("q=HEISTS")).toEqual(["Ember Hollow"]);
    expect(await search("q=other")).toEqual(["Other Place"]);
    expect(await search("q=isolation")).toEqual(["Other Place"]);
    expect(await search("q=%20%20")).toEqual(["Ember Hollow", "Other Place"]);
    expect(await search("")).toEqual(["Ember Hollow", "Other Place"]);
    expect(await search("q=place&tag=gaming")).toEqual([]);
  });

  it("GET /api/discovery/search answers 400 for a query over 100 characters", async () => {
    const res = await request("GET", `/api/discovery/search?q=${"a".repeat(101)}`, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("q");
  });

  it("GET /api/discovery/tags counts the public tags", async () => {
    const res = await request("GET", "/api/discovery/tags", null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { tag: "community", count: 1 },
      { tag: "gaming", count: 1 },
      { tag: "heists", count: 1 },
    ]);
  });

  it("the OpenAPI document lists every discovery route", async () => {
    const doc = (await request("GET", "/api/openapi.json", null)).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/discovery",
        "/api/discovery/search",
        "/api/discovery/tags",
        "/api/discovery/{id}",
        "/api/discovery/{id}/toggle",
      ]),
    );
    expect(doc.paths["/api/discovery/{id}"].put.security).toEqual([{ dashboardToken: [] }]);
  });
});

describe("deleting", () => {
  it("DELETE removes the entry (204); it leaves the directory and may be created again", async () => {
    const res = await request("DELETE", `/api/discovery/${demoGuildId}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await request("GET", `/api/discovery/${demoGuildId}`)).statusCode).toBe(404);
    expect((await request("DELETE", `/api/discovery/${demoGuildId}`)).statusCode).toBe(404);
    const names = (await request("GET", "/api/discovery", null)).json().map((s: { name: string }) => s.name);
    expect(names).toEqual(["Other Place"]);
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId);
    expect(audit?.action).toBe("discovery.delete");
    expect((await request("POST", "/api/discovery", t.token, validBody)).statusCode).toBe(201);
  });
});
