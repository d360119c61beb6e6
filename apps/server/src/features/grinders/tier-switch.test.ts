import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  configureDemoSetup,
  memberRoles,
  owner,
  plainMembers,
  roleId,
} from "../../../test/fixtures/grinders.ts";
import { createTestContext, dialects, type TestContext } from "../../../test/helpers.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { hireGrinder, recordPayment } from "./service.ts";

// Tier changes when a payment threshold is met: demo tiers Bronze 250k, Silver 500k, Gold 1m,
// Diamond 2.5m; switching on with a 24 h cooldown.

describe.each(dialects)("tier switch on payment, on %s", (dialect) => {
  let t: TestContext;
  let members: string[];
  let roles: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    await configureDemoSetup(t.ctx);
    members = await plainMembers(t.ctx, 6);
    roles = {};
    for (const name of ["Bronze", "Silver", "Gold", "Diamond"]) roles[name] = await roleId(t.ctx, name);
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("grinders").execute();
    await t.ctx.storage.db.deleteFrom("grinder_payments").execute();
    await t.ctx.storage.db.deleteFrom("audit_log").execute();
    await updateSetup(
      t.ctx,
      demoGuildId,
      { grinders: { switchTierEnabled: true, switchTierCooldown: "24h" } },
      owner,
    );
  });
  afterEach(() => vi.useRealTimers());

  const member = (index: number) => members[index] as string;
  const pay = (index: number, amount: string, action: "add" | "set" = "add") =>
    recordPayment(t.ctx, demoGuildId, member(index), amount, { action, by: owner.userId });

  it("moves a grinder up to the highest tier their period's payments reached, swapping roles", async () => {
    await hireGrinder(t.ctx, demoGuildId, { userId: member(0), tier: "Bronze" }, owner);
    const small = await pay(0, "400k");
    expect(small).toMatchObject({ tier: "Bronze", paid: true });
    expect(small.promotedFrom).toBeUndefined();

    const grinder = await pay(0, "700k");
    expect(grinder).toMatchObject({ tier: "Gold", promotedFrom: "Bronze", payment: 1_000_000, paid: true });
    const held = await memberRoles(t.ctx, member(0));
    expect(held).toContain(roles.Gold);
    expect(held).not.toContain(roles.Bronze);
    const [entry] = (await listAudit(t.ctx.storage.db, demoGuildId)).filter(
      (e) => e.action === "grinders.tier.switch",
    );
    expect(entry?.summary).toMatchObject({ userId: member(0), from: "Bronze", to: "Gold" });
  });

  it("waits for the cooldown since the last switch", async () => {
    const start = Date.UTC(2030, 0, 7, 10); // a Monday: the weekly period doesn't roll in between
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    await hireGrinder(t.ctx, demoGuildId, { userId: member(1), tier: "Bronze" }, owner);
    expect((await pay(1, "500k")).tier).toBe("Silver");

    vi.setSystemTime(start + 3_600_000);
    const early = await pay(1, "600k");
    expect(early.tier).toBe("Silver");
    expect(early.promotedFrom).toBeUndefined();
    expect(await memberRoles(t.ctx, member(1))).toContain(roles.Silver);

    vi.setSystemTime(start + 25 * 3_600_000);
    const later = await pay(1, "1k");
    expect(later).toMatchObject({ tier: "Gold", promotedFrom: "Silver" });
  });

  it("never moves anyone while switching is off, and never moves down", async () => {
    await updateSetup(t.ctx, demoGuildId, { grinders: { switchTierEnabled: false } }, owner);
    await hireGrinder(t.ctx, demoGuildId, { userId: member(2), tier: "Bronze" }, owner);
    expect((await pay(2, "3m")).tier).toBe("Bronze");

    await updateSetup(t.ctx, demoGuildId, { grinders: { switchTierEnabled: true } }, owner);
    await hireGrinder(t.ctx, demoGuildId, { userId: member(3), tier: "Gold" }, owner);
    expect((await pay(3, "100k", "set")).tier).toBe("Gold");
  });

  it("keeps the tier when Discord refuses the new role", async () => {
    await hireGrinder(t.ctx, demoGuildId, { userId: member(4), tier: "Bronze" }, owner);
    const { DiscordError } = await import("../../discord/port/port.ts");
    const refusing = Object.create(t.ctx.discord) as typeof t.ctx.discord;
    refusing.addMemberRole = async () => {
      throw new DiscordError("missing_permissions", "Missing Permissions");
    };
    const grinder = await recordPayment({ ...t.ctx, discord: refusing }, demoGuildId, member(4), "1m", {
      action: "add",
      by: owner.userId,
    });
    expect(grinder).toMatchObject({ tier: "Bronze", paidThisPeriod: 1_000_000 });
    expect(await memberRoles(t.ctx, member(4))).toContain(roles.Bronze);
  });
});
