import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { recordAudit } from "./service.ts";

let t: TestApp;
let managerToken: string;
let botActorId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [managerId = "", actorId = ""] = await demoMembers(t.ctx.storage.db, 2);
  botActorId = actorId;
  managerToken = (
    await createStandingToken(t.ctx, { serverId: demoGuildId, userId: managerId, permission: "manager" })
  ).token;
  await t.ctx.storage.db.deleteFrom("audit_log").execute();
  // A dashboard change (through the API, so its address is the request's), a bot change, the bot's own.
  const edit = await t.app.inject({
    method: "PUT",
    url: "/api/settings/edit",
    headers: { authorization: t.token },
    remoteAddress: "192.0.2.44",
    payload: { memberTriggerLimit: 7 },
  });
  expect(edit.statusCode).toBe(200);
  for (let i = 0; i < 30; i++) {
    await recordAudit(
      t.ctx.storage.db,
      demoGuildId,
      { tokenId: null, userId: botActorId },
      "grinders.payment",
      { i },
    );
  }
  await recordAudit(t.ctx.storage.db, demoGuildId, { tokenId: null, userId: null }, "grinders.break.end", {});
  const other = await seedOtherGuild(t.ctx);
  await recordAudit(
    t.ctx.storage.db,
    other.guildId,
    { tokenId: null, userId: other.ownerId },
    "settings.edit",
    {},
  );
});
afterAll(() => t.cleanup());

const get = (query: string, token = t.token) =>
  t.app.inject({ method: "GET", url: `/api/dashboard/audit${query}`, headers: { authorization: token } });

describe("GET /api/dashboard/audit", () => {
  it("pages the server's log newest first, with the filters' choices", async () => {
    const res = await get("?pageSize=10");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 32, page: 1, pageSize: 10 });
    expect(body.entries).toHaveLength(10);
    expect(body.entries[0]).toMatchObject({
      action: "grinders.break.end",
      actor: null,
      via: "system",
      address: null,
    });
    expect(body.entries[1]).toMatchObject({
      action: "grinders.payment",
      feature: "grinders",
      via: "discord",
      actor: { id: botActorId },
      summary: { i: 29 },
    });
    expect(body.features).toEqual(["grinders", "settings"]);
    expect(body.members.map((member: { id: string }) => member.id).sort()).toEqual(
      [botActorId, demoOwnerId].sort(),
    );
    expect(typeof body.members[0].name).toBe("string");
    const last = await get("?pageSize=10&page=4");
    expect(last.json().entries).toHaveLength(2);
    expect(last.json().entries[1]).toMatchObject({
      action: "settings.edit",
      via: "dashboard",
      address: "192.0.2.44",
      actor: { id: demoOwnerId },
    });
  });

  it("filters by feature and by member, and never shows another server's entries", async () => {
    const settings = (await get("?feature=settings")).json();
    expect(settings.total).toBe(1);
    expect(settings.entries[0].summary).toBeTypeOf("object");
    const byOwner = (await get(`?member=${demoOwnerId}`)).json();
    expect(byOwner.entries.map((entry: { action: string }) => entry.action)).toEqual(["settings.edit"]);
    const both = (await get(`?member=${botActorId}&feature=settings`)).json();
    expect(both).toMatchObject({ total: 0, entries: [] });
  });

  it("answers 400 naming the field for bad filters", async () => {
    expect((await get("?member=abc")).json()).toMatchObject({ field: "member" });
    expect((await get("?feature=Not%20a%20feature")).json()).toMatchObject({ field: "feature" });
    expect((await get("?pageSize=101")).json()).toMatchObject({ field: "pageSize" });
  });

  it("is for owners and administrators: a manager gets 403 naming the permission", async () => {
    const res = await get("", managerToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "GET /api/dashboard/audit needs the admin permission; this dashboard token has manager",
    );
  });
});
