import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { createDashboardToken } from "../auth/service.ts";
import * as store from "./store.ts";

let t: TestApp;
let otherToken: string;
let otherGuildId: string;
let managerToken: string;
let memberId: string;
const roles: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherGuildId = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
  const [managerId, member] = await demoMembers(t.ctx.storage.db, 2);
  memberId = member ?? "";
  managerToken = (
    await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: managerId ?? "",
      permission: "manager",
    })
  ).token;
  for (const role of await t.ctx.discord.listRoles(demoGuildId)) roles[role.name] = role.id;
});
afterAll(() => t.cleanup());

const url = (rest = "", serverId = demoGuildId) => `/api/perks/${serverId}${rest}`;
const inject = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  token = t.token,
  payload?: object,
) => t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const audited = (action: string) =>
  t.ctx.storage.db
    .selectFrom("audit_log")
    .selectAll()
    .where("server_id", "=", demoGuildId)
    .where("action", "=", action)
    .execute();

let tierId = 0;

describe("the Perks page's routes", () => {
  it("lists no tiers and no members at first, auto-cleanup off, with the command's limits", async () => {
    const res = await inject("GET", url(), managerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tiers: [],
      autoCleanup: false,
      members: [],
      limits: { nameMax: 50, maxEmojis: 20, maxMembers: 100, maxResponders: 25, maxPerServer: 25 },
    });
  });

  it("creates a tier (201) with the command's defaults, audited", async () => {
    const res = await inject("POST", url("/tiers"), t.token, {
      name: "VIP",
      roleId: roles.Diamond,
      emojis: 3,
      channelMembers: 10,
    });
    expect(res.statusCode).toBe(201);
    const tier = res.json();
    tierId = tier.id;
    expect(tier).toEqual({
      id: expect.any(Number),
      name: "VIP",
      roleId: roles.Diamond,
      emojis: 3,
      highlights: true,
      channelMembers: 10,
      roleMembers: 0,
      afk: true,
      responders: 0,
    });
    expect((await inject("GET", url())).json().tiers).toEqual([tier]);
    const [entry] = await audited("perks.tier-create");
    expect(entry?.token_id).toEqual(expect.any(String));
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(51) }, "name"],
    [{ roleId: "Diamond" }, "roleId"],
    [{ emojis: 21 }, "emojis"],
    [{ channelMembers: -1 }, "channelMembers"],
    [{ responders: 26 }, "responders"],
    [{ roleMembers: 1.5 }, "roleMembers"],
  ])("answers 400 naming the field (%j → %s)", async (fields, field) => {
    const body: Record<string, unknown> = { name: "Gold tier", roleId: roles.Gold };
    const res = await inject("POST", url("/tiers"), t.token, Object.assign(body, fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it("refuses a second tier of the same role or name (409), and @everyone", async () => {
    const sameRole = await inject("POST", url("/tiers"), t.token, { name: "Other", roleId: roles.Diamond });
    expect(sameRole.statusCode).toBe(409);
    const sameName = await inject("POST", url("/tiers"), t.token, { name: "vip", roleId: roles.Gold });
    expect(sameName.statusCode).toBe(409);
    const everyone = await inject("POST", url("/tiers"), t.token, { name: "All", roleId: demoGuildId });
    expect(everyone.statusCode).toBe(400);
  });

  it("edits a tier by id, audited; nothing to change is a 400, an unknown id a 404", async () => {
    const res = await inject("PATCH", url(`/tiers/${tierId}`), t.token, { emojis: 5, afk: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tier: { id: tierId, emojis: 5, afk: false }, expired: 0 });
    const [entry] = await audited("perks.tier-edit");
    expect(JSON.parse(entry?.summary ?? "{}")).toMatchObject({ before: { emojis: 3 }, after: { emojis: 5 } });
    expect((await inject("PATCH", url(`/tiers/${tierId}`), t.token, {})).statusCode).toBe(400);
    expect((await inject("PATCH", url("/tiers/999999"), t.token, { emojis: 1 })).statusCode).toBe(404);
  });

  it("switches auto-cleanup, audited", async () => {
    const res = await inject("PUT", url("/settings"), t.token, { autoCleanup: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ autoCleanup: true, scheduled: 0 });
    expect((await inject("GET", url())).json().autoCleanup).toBe(true);
    expect(await audited("perks.settings")).toHaveLength(1);
    const bad = await inject("PUT", url("/settings"), t.token, { autoCleanup: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^autoCleanup: /);
  });

  it("lists members with perks and removes every perk of one, audited; then 404", async () => {
    await store.saveMember(t.ctx.storage.db, demoGuildId, memberId, { emojis: ["🔥", "⭐"] }, Date.now());
    const list = (await inject("GET", url())).json();
    expect(list.members).toEqual([
      { userId: memberId, channelId: null, roleId: null, emojis: 2, expiredAt: null },
    ]);
    const res = await inject("DELETE", url(`/members/${memberId}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: memberId, channel: false, role: false });
    expect((await inject("GET", url())).json().members).toEqual([]);
    expect(await audited("perks.member-remove")).toHaveLength(1);
    expect((await inject("DELETE", url(`/members/${memberId}`))).statusCode).toBe(404);
  });

  it("a manager reads but changes nothing (admin, like /perks-admin)", async () => {
    for (const [method, path, payload] of [
      ["POST", url("/tiers"), { name: "M", roleId: roles.Gold }],
      ["PATCH", url(`/tiers/${tierId}`), { emojis: 1 }],
      ["DELETE", url(`/tiers/${tierId}`), undefined],
      ["PUT", url("/settings"), { autoCleanup: false }],
      ["DELETE", url(`/members/${memberId}`), undefined],
    ] as const) {
      const res = await inject(method, path, managerToken, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message).toMatch(/needs the admin permission/);
    }
  });

  it("another server's token reaches none of it; another server's tier is a 404", async () => {
    expect((await inject("GET", url(), otherToken)).statusCode).toBe(403);
    expect((await inject("PATCH", url(`/tiers/${tierId}`), otherToken, { emojis: 1 })).statusCode).toBe(403);
    expect((await inject("GET", url("", otherGuildId))).statusCode).toBe(403);
    // The other server's tier, stored as its own admin would have made it.
    const theirs = await store.insertTier(
      t.ctx.storage.db,
      {
        serverId: otherGuildId,
        name: "Theirs",
        roleId: "444444444444444444",
        emojis: 1,
        highlights: true,
        channelMembers: 0,
        roleMembers: 0,
        afk: true,
        responders: 0,
      },
      Date.now(),
    );
    const foreign = `/tiers/${theirs.id}`;
    expect((await inject("PATCH", url(foreign), t.token, { emojis: 1 })).statusCode).toBe(404);
    expect((await inject("DELETE", url(foreign), t.token)).statusCode).toBe(404);
  });

  it("deletes a tier, audited; deleting it again is a 404", async () => {
    const res = await inject("DELETE", url(`/tiers/${tierId}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: tierId, expired: 0 });
    expect((await inject("GET", url())).json().tiers).toEqual([]);
    expect(await audited("perks.tier-delete")).toHaveLength(1);
    expect((await inject("DELETE", url(`/tiers/${tierId}`))).statusCode).toBe(404);
  });
});
