import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, dialects, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken } from "../auth/service.ts";
import { addTrigger } from "./service.ts";

describe.each(dialects)("trigger routes on %s", (dialect) => {
  let t: TestApp;
  let other: { guildId: string; token: string };
  const staff = { tokenId: null, userId: demoOwnerId, staff: true };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const seeded = await seedOtherGuild(t.ctx);
    other = {
      guildId: seeded.guildId,
      token: (await createDashboardToken(t.ctx, { serverId: seeded.guildId, permission: "owner" })).token,
    };
  });
  afterAll(() => t.cleanup());

  const get = (serverId = demoGuildId, token = t.token) =>
    t.app.inject({ method: "GET", url: `/api/triggers/${serverId}`, headers: { authorization: token } });
  const del = (id: number | string, serverId = demoGuildId, token = t.token) =>
    t.app.inject({
      method: "DELETE",
      url: `/api/triggers/${serverId}/${id}`,
      headers: { authorization: token },
    });

  it("lists the server's triggers with the limits, and deletes one with an audit entry", async () => {
    const empty = await get();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ triggers: [], memberLimit: 3, serverLimit: 200, names: {} });
    const a = await addTrigger(t.ctx, demoGuildId, { keyword: "Heist", response: "Soon" }, staff);
    await addTrigger(
      t.ctx,
      demoGuildId,
      { keyword: "rules", response: "Read", replyType: "embed", embedTitle: "R" },
      staff,
    );
    const list = (await get()).json();
    expect(list.triggers.map((x: { keyword: string }) => x.keyword)).toEqual(["Heist", "rules"]);
    expect(list.triggers[1]).toMatchObject({
      match: "word",
      replyType: "embed",
      embedTitle: "R",
      staff: true,
      createdBy: demoOwnerId,
    });
    const deleted = await del(a.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: a.id });
    expect((await get()).json().triggers).toHaveLength(1);
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({ action: "trigger.remove", summary: { keyword: "Heist", id: a.id } });
    const again = await del(a.id);
    expect(again.statusCode).toBe(404);
  });

  it("names the members who made their own triggers (staff triggers need no name)", async () => {
    const member = { tokenId: null, userId: demoOwnerId, staff: false };
    await addTrigger(t.ctx, demoGuildId, { keyword: "named", response: "Hi" }, member);
    const list = (await get()).json();
    expect(list.names).toEqual({ [demoOwnerId]: "Ember Keeper" });
  });

  it("refuses bad ids, other servers and missing tokens", async () => {
    const mine = await addTrigger(t.ctx, demoGuildId, { keyword: "mine", response: "x" }, staff);
    const bad = await del("abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "Bad Request", field: "id" });
    // Another server's token can't read or delete this server's triggers, by path or by id.
    expect((await get(demoGuildId, other.token)).statusCode).toBe(403);
    expect((await del(mine.id, demoGuildId, other.token)).statusCode).toBe(403);
    expect((await del(mine.id, other.guildId, other.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/triggers/${demoGuildId}` })).statusCode).toBe(401);
    expect((await get()).json().triggers.map((x: { id: number }) => x.id)).toContain(mine.id);
  });
});
