import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  channelId,
  demoMembers,
  newGiveaway,
  owner,
  roleId,
} from "../../../test/fixtures/giveaways.ts";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../auth/service.ts";
import { recordGuildJoined } from "../guilds/service.ts";
import { enterGiveaway } from "./entries.ts";
import { endGiveaway } from "./service.ts";

let t: TestApp;
let otherToken: string;
let otherServer: string;
let otherGiveaway: string;
let giveawaysChannel: string;

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherServer = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherServer, permission: "owner" })).token;
  for (const guild of await t.ctx.discord.listGuilds()) await recordGuildJoined(t.ctx, guild, Date.now());
  otherGiveaway = (await newGiveaway(t.ctx, { prize: "Their prize" }, otherServer)).messageId;
  giveawaysChannel = await channelId(t.ctx);
});
afterAll(() => t.cleanup());

const auth = () => ({ authorization: t.token });

function inject(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, token?: string) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token === undefined ? auth() : token === "" ? {} : { authorization: token },
  });
}

/** Asserts a 400 naming `field`, with a message that starts with it. */
async function expect400(response: Promise<{ statusCode: number; json(): unknown }>, field: string) {
  const res = await response;
  const body = res.json() as { field?: string; message: string };
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  expect(body.field).toBe(field);
  expect(body.message.startsWith(`${field}:`), body.message).toBe(true);
}

describe("POST /api/giveaways/create", () => {
  const valid = () => ({ channelId: giveawaysChannel, prize: "Nitro", winnerCount: 2, duration: 3600 });

  it("posts a giveaway hosted by the token's user and answers 201 with it", async () => {
    const pingRole = await roleId(t.ctx, "Giveaway Ping");
    const endTime = Date.now() + 2 * 86_400_000;
    const res = await inject("POST", "/api/giveaways/create", {
      ...valid(),
      duration: undefined,
      endTime,
      description: "  Be quick  ",
      requirements: { minAccountAge: 10, requiredRoles: [pingRole] },
      unknownField: "ignored",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      guildId: demoGuildId,
      channelId: giveawaysChannel,
      prize: "Nitro",
      description: "Be quick",
      hostId: demoOwnerId,
      donorId: null,
      active: true,
      endTime,
      winners: 2,
      winnerCount: 2,
      entriesCount: 0,
      minAccountAge: 10,
      minMemberAge: 0,
      minInvites: 0,
      requiredRoles: [pingRole],
    });
  });

  it.each([
    [{ channelId: undefined }, "channelId"],
    [{ channelId: "nope" }, "channelId"],
    [{ prize: "   " }, "prize"],
    [{ prize: "x".repeat(257) }, "prize"],
    [{ winnerCount: 0 }, "winnerCount"],
    [{ winnerCount: 51 }, "winnerCount"],
    [{ duration: 59 }, "duration"],
    [{ duration: 90 * 86_400 + 1 }, "duration"],
    [{ duration: undefined }, "duration"],
    [{ endTime: Date.now() + 3_600_000 }, "duration"],
    [{ requirements: { minAccountAge: 3651 } }, "requirements.minAccountAge"],
    [{ requirements: { minMemberAge: -1 } }, "requirements.minMemberAge"],
    [{ requirements: { minInvites: 10_001 } }, "requirements.minInvites"],
    [{ requirements: { requiredRoles: ["x"] } }, "requirements.requiredRoles.0"],
    [{ donorId: "12" }, "donorId"],
  ])("refuses %j naming %s", async (change, field) => {
    await expect400(inject("POST", "/api/giveaways/create", { ...valid(), ...change }), field);
  });

  it("checks times, channels, roles and the donor against the server", async () => {
    const create = (change: object) => inject("POST", "/api/giveaways/create", { ...valid(), ...change });
    await expect400(create({ duration: undefined, endTime: Date.now() - 1000 }), "endTime");
    await expect400(create({ duration: undefined, endTime: Date.now() + 91 * 86_400_000 }), "endTime");
    const voice = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.type === 2);
    await expect400(create({ channelId: voice?.id }), "channelId");
    await expect400(create({ channelId: "444444444444444444" }), "channelId");
    await expect400(
      create({ requirements: { requiredRoles: ["123456789012345678"] } }),
      "requirements.requiredRoles.0",
    );
    await expect400(
      create({ requirements: { requiredRoles: [demoGuildId] } }),
      "requirements.requiredRoles.0",
    );
    await expect400(create({ donorId: "333333333333333333" }), "donorId");
  });

  it("needs a token", async () => {
    expect((await inject("POST", "/api/giveaways/create", valid(), "")).statusCode).toBe(401);
  });

  it("creates in the token's own server only", async () => {
    const res = await inject("POST", "/api/giveaways/create", valid(), otherToken);
    await expect400(Promise.resolve(res), "channelId");
    const theirs = await inject(
      "POST",
      "/api/giveaways/create",
      { ...valid(), channelId: "444444444444444444" },
      otherToken,
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().guildId).toBe(otherServer);
  });
});

describe("public reads", () => {
  let active: string;
  let ended: string;
  let entrants: string[];
  beforeAll(async () => {
    await t.ctx.storage.db
      .insertInto("discovery_entries")
      .values({
        server_id: demoGuildId,
        invite: "https://discord.gg/emberhollow",
        description: "Cosy",
        tags: "[]",
        is_public: 1,
        advertised: 0,
        created_by: null,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    ended = (await newGiveaway(t.ctx, { prize: "Old prize", winnerCount: 2 })).messageId;
    entrants = await demoMembers(t.ctx, 3);
    for (const member of entrants) await enterGiveaway(t.ctx, demoGuildId, ended, member);
    await endGiveaway(t.ctx, demoGuildId, ended, { by: "manual", actor: owner });
    active = (await newGiveaway(t.ctx, { prize: "New prize", winnerCount: 3 })).messageId;
    await enterGiveaway(t.ctx, demoGuildId, active, entrants[0] as string);
  });

  it("GET /api/giveaways lists every server's giveaways without a token", async () => {
    const res = await inject("GET", "/api/giveaways", undefined, "");
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.find((g) => g.messageId === active)).toEqual({
      guildId: demoGuildId,
      messageId: active,
      prize: "New prize",
      guildName: "Ember Hollow",
      active: true,
      endTime: expect.any(Number),
      createdAt: expect.any(Number),
      entries: 1,
      winners: 3,
      inviteUrl: "https://discord.gg/emberhollow",
      // Not a run of a recurring series, not paused, no entry cap, reminder or claim window.
      recurrence: null,
      paused: false,
      maxEntries: null,
      claimWindow: null,
      reminderBefore: null,
    });
    expect(list.find((g) => g.messageId === ended)).toMatchObject({ active: false, entries: 3, winners: 2 });
    expect(list.find((g) => g.messageId === otherGiveaway)).toMatchObject({
      guildName: "Other Place",
      inviteUrl: null,
    });
  });

  it("GET /api/giveaways/:serverId lists one server's, newest first", async () => {
    const res = await inject("GET", `/api/giveaways/${demoGuildId}`, undefined, "");
    const ids = (res.json() as { messageId: string; guildId: string }[]).map((g) => g.messageId);
    expect(ids.indexOf(active)).toBeLessThan(ids.indexOf(ended));
    expect(ids).not.toContain(otherGiveaway);
    await expect400(inject("GET", "/api/giveaways/notanid", undefined, ""), "serverId");
  });

  it("GET /api/giveaways/:serverId/:giveawayId answers the detail, winners once ended", async () => {
    const res = await inject("GET", `/api/giveaways/${demoGuildId}/${ended}`, undefined, "");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ prize: "Old prize", active: false, entriesCount: 3, winnerCount: 2 });
    expect(body.winners).toHaveLength(2);
    expect(body.winners[0]).toEqual({
      userId: expect.any(String),
      username: expect.any(String),
      entries: 1,
      wonAt: body.endedAt,
      draw: 0,
      replaces: null,
      replacedAt: null,
      claimedAt: null,
      claimDeadline: null,
    });
    const live = await inject("GET", `/api/giveaways/${demoGuildId}/${active}`, undefined, "");
    expect(live.json()).toMatchObject({
      active: true,
      winners: 3,
      inviteUrl: "https://discord.gg/emberhollow",
      // Not a run of a recurring series, not paused.
      recurrence: null,
      pausedAt: null,
    });
  });

  it("answers 404 for another server's giveaway under this server, and 400 for a bad id", async () => {
    for (const suffix of ["", "/participants"]) {
      const res = await inject(
        "GET",
        `/api/giveaways/${demoGuildId}/${otherGiveaway}${suffix}`,
        undefined,
        "",
      );
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("Their prize");
    }
    await expect400(inject("GET", `/api/giveaways/${demoGuildId}/x1`, undefined, ""), "giveawayId");
  });

  it("GET …/participants pages the entrants in entry order", async () => {
    const res = await inject("GET", `/api/giveaways/${demoGuildId}/${ended}/participants`, undefined, "");
    expect(res.statusCode).toBe(200);
    const participants = res.json() as { userId: string; hasBypass: boolean; entries: number }[];
    expect(participants.map((p) => p.userId)).toEqual(entrants);
    expect(participants[0]).toEqual({
      userId: entrants[0],
      username: expect.any(String),
      entries: 1,
      timestamp: expect.any(Number),
      hasBypass: false,
    });
    const page = await inject("GET", `/api/giveaways/${demoGuildId}/${ended}/participants?limit=1&offset=1`);
    expect(page.json().map((p: { userId: string }) => p.userId)).toEqual([entrants[1]]);
    await expect400(inject("GET", `/api/giveaways/${demoGuildId}/${ended}/participants?limit=0`), "limit");
  });

  it("GET /api/giveaways/x/winners/:id lists ended giveaways with winners and entries", async () => {
    const res = await inject("GET", `/api/giveaways/x/winners/${demoGuildId}`, undefined, "");
    expect(res.statusCode).toBe(200);
    const records = res.json() as {
      messageId: string;
      winners: unknown[];
      entries: unknown[];
      entriesCount: number;
    }[];
    expect(records.map((r) => r.messageId)).toContain(ended);
    expect(records.map((r) => r.messageId)).not.toContain(active);
    const record = records.find((r) => r.messageId === ended);
    expect(record?.winners).toHaveLength(2);
    expect(record?.entries).toHaveLength(3);
    expect(record?.entriesCount).toBe(3);
    const one = await inject(
      "GET",
      `/api/giveaways/x/winners/${demoGuildId}?messageId=${ended}`,
      undefined,
      "",
    );
    expect(one.json()).toHaveLength(1);
    const theirs = await inject(
      "GET",
      `/api/giveaways/x/winners/${otherServer}?messageId=${ended}`,
      undefined,
      "",
    );
    expect(theirs.json()).toEqual([]);
    await expect400(inject("GET", "/api/giveaways/x/winners/abc", undefined, ""), "id");
  });
});

describe("GET /api/giveaways/bb/stats/:id", () => {
  it("counts the server's giveaways and lists its latest winners", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Stats prize" });
    const member = await addMember(t.ctx);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const res = await inject("GET", `/api/giveaways/bb/stats/${demoGuildId}`);
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.total).toBe(stats.active + stats.completed);
    expect(stats.completed).toBeGreaterThanOrEqual(1);
    expect(stats.recentWinners[0]).toMatchObject({
      userId: member,
      messageId: giveaway.messageId,
      prize: "Stats prize",
      entries: 1,
    });
  });

  it("needs a token of this server", async () => {
    expect((await inject("GET", `/api/giveaways/bb/stats/${demoGuildId}`, undefined, "")).statusCode).toBe(
      401,
    );
    expect(
      (await inject("GET", `/api/giveaways/bb/stats/${demoGuildId}`, undefined, otherToken)).statusCode,
    ).toBe(403);
    expect((await inject("GET", `/api/giveaways/bb/stats/${otherServer}`)).statusCode).toBe(403);
  });
});

describe("/api/giveaways/y/config/:id", () => {
  const url = () => `/api/giveaways/y/config/${demoGuildId}`;

  it("answers empty lists, saves a configuration with a default multiplier, and resets it", async () => {
    expect((await inject("GET", url())).json()).toEqual({
      bypassRoles: [],
      blacklistRoles: [],
      multiplierRoles: [],
    });
    const booster = await roleId(t.ctx, "Server Booster");
    const diamond = await roleId(t.ctx, "Diamond");
    const gold = await roleId(t.ctx, "Gold");
    const member = await roleId(t.ctx, "Member");
    const put = await inject("PUT", url(), {
      bypassRoles: [booster],
      blacklistRoles: [member],
      multiplierRoles: [{ roleId: diamond, multiplier: 3 }, { roleId: gold }],
    });
    const saved = {
      bypassRoles: [booster],
      blacklistRoles: [member],
      multiplierRoles: [
        { roleId: diamond, multiplier: 3 },
        { roleId: gold, multiplier: 2 },
      ],
    };
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(saved);
    expect((await inject("GET", url())).json()).toEqual(saved);
    const reset = await inject("DELETE", url());
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ bypassRoles: [], blacklistRoles: [], multiplierRoles: [] });
    expect((await inject("GET", url())).json()).toEqual(reset.json());
  });

  it("refuses bad multipliers, unknown roles and a role listed twice", async () => {
    const gold = await roleId(t.ctx, "Gold");
    const diamond = await roleId(t.ctx, "Diamond");
    const put = (body: object) => inject("PUT", url(), body);
    await expect400(
      put({ multiplierRoles: [{ roleId: gold, multiplier: 11 }] }),
      "multiplierRoles.0.multiplier",
    );
    await expect400(
      put({ multiplierRoles: [{ roleId: gold, multiplier: 0 }] }),
      "multiplierRoles.0.multiplier",
    );
    await expect400(
      put({ multiplierRoles: [{ roleId: gold, multiplier: 1.5 }] }),
      "multiplierRoles.0.multiplier",
    );
    await expect400(put({ bypassRoles: ["nope"] }), "bypassRoles.0");
    await expect400(put({ bypassRoles: ["123456789012345678"] }), "bypassRoles.0");
    await expect400(put({ blacklistRoles: [demoGuildId] }), "blacklistRoles.0");
    await expect400(put({ bypassRoles: [gold, diamond, gold] }), "bypassRoles.2");
    await expect400(put({ bypassRoles: [gold], blacklistRoles: [gold] }), "blacklistRoles.0");
    await expect400(
      put({ multiplierRoles: [{ roleId: diamond }, { roleId: diamond, multiplier: 3 }] }),
      "multiplierRoles.1.roleId",
    );
    await expect400(
      put({ blacklistRoles: [diamond], multiplierRoles: [{ roleId: diamond }] }),
      "multiplierRoles.0.roleId",
    );
    expect((await inject("GET", url())).json().bypassRoles).toEqual([]);
  });

  it("needs a token of this server", async () => {
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      expect((await inject(method, url(), {}, "")).statusCode).toBe(401);
      expect((await inject(method, url(), {}, otherToken)).statusCode).toBe(403);
    }
  });
});

describe("end, reroll and delete", () => {
  const path = (messageId: string, action = "") => `/api/giveaways/${demoGuildId}/${messageId}${action}`;

  it("ends once (409 after), rerolls after the end only, and deletes", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Lifecycle" });
    for (const member of await demoMembers(t.ctx, 3))
      await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    const early = await inject("POST", path(giveaway.messageId, "/reroll"));
    expect(early.statusCode).toBe(409);

    const end = await inject("PUT", path(giveaway.messageId, "/end"));
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toMatchObject({ active: false, winnerCount: 1 });
    expect(end.json().winners).toHaveLength(1);
    const again = await inject("PUT", path(giveaway.messageId, "/end"));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "Conflict", message: "This giveaway has already ended" });

    const reroll = await inject("POST", path(giveaway.messageId, "/reroll"), { winnerCount: 2 });
    expect(reroll.statusCode, reroll.body).toBe(200);
    expect(reroll.json().newWinners).toHaveLength(2);
    expect(reroll.json().winners).toHaveLength(3);
    expect((await inject("POST", path(giveaway.messageId, "/reroll"))).statusCode).toBe(409);
    await expect400(inject("POST", path(giveaway.messageId, "/reroll"), { winnerCount: 0 }), "winnerCount");
    await expect400(inject("POST", path(giveaway.messageId, "/reroll"), { winnerCount: 51 }), "winnerCount");

    const del = await inject("DELETE", path(giveaway.messageId));
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect((await inject("DELETE", path(giveaway.messageId))).statusCode).toBe(404);
    expect((await inject("GET", path(giveaway.messageId))).statusCode).toBe(404);
  });

  it("answers 404 for another server's giveaway and never touches it", async () => {
    expect((await inject("PUT", path(otherGiveaway, "/end"))).statusCode).toBe(404);
    expect((await inject("POST", path(otherGiveaway, "/reroll"))).statusCode).toBe(404);
    expect((await inject("DELETE", path(otherGiveaway))).statusCode).toBe(404);
    const theirs = await inject("GET", `/api/giveaways/${otherServer}/${otherGiveaway}`, undefined, "");
    expect(theirs.json()).toMatchObject({ prize: "Their prize", active: true });
  });

  it("needs a token of the server in the path", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const routes = [
      ["PUT", path(giveaway.messageId, "/end")],
      ["POST", path(giveaway.messageId, "/reroll")],
      ["DELETE", path(giveaway.messageId)],
    ] as const;
    for (const [method, url] of routes) {
      expect((await inject(method, url, {}, "")).statusCode).toBe(401);
      expect((await inject(method, url, {}, otherToken)).statusCode).toBe(403);
    }
    const theirPath = `/api/giveaways/${otherServer}/${otherGiveaway}/end`;
    expect((await inject("PUT", theirPath)).statusCode).toBe(403);
    expect((await inject("GET", path(giveaway.messageId))).json().active).toBe(true);
  });
});

it("lists every giveaway route in the OpenAPI document", async () => {
  const doc = (await inject("GET", "/api/openapi.json", undefined, "")).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      "/api/giveaways",
      "/api/giveaways/{serverId}",
      "/api/giveaways/{serverId}/{giveawayId}",
      "/api/giveaways/{serverId}/{giveawayId}/participants",
      "/api/giveaways/x/winners/{id}",
      "/api/giveaways/bb/stats/{id}",
      "/api/giveaways/y/config/{id}",
      "/api/giveaways/create",
      "/api/giveaways/{serverId}/{giveawayId}/end",
      "/api/giveaways/{serverId}/{giveawayId}/reroll",
    ]),
  );
  expect(doc.paths["/api/giveaways/create"].post.security).toEqual([{ dashboardToken: [] }]);
  expect(doc.paths["/api/giveaways"].get.security).toBeUndefined();
});
