import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memberRoles, roleId } from "../../../test/fixtures/grinders.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { seedDemo as seedSettings } from "../settings/demo.ts";
import { getSettings } from "../settings/service.ts";
import { seedDemo as seedServers } from "../setup/demo.ts";
import { setupExists } from "../setup/service.ts";
import { seedDemo as seedGrinders } from "./demo.ts";
import { getServerSetup as getSetup, listGrinders } from "./service.ts";

const day = 86_400_000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  // A Wednesday noon, so "paid this week" has had time to happen whatever day the suite runs.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.UTC(2026, 5, 10, 12));
  await seedServers(t.ctx);
  await seedSettings(t.ctx);
  await seedGrinders(t.ctx);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.cleanup();
});

describe("demo seed", () => {
  it("configures the setup with the demo server's roles, channels and four tiers", async () => {
    expect(await setupExists(t.ctx, demoGuildId)).toBe(true);
    const setup = await getSetup(t.ctx, demoGuildId);
    expect(setup).toMatchObject({
      managerRoleId: await roleId(t.ctx, "Grinder Manager"),
      grinderBaseRoleId: await roleId(t.ctx, "Grinder"),
      events: { manager: await roleId(t.ctx, "Event Manager"), pingRole: await roleId(t.ctx, "Events Ping") },
      grinders: { switchTierEnabled: true, switchTierCooldown: "24h", paymentPeriod: "weekly" },
      tiers: ["Bronze", "Silver", "Gold", "Diamond"],
      payments: [250_000, 500_000, 1_000_000, 2_500_000],
    });
    for (const id of [setup.paymentsChannelId, setup.ticketCategoryId, setup.logChannelId]) {
      expect(id).toMatch(/^\d{17,20}$/);
    }
    expect(setup.tierRoles.Gold).toBe(await roleId(t.ctx, "Gold"));
  });

  it("turns a few settings on, with a pool manager", async () => {
    const settings = await getSettings(t.ctx, demoGuildId);
    expect(settings).toMatchObject({ eventsCheatEnabled: true, heist_image: true, memberTriggerLimit: 5 });
    expect(settings.antiPoolShow.toggle).toBe(true);
    expect(settings.antiPoolShow.poolManagerId).toMatch(/^\d{17,20}$/);
  });

  it("hires about 40 grinders over ~90 days with a realistic mix", async () => {
    const grinders = await listGrinders(t.ctx, demoGuildId);
    expect(grinders.length).toBeGreaterThanOrEqual(35);
    expect(grinders.length).toBeLessThanOrEqual(45);
    expect(new Set(grinders.map((g) => g.tier))).toEqual(new Set(["Bronze", "Silver", "Gold", "Diamond"]));
    const now = Date.now();
    const recent = grinders.filter((g) => g.hiredAt > now - 30 * day).length;
    const before = grinders.filter((g) => g.hiredAt <= now - 30 * day && g.hiredAt > now - 60 * day).length;
    expect(recent).toBeGreaterThanOrEqual(5);
    expect(before).toBeGreaterThanOrEqual(3);
    expect(Math.min(...grinders.map((g) => g.hiredAt))).toBeGreaterThan(now - 91 * day);
    const onBreak = grinders.filter((g) => g.onBreak);
    expect(onBreak.length).toBeGreaterThanOrEqual(1);
    expect(onBreak.length).toBeLessThan(grinders.length / 4);
    const paid = grinders.filter((g) => g.paid).length;
    expect(paid).toBeGreaterThan(grinders.length / 5);
    expect(paid).toBeLessThan(grinders.length);
    expect(grinders.some((g) => g.leftoverPayment > 0)).toBe(true);
    expect(grinders.filter((g) => g.lastPaymentTimestamp !== null).length).toBeGreaterThan(
      grinders.length / 2,
    );
    const payments = await t.ctx.storage.db.selectFrom("grinder_payments").selectAll().execute();
    expect(payments.length).toBeGreaterThan(grinders.length);
  });

  it("gives the roles in the sandbox to match: base role always, tier role unless on a break", async () => {
    const grinders = await listGrinders(t.ctx, demoGuildId);
    const base = await roleId(t.ctx, "Grinder");
    for (const grinder of grinders) {
      const held = await memberRoles(t.ctx, grinder.userId);
      const tierRole = await roleId(t.ctx, grinder.tier);
      expect(held).toContain(base);
      expect(held.includes(tierRole)).toBe(!grinder.onBreak);
    }
  });
});
