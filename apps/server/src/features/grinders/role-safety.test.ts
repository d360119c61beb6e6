import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureDemoSetup, plainMembers, roleId } from "../../../test/fixtures/grinders.ts";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../auth/service.ts";
import { insertTier } from "./tier-store.ts";

// Issue 24 §1: grinder roles follow the one role-safety rule, at save time and when given.

let t: TestApp;
let members: string[];
const setupUrl = `/api/server/${demoGuildId}/setup`;
const grindersUrl = `/api/grinders/${demoGuildId}/grinders`;

const inject = (method: "GET" | "POST" | "PUT", url: string, payload?: object, token = t.token) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await configureDemoSetup(t.ctx);
  members = await plainMembers(t.ctx, 4);
});
afterAll(() => t.cleanup());

describe("saving grinder roles", () => {
  it("refuses Administrator as a tier role with 400 naming the field and the reason", async () => {
    const admin = await roleId(t.ctx, "Admin");
    const res = await inject("POST", `${setupUrl}/tiers`, {
      tierName: "Boss",
      tierPayment: "1m",
      tierRoleId: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "tierRoleId" });
    expect(res.json().message).toMatch(/^tierRoleId: @Admin: it has Administrator/);
  });

  it("refuses a moderation role as the grinder base role, and as a tier role in the setup form", async () => {
    const moderator = await roleId(t.ctx, "Moderator");
    const base = await inject("PUT", setupUrl, { grinderBaseRoleId: moderator });
    expect(base.statusCode).toBe(400);
    expect(base.json()).toMatchObject({ field: "grinderBaseRoleId" });
    expect(base.json().message).toContain("Ban Members");
    const form = await inject("PUT", setupUrl, {
      tiers: ["Mods"],
      payments: [5],
      tierRoles: { Mods: moderator },
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ field: "tierRoles.Mods" });
  });

  it("marks the roles the rule refuses in the roles API, with the reason", async () => {
    const roles = (await inject("GET", "/api/dashboard/roles")).json() as {
      name: string;
      unsafeReason: string | null;
    }[];
    const byName = new Map(roles.map((role) => [role.name, role.unsafeReason]));
    expect(byName.get("Admin")).toMatch(/has Administrator/);
    expect(byName.get("Hearth")).toMatch(/managed by an integration/);
    expect(byName.get("Owner")).toMatch(/Administrator/);
    expect(byName.get("Gold")).toBeNull();
  });
});

describe("giving grinder roles", () => {
  it("gives nothing from a setup saved before the rule: the hire is refused, logged and audited", async () => {
    const admin = await roleId(t.ctx, "Admin");
    await insertTier(t.ctx.storage.db, {
      serverId: demoGuildId,
      name: "Legacy",
      payment: 10,
      roleId: admin,
      position: 99,
      now: Date.now(),
    });
    const userId = members[0] ?? "";
    const res = await inject("POST", grindersUrl, { userId, tier: "Legacy" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "tier" });
    expect(res.json().message).toContain("@Admin: it has Administrator");
    const member = await t.ctx.discord.getMember(demoGuildId, userId);
    expect(member?.roleIds).not.toContain(admin);
    const audit = await t.ctx.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("server_id", "=", demoGuildId)
      .where("action", "=", "grinders.role.refused")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.summary ?? "{}")).toMatchObject({
      roleId: admin,
      userId,
      refusal: "dangerous",
    });
    const roles = (await inject("GET", "/api/dashboard/roles")).json() as {
      id: string;
      unsafeReason: string | null;
    }[];
    expect(roles.find((role) => role.id === admin)?.unsafeReason).toContain("Administrator");
  });

  it("does not let a manager hire or pay themselves", async () => {
    const managerId = members[1] ?? "";
    const managerRole = await roleId(t.ctx, "Grinder Manager");
    await t.ctx.discord.addMemberRole(demoGuildId, managerId, managerRole);
    const { token } = await createDashboardToken(t.ctx, {
      serverId: demoGuildId,
      userId: managerId,
      permission: "manager",
    });
    const self = await inject("POST", grindersUrl, { userId: managerId, tier: "Bronze" }, token);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ field: "userId" });
    expect(self.json().message).toContain("you can't hire yourself");
    expect((await t.ctx.discord.getMember(demoGuildId, managerId))?.roleIds).not.toContain(
      await roleId(t.ctx, "Bronze"),
    );
    // An admin hired by the owner still can't record their own payments.
    const adminId = members[3] ?? "";
    await t.ctx.discord.addMemberRole(demoGuildId, adminId, await roleId(t.ctx, "Admin"));
    const admin = await createDashboardToken(t.ctx, {
      serverId: demoGuildId,
      userId: adminId,
      permission: "admin",
    });
    const hired = await inject("POST", grindersUrl, { userId: adminId, tier: "Bronze" });
    expect(hired.statusCode).toBe(201);
    const paid = await inject(
      "POST",
      `${grindersUrl}/${hired.json()._id}/payments`,
      { action: "add", amount: "5m" },
      admin.token,
    );
    expect(paid.statusCode).toBe(403);
    expect(paid.json().message).toContain("you can't record payments for yourself");
  });

  it("refuses 1,5m as a payment, naming the ambiguity", async () => {
    const hired = await inject("POST", grindersUrl, { userId: members[2] ?? "", tier: "Bronze" });
    const res = await inject("POST", `${grindersUrl}/${hired.json()._id}/payments`, {
      action: "add",
      amount: "1,5m",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "amount" });
    expect(res.json().message).toContain('"1,5m" is ambiguous');
  });
});
