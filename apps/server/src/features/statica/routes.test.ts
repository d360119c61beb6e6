import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { createDashboardToken } from "../auth/service.ts";

let t: TestApp;
let otherToken: string;
let ids: Record<string, string>;
let channels: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherToken = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
  ids = Object.fromEntries((await t.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  channels = Object.fromEntries((await t.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("statica_configs").execute();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, token: string | null = t.token) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const valid = () => ({
  enabled: true,
  type: "combined",
  roleConfig: { combined: [ids.Member], serverTag: [], status: [] },
  conditions: {
    serverTag: { enabled: true, requireOwnServer: true, allowedGuilds: [], requireBadge: false },
    status: {
      enabled: true,
      keywords: ["hearth", ".gg/emberhollow"],
      matchType: "any",
      caseSensitive: false,
      includeCustomStatus: true,
      includeActivity: false,
    },
    combination: "OR",
  },
  settings: {
    removeOnLeave: true,
    removeOnConditionFail: true,
    requireBotPermissions: true,
    notifyUsers: false,
    separateRoles: false,
  },
  logging: {
    enabled: true,
    channel: channels["mod-logs"],
    events: { "Role Added": true, "Role Removed": true, "Config Updated": true, "User Checked": false },
  },
});

/** `base` with `patch` laid over it: objects merge, anything else (lists included) replaces. */
function merge(base: unknown, patch: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(base) || !isObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = merge(base[key], value);
  return merged;
}

const routes: [Method, string][] = [
  ["GET", "/api/statica/fetch"],
  ["POST", "/api/statica/create"],
  ["PUT", "/api/statica/update"],
  ["PUT", "/api/statica/toggle"],
  ["DELETE", "/api/statica/delete"],
  ["GET", "/api/statica/server-roles"],
  ["GET", "/api/statica/stats"],
];

describe("every statica route", () => {
  it.each(routes)("%s %s answers 401 without a token", async (method, url) => {
    const res = await call(method, url, method === "GET" || method === "DELETE" ? undefined : valid(), null);
    expect(res.statusCode).toBe(401);
  });

  it("is listed in the OpenAPI document with the token scheme", async () => {
    const doc = (await call("GET", "/api/openapi.json", undefined, null)).json();
    for (const [method, url] of routes) {
      const operation = doc.paths[url]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      expect(operation.security).toEqual([{ dashboardToken: [] }]);
      expect(operation.tags).toEqual(["statica"]);
    }
  });
});

describe("GET /api/statica/fetch", () => {
  it("answers 404 'Resource not found' while there is no configuration, then the configuration", async () => {
    const none = await call("GET", "/api/statica/fetch");
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      error: "Not Found",
      message: expect.stringMatching(/^Resource not found/),
    });

    const created = (await call("POST", "/api/statica/create", valid())).json();
    const res = await call("GET", "/api/statica/fetch");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });
});

describe("POST /api/statica/create", () => {
  it("answers 201 with the stored configuration", async () => {
    const res = await call("POST", "/api/statica/create", { ...valid(), unknownField: 1, serverId: "1" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      ...valid(),
      serverId: demoGuildId,
      createdAt: expect.any(Number),
      updatedAt: body.createdAt,
    });
    expect(body).not.toHaveProperty("unknownField");
  });

  it("completes a partial body with the defaults and treats an empty log channel as none", async () => {
    const res = await call("POST", "/api/statica/create", {
      roleConfig: { combined: [ids.Member] },
      conditions: { status: { keywords: ["hearth"] } },
      logging: { channel: "" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      enabled: false,
      type: "combined",
      conditions: { combination: "OR", status: { matchType: "any", caseSensitive: false } },
      logging: { enabled: false, channel: null },
    });
  });

  it("answers 409 when the server already has one", async () => {
    await call("POST", "/api/statica/create", valid());
    const res = await call("POST", "/api/statica/create", valid());
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Conflict");
  });

  it.each([
    ["an unknown type", { type: "both" }, "type"],
    [
      "an unknown match type",
      { conditions: { status: { matchType: "some" } } },
      "conditions.status.matchType",
    ],
    ["a lower-case combination", { conditions: { combination: "or" } }, "conditions.combination"],
    [
      "a keyword over 64 characters",
      { conditions: { status: { keywords: ["x".repeat(65)] } } },
      "conditions.status.keywords.0",
    ],
    [
      "more than 50 keywords",
      { conditions: { status: { keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) } } },
      "conditions.status.keywords",
    ],
    ["a role id that isn't an id", { roleConfig: { combined: ["member"] } }, "roleConfig.combined.0"],
    [
      "more than 25 roles in a category",
      {
        roleConfig: {
          status: Array.from({ length: 26 }, (_, i) => `1234567890123456${String(i).padStart(2, "0")}`),
        },
      },
      "roleConfig.status",
    ],
    [
      "more than 50 partner servers",
      {
        conditions: {
          serverTag: {
            allowedGuilds: Array.from(
              { length: 51 },
              (_, i) => `1234567890123456${String(i).padStart(2, "0")}`,
            ),
          },
        },
      },
      "conditions.serverTag.allowedGuilds",
    ],
    [
      "a partner server that isn't an id",
      { conditions: { serverTag: { allowedGuilds: ["abc"] } } },
      "conditions.serverTag.allowedGuilds.0",
    ],
    ["a log channel that isn't an id", { logging: { channel: "mod-logs" } }, "logging.channel"],
    [
      "an event flag that isn't a boolean",
      { logging: { events: { "Role Added": "yes" } } },
      "logging.events.Role Added",
    ],
    ["no reward role", { roleConfig: { combined: [] } }, "roleConfig.combined"],
    ["no keyword", { conditions: { status: { keywords: [] } } }, "conditions.status.keywords"],
    [
      "a repeated keyword",
      { conditions: { status: { keywords: ["Hearth", "hearth"] } } },
      "conditions.status.keywords.1",
    ],
    ["a managed role", () => ({ roleConfig: { combined: [ids["Server Booster"]] } }), "roleConfig.combined"],
    ["a dangerous role", () => ({ roleConfig: { combined: [ids.Admin] } }), "roleConfig.combined"],
    [
      "a voice log channel",
      () => ({ logging: { enabled: true, channel: channels.Lounge } }),
      "logging.channel",
    ],
  ])("answers 400 naming the field for %s", async (_label, change, field) => {
    const body = merge(valid(), typeof change === "function" ? change() : change);
    const res = await call("POST", "/api/statica/create", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field });
    expect(res.json().message.startsWith(`${field}: `)).toBe(true);
    expect((await call("GET", "/api/statica/fetch")).statusCode).toBe(404);
  });

  it("uses the dashboard's wording for its two save rules", async () => {
    const noRole = await call("POST", "/api/statica/create", { ...valid(), roleConfig: { combined: [] } });
    expect(noRole.json().message).toBe("roleConfig.combined: Please configure at least one reward role");
    const noKeyword = await call("POST", "/api/statica/create", {
      ...valid(),
      conditions: { ...valid().conditions, status: { ...valid().conditions.status, keywords: [] } },
    });
    expect(noKeyword.json().message).toBe(
      "conditions.status.keywords: Please add at least one status keyword when status detection is enabled",
    );
  });

  it("answers 400 for a body that isn't an object", async () => {
    const res = await call("POST", "/api/statica/create", ["not", "an", "object"]);
    expect(res.statusCode).toBe(400);
  });
});

describe("PUT /api/statica/update", () => {
  it("answers 404 while there is no configuration", async () => {
    const res = await call("PUT", "/api/statica/update", valid());
    expect(res.statusCode).toBe(404);
  });

  it("replaces the configuration and answers it", async () => {
    const created = (await call("POST", "/api/statica/create", valid())).json();
    const next = {
      ...valid(),
      type: "server_tag",
      roleConfig: { combined: [], serverTag: [ids.Gold], status: [] },
    };
    const res = await call("PUT", "/api/statica/update", next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...next,
      serverId: demoGuildId,
      createdAt: created.createdAt,
      updatedAt: expect.any(Number),
    });
    expect((await call("GET", "/api/statica/fetch")).json()).toEqual(res.json());
  });

  it("answers 400 naming the field and keeps the stored configuration", async () => {
    const created = (await call("POST", "/api/statica/create", valid())).json();
    const res = await call("PUT", "/api/statica/update", {
      ...valid(),
      roleConfig: { combined: ["123456789012345678"] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("roleConfig.combined");
    expect((await call("GET", "/api/statica/fetch")).json()).toEqual(created);
  });
});

describe("PUT /api/statica/toggle", () => {
  it("answers 404 while there is no configuration", async () => {
    expect((await call("PUT", "/api/statica/toggle")).statusCode).toBe(404);
  });

  it("flips without a body (even with a JSON content type) and sets with {enabled}", async () => {
    await call("POST", "/api/statica/create", { ...valid(), enabled: false });
    const flipped = await t.app.inject({
      method: "PUT",
      url: "/api/statica/toggle",
      headers: { authorization: t.token, "content-type": "application/json" },
    });
    expect(flipped.statusCode).toBe(200);
    expect(flipped.json().enabled).toBe(true);
    const set = await call("PUT", "/api/statica/toggle", { enabled: false });
    expect(set.json()).toMatchObject({ enabled: false, serverId: demoGuildId });
    expect((await call("PUT", "/api/statica/toggle", {})).json().enabled).toBe(true);
  });

  it("answers 400 for an enabled that isn't a boolean", async () => {
    await call("POST", "/api/statica/create", valid());
    const res = await call("PUT", "/api/statica/toggle", { enabled: "yes" });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("enabled");
  });
});

describe("DELETE /api/statica/delete", () => {
  it("answers 204 with no body, then 404", async () => {
    await call("POST", "/api/statica/create", valid());
    const res = await call("DELETE", "/api/statica/delete");
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await call("GET", "/api/statica/fetch")).statusCode).toBe(404);
    expect((await call("DELETE", "/api/statica/delete")).statusCode).toBe(404);
  });
});

describe("GET /api/statica/server-roles", () => {
  it("lists the roles a reward can use with assignable and dangerous flags", async () => {
    const res = await call("GET", "/api/statica/server-roles");
    expect(res.statusCode).toBe(200);
    const roles = res.json() as { id: string; name: string; assignable: boolean; dangerous: boolean }[];
    expect(roles.map((r) => r.id)).not.toContain(demoGuildId);
    expect(roles.map((r) => r.name)).not.toContain("Server Booster");
    expect(roles.find((r) => r.name === "Member")).toEqual({
      id: ids.Member,
      name: "Member",
      color: 0x94a3b8,
      position: expect.any(Number),
      assignable: true,
      dangerous: false,
      unsafeReason: null,
    });
    const admin = roles.find((r) => r.name === "Admin") as { unsafeReason: string | null } | undefined;
    expect(admin?.unsafeReason).toMatch(/has Administrator; roles Hearth gives can't carry/);
  });
});

describe("GET /api/statica/stats", () => {
  it("answers 404 while there is no configuration, then the stats object", async () => {
    expect((await call("GET", "/api/statica/stats")).statusCode).toBe(404);
    const created = (await call("POST", "/api/statica/create", valid())).json();
    const res = await call("GET", "/api/statica/stats");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      server: { memberCount: 320, roleCategories: { combined: 1, serverTag: 0, status: 0 } },
      config: { createdAt: created.createdAt, updatedAt: created.updatedAt, enabled: true, type: "combined" },
      rewarded: { combined: 0, serverTag: 0, status: 0, total: 0 },
    });
  });
});

describe("another server's token", () => {
  beforeEach(async () => {
    expect((await call("POST", "/api/statica/create", valid())).statusCode).toBe(201);
  });

  it("never reads this server's configuration or stats", async () => {
    for (const url of ["/api/statica/fetch", "/api/statica/stats"]) {
      const res = await call("GET", url, undefined, otherToken);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(demoGuildId);
    }
    const roles = await call("GET", "/api/statica/server-roles", undefined, otherToken);
    expect(roles.json()).toEqual([]);
  });

  it("can't use this server's roles or channels", async () => {
    const res = await call("POST", "/api/statica/create", valid(), otherToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("roleConfig.combined");
  });

  it("never changes or deletes this server's configuration", async () => {
    const before = (await call("GET", "/api/statica/fetch")).json();
    expect((await call("PUT", "/api/statica/update", valid(), otherToken)).statusCode).toBe(404);
    expect((await call("PUT", "/api/statica/toggle", undefined, otherToken)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/statica/delete", undefined, otherToken)).statusCode).toBe(404);
    expect((await call("GET", "/api/statica/fetch")).json()).toEqual(before);
  });
});
