import { grinder as grinderSchema } from "@hearth/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  configureDemoSetup,
  memberRoles,
  owner,
  plainMembers,
  roleId,
} from "../../../test/fixtures/grinders.ts";
import { createStandingToken, createTestApp, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../auth/service.ts";
import { dmPacing } from "./dm.ts";
import { forgetRosters } from "./roster-cache.ts";
import { addTier, hireGrinder, recordPayment } from "./service.ts";

let t: TestApp;
let members: string[];
let other: { guildId: string; ownerId: string; token: string };
const base = `/api/grinders/${demoGuildId}/grinders`;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(dmPacing, { intervalMs: 0, retryDelayMs: 0 });
  await configureDemoSetup(t.ctx);
  members = await plainMembers(t.ctx, 6);
  const seeded = await seedOtherGuild(t.ctx);
  const { token } = await createDashboardToken(t.ctx, { serverId: seeded.guildId, permission: "owner" });
  other = { ...seeded, token };
  await t.ctx.storage.db
    .insertInto("sandbox_roles")
    .values({
      id: "555555555555555555",
      guild_id: seeded.guildId,
      name: "Elite",
      color: 0,
      position: 1,
      permissions: "0",
      managed: 0,
      hoist: 0,
    })
    .execute();
  // The role-safety rule: Hearth gives tier roles, so it must be there, with Manage Roles, above them.
  await t.ctx.storage.db
    .insertInto("sandbox_roles")
    .values({
      id: "555555555555555556",
      guild_id: seeded.guildId,
      name: "Hearth",
      color: 0,
      position: 5,
      permissions: String(1n << 28n),
      managed: 1,
      hoist: 0,
    })
    .execute();
  await t.ctx.storage.db
    .insertInto("sandbox_members")
    .values({
      guild_id: seeded.guildId,
      user_id: demoBotId,
      nick: null,
      roles: JSON.stringify(["555555555555555556"]),
      joined_at: Date.now(),
      timeout_until: null,
    })
    .execute();
  await addTier(
    t.ctx,
    seeded.guildId,
    { tierName: "Elite", tierPayment: 100, tierRoleId: "555555555555555555" },
    { tokenId: null, userId: seeded.ownerId },
  );
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("grinders").execute();
  forgetRosters();
});

const member = (index: number) => members[index] as string;
const auth = (token = t.token) => ({ authorization: token });
const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

describe("GET /api/grinders/:serverId/grinders", () => {
  it("lists active grinders with every field of the spec, newest hire first", async () => {
    await inject("POST", base, { userId: member(0), tier: "Gold" });
    await inject("POST", base, { userId: member(1), tier: "bronze" });
    const res = await inject("GET", base);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    for (const item of list) expect(() => grinderSchema.strict().parse(item)).not.toThrow();
    expect(list[0]).toMatchObject({
      userId: member(1),
      tier: "Bronze",
      payment: 250_000,
      hiredBy: demoOwnerId,
    });
    expect(Object.keys(list[0])).toEqual(
      expect.arrayContaining([
        "_id",
        "userId",
        "tier",
        "payment",
        "leftoverPayment",
        "lastPaymentTimestamp",
        "paid",
        "onBreak",
        "break",
        "hiredAt",
        "joinedAt",
        "hiredBy",
      ]),
    );
    const byTier = await inject("GET", `${base}?sort=tier&order=desc`);
    expect(byTier.json().map((g: { tier: string }) => g.tier)).toEqual(["Gold", "Bronze"]);
  });

  it("validates the query and guards the server", async () => {
    const bad = await inject("GET", `${base}?sort=name`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("sort");
    expect((await t.app.inject({ method: "GET", url: base })).statusCode).toBe(401);
    expect((await inject("GET", base, undefined, other.token)).statusCode).toBe(403);
    expect((await inject("GET", `/api/grinders/${other.guildId}/grinders`)).statusCode).toBe(403);
  });
});

describe("POST /api/grinders/:serverId/grinders", () => {
  it("hires (201) and gives the roles", async () => {
    const res = await inject("POST", base, { userId: member(2), tier: "Diamond" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: member(2),
      tier: "Diamond",
      hiredBy: demoOwnerId,
      paid: false,
    });
    expect(await memberRoles(t.ctx, member(2))).toEqual(
      expect.arrayContaining([await roleId(t.ctx, "Grinder"), await roleId(t.ctx, "Diamond")]),
    );
  });

  it.each([
    [{ tier: "Gold" }, "userId"],
    [{ userId: "abc", tier: "Gold" }, "userId"],
    [{ userId: "123456789012345678" }, "tier"],
    [{ userId: "123456789012345678", tier: "   " }, "tier"],
    [{ userId: "123456789012345678", tier: "Gold" }, "userId"],
    [{ userId: "333333333333333333", tier: "Gold" }, "userId"],
  ])("refuses %j with 400 on %s", async (payload, field) => {
    const res = await inject("POST", base, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field });
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it("refuses an unknown tier (400) and a second hire (409)", async () => {
    const tier = await inject("POST", base, { userId: member(3), tier: "Elite" });
    expect([tier.statusCode, tier.json().field]).toEqual([400, "tier"]);
    await inject("POST", base, { userId: member(3), tier: "Gold" });
    const twice = await inject("POST", base, { userId: member(3), tier: "Silver" });
    expect([twice.statusCode, twice.json().field]).toEqual([409, "userId"]);
  });

  it("answers 403 for another server in the path, before the body is read", async () => {
    const res = await inject("POST", `/api/grinders/${other.guildId}/grinders`, { nonsense: true });
    expect(res.statusCode).toBe(403);
  });
});

describe("DELETE /api/grinders/:serverId/grinders/:id", () => {
  it("archives the grinder and answers it", async () => {
    const hired = (await inject("POST", base, { userId: member(0), tier: "Silver" })).json();
    const res = await inject("DELETE", `${base}/${hired._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: hired._id, archivedBy: demoOwnerId });
    expect((await inject("GET", base)).json()).toEqual([]);
    expect((await inject("DELETE", `${base}/${hired._id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another server's record and 403 for another server's path", async () => {
    const theirs = await hireGrinder(
      t.ctx,
      other.guildId,
      { userId: other.ownerId, tier: "Elite" },
      { tokenId: null, userId: other.ownerId },
    );
    const res = await inject("DELETE", `${base}/${theirs._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(other.ownerId);
    expect((await inject("PUT", `${base}/${theirs._id}/break`)).statusCode).toBe(404);
    expect((await inject("GET", `${base}/${theirs._id}/payments`)).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/grinders/${other.guildId}/grinders/${theirs._id}`)).statusCode).toBe(
      403,
    );
    const still = await inject("GET", `/api/grinders/${other.guildId}/grinders`, undefined, other.token);
    expect(still.json()).toHaveLength(1);
  });
});

describe("PUT /api/grinders/:serverId/grinders/:id/break", () => {
  it("toggles the break and answers the grinder", async () => {
    const hired = (await inject("POST", base, { userId: member(1), tier: "Gold" })).json();
    const on = await inject("PUT", `${base}/${hired._id}/break`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ onBreak: true, break: true });
    expect(await memberRoles(t.ctx, member(1))).not.toContain(await roleId(t.ctx, "Gold"));
    const off = await inject("PUT", `${base}/${hired._id}/break`);
    expect(off.json()).toMatchObject({ onBreak: false, break: false });
    expect((await inject("PUT", `${base}/999999999999999999/break`)).statusCode).toBe(404);
  });
});

describe("paid and unpaid lists, payments history and DMs", () => {
  beforeEach(async () => {
    for (const [index, userId] of members.slice(0, 4).entries()) {
      await hireGrinder(t.ctx, demoGuildId, { userId, tier: "Bronze" }, owner);
      if (index % 2 === 0)
        await recordPayment(t.ctx, demoGuildId, userId, "300k", { action: "add", by: null });
    }
  });

  it("splits the grinders by paid status", async () => {
    const paid = (await inject("GET", `${base}/paid`)).json();
    const unpaid = (await inject("GET", `${base}/unpaid`)).json();
    expect(paid.map((g: { userId: string }) => g.userId).sort()).toEqual([member(0), member(2)].sort());
    expect(unpaid.map((g: { userId: string }) => g.userId).sort()).toEqual([member(1), member(3)].sort());
    expect(
      paid.every((g: { paid: boolean; carryForward: number }) => g.paid && g.carryForward === 50_000),
    ).toBe(true);
  });

  it("shows a grinder's payment history", async () => {
    const [first] = (await inject("GET", `${base}/paid`)).json();
    const res = await inject("GET", `${base}/${first._id}/payments`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([{ action: "add", amount: 300_000, periodTotal: 300_000 }]);
  });

  it.each([
    ["dm-paid", { sent: 2, failed: 0, total: 2 }],
    ["dm-unpaid", { sent: 2, failed: 0, total: 2 }],
    ["dm-all", { sent: 4, failed: 0, total: 4 }],
  ])("POST %s answers the counts", async (path, counts) => {
    const res = await inject("POST", `${base}/${path}`, { message: "  Payday is Sunday  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(counts);
  });

  it.each([
    [{}, "message"],
    [{ message: "   " }, "message"],
    [{ message: "x".repeat(2001) }, "message"],
    [{ message: 42 }, "message"],
  ])("DM body %j is refused on %s", async (payload, field) => {
    const res = await inject("POST", `${base}/dm-all`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe("POST /api/grinders/:serverId/grinders/dm-preview", () => {
  it("answers the DM a broadcast sends, built by the same function, and sends nothing", async () => {
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
    const res = await inject("POST", `${base}/dm-preview`, { message: "  Payday is **Sunday**  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      content: "",
      embeds: [
        {
          author: { name: "Ember Hollow · grinder team" },
          description: "Payday is **Sunday**",
          color: 0xf97316,
        },
      ],
      components: [],
    });
    const sent = await t.ctx.storage.db.selectFrom("sandbox_outbox").select("action").execute();
    expect(sent.filter((row) => row.action === "dm.send")).toEqual([]);

    // Preview == post: the DM a broadcast then sends is the previewed message.
    await hireGrinder(t.ctx, demoGuildId, { userId: member(0), tier: "Bronze" }, owner);
    forgetRosters();
    expect((await inject("POST", `${base}/dm-all`, { message: "Payday is **Sunday**" })).statusCode).toBe(
      200,
    );
    const row = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "dm.send")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload).message.embeds).toEqual(res.json().embeds);
  });

  it.each([
    [{}, "message"],
    [{ message: "   " }, "message"],
    [{ message: "x".repeat(2001) }, "message"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await inject("POST", `${base}/dm-preview`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it("is open to a manager token and closed to another server's token", async () => {
    const managerId = member(5);
    const { token: manager } = await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: managerId,
      permission: "manager",
    });
    expect((await inject("POST", `${base}/dm-preview`, { message: "Hi" }, manager)).statusCode).toBe(200);
    const refused = await inject("POST", `${base}/dm-preview`, { message: "Hi" }, other.token);
    expect(refused.statusCode).toBe(403);
    // Its own server answers with its own name.
    const own = await inject(
      "POST",
      `/api/grinders/${other.guildId}/grinders/dm-preview`,
      { message: "Hi" },
      other.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().embeds[0].author.name).not.toBe("Ember Hollow · grinder team");
  });
});
