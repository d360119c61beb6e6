import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { createStandingToken, createTestApp, type TestApp } from "../../../test/helpers.ts";
import { BotEvents } from "../../discord/port/events.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { updateSetup } from "../setup/service.ts";
import { listenForLeavers } from "./listeners.ts";
import { findLiveDashboardToken } from "./service.ts";
import { forgetStanding } from "./standing.ts";
import { createDashboardTokenByDm } from "./token-dms.ts";

// Issue 24 §2: a token's level follows what its holder is in Discord now.

let t: TestApp;
let members: string[];

const get = (url: string, token: string) =>
  t.app.inject({ method: "GET", url, headers: { authorization: token } });
const roleNamed = async (name: string) =>
  (await t.ctx.discord.listRoles(demoGuildId)).find((role) => role.name === name)?.id ?? "";
const audits = (action: string) =>
  t.ctx.storage.db
    .selectFrom("audit_log")
    .selectAll()
    .where("server_id", "=", demoGuildId)
    .where("action", "=", action)
    .execute();
const dmsTo = async (userId: string) =>
  (
    await t.ctx.storage.db.selectFrom("sandbox_outbox").selectAll().where("action", "=", "dm.send").execute()
  ).filter((row) => (JSON.parse(row.payload) as { userId: string }).userId === userId);

/** The sandbox holds the guild it read for a few seconds, as discord.js's cache would. */
const dropSandboxGuilds = () =>
  (t.ctx.discord as unknown as { sandbox: { guilds: { clear(): void } } }).sandbox.guilds.clear();

beforeAll(async () => {
  t = await createTestApp();
  members = await plainMembers(t.ctx, 6);
  // A manager role without Manage Server (the demo's Grinder Manager role has it, which is admin).
  const shiftLead = await t.ctx.discord.createRole(demoGuildId, { name: "Shift Lead", permissions: "0" });
  await updateSetup(t.ctx, demoGuildId, { managerRoleId: shiftLead.id }, { tokenId: null, userId: null });
});
afterAll(() => t.cleanup());

describe("tokens follow Discord", () => {
  it("a former owner's token can't purge once ownership moved: it is lowered to what they are now", async () => {
    const newOwner = members[0] ?? "";
    await t.ctx.storage.db
      .updateTable("sandbox_guilds")
      .set({ owner_id: newOwner })
      .where("id", "=", demoGuildId)
      .execute();
    // The sandbox holds the guild it read; Discord would send the change: drop both as the events do.
    dropSandboxGuilds();
    forgetStanding(demoGuildId);
    try {
      const purge = await t.app.inject({
        method: "POST",
        url: `/api/servers/${demoGuildId}/purge`,
        headers: { authorization: t.token },
        payload: { confirmName: "Ember Hollow" },
      });
      // The demo owner keeps Administrator through the Owner role: admin now, not owner.
      expect(purge.statusCode).toBe(403);
      expect(purge.json().message).toMatch(/needs the owner permission; this dashboard token has admin/);
      await vi.waitFor(async () => expect(await audits("token.downgrade")).toHaveLength(1));
      const stored = await findLiveDashboardToken(t.ctx, demoGuildId, demoOwnerId);
      expect(stored?.permission).toBe("admin");
      expect(await dmsTo(demoOwnerId)).not.toHaveLength(0);
    } finally {
      await t.ctx.storage.db
        .updateTable("sandbox_guilds")
        .set({ owner_id: demoOwnerId })
        .where("id", "=", demoGuildId)
        .execute();
      dropSandboxGuilds();
      forgetStanding(demoGuildId);
    }
  });

  it("a demoted admin's token gets 403 on admin routes once their standing is read again", async () => {
    const adminId = members[1] ?? "";
    const { token } = await createStandingToken(t.ctx, { userId: adminId, permission: "admin" });
    expect((await get("/api/dashboard/audit", token)).statusCode).toBe(200);
    // Demoted to the manager role: Administrator taken away, the grinder manager role kept.
    await t.ctx.discord.addMemberRole(demoGuildId, adminId, await roleNamed("Shift Lead"));
    await t.ctx.discord.removeMemberRole(demoGuildId, adminId, await roleNamed("Admin"));
    // No event reaches this api process: what it holds of the member expires (15 s), as here.
    forgetStanding(demoGuildId, adminId);
    const refused = await get("/api/dashboard/audit", token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/needs the admin permission; this dashboard token has manager/);
    expect((await get("/api/settings/fetch", token)).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await audits("token.downgrade")).some((row) => row.summary.includes(adminId))).toBe(true),
    );
    expect((await findLiveDashboardToken(t.ctx, demoGuildId, adminId))?.permission).toBe("manager");
  });

  it("a member who loses the manager role has their token revoked at once on the member update, audited and told", async () => {
    const managerId = members[2] ?? "";
    const { token } = await createStandingToken(t.ctx, { userId: managerId, permission: "manager" });
    expect((await get("/api/settings/fetch", token)).statusCode).toBe(200);
    const events = new BotEvents(t.ctx.logger);
    const stop = listenForLeavers({ events }, t.ctx);
    try {
      await t.ctx.discord.removeMemberRole(demoGuildId, managerId, await roleNamed("Shift Lead"));
      const member = await t.ctx.discord.getMember(demoGuildId, managerId);
      if (!member) throw new Error("no member");
      await events.emit("memberUpdate", member);
      expect(await findLiveDashboardToken(t.ctx, demoGuildId, managerId)).toBeNull();
      expect((await get("/api/settings/fetch", token)).statusCode).toBe(401);
      expect((await audits("token.revoke")).some((row) => row.summary.includes(managerId))).toBe(true);
      expect(JSON.stringify(await dmsTo(managerId))).toContain("was revoked");
    } finally {
      stop();
    }
  });

  it("/dashboard create gives a member with the manager role a manager token, and refuses a plain member", async () => {
    const managerId = members[3] ?? "";
    await t.ctx.discord.addMemberRole(demoGuildId, managerId, await roleNamed("Shift Lead"));
    const record = await createDashboardTokenByDm(t.ctx, demoGuildId, managerId);
    expect(record.permission).toBe("manager");
    await expect(createDashboardTokenByDm(t.ctx, demoGuildId, members[4] ?? "")).rejects.toThrow(
      "grinder manager role",
    );
  });
});
