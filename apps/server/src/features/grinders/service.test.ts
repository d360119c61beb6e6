import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  configureDemoSetup,
  memberRoles,
  owner,
  plainMembers,
  roleId,
} from "../../../test/fixtures/grinders.ts";
import { createTestContext, dialects, type TestContext } from "../../../test/helpers.ts";
import { DiscordError, type DiscordPort } from "../../discord/port/port.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { AppError } from "../../lib/errors.ts";
import { listAudit } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { registerGrinderJobs } from "./jobs.ts";
import {
  breakJobKey,
  hireGrinder,
  listGrinderPayments,
  listGrinders,
  listGrindersByStatus,
  recordPayment,
  removeGrinder,
  setBreak,
  toggleBreak,
} from "./service.ts";

describe.each(dialects)("grinder service on %s", (dialect) => {
  let t: TestContext;
  let members: string[];
  let roles: Record<"Grinder" | "Bronze" | "Silver" | "Gold" | "Diamond", string>;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerGrinderJobs(t.ctx);
    await configureDemoSetup(t.ctx);
    members = await plainMembers(t.ctx, 12);
    roles = {
      Grinder: await roleId(t.ctx, "Grinder"),
      Bronze: await roleId(t.ctx, "Bronze"),
      Silver: await roleId(t.ctx, "Silver"),
      Gold: await roleId(t.ctx, "Gold"),
      Diamond: await roleId(t.ctx, "Diamond"),
    };
  });
  afterAll(() => t.cleanup());

  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("grinders").execute();
    await t.ctx.storage.db.deleteFrom("grinder_payments").execute();
    await t.ctx.storage.db.deleteFrom("jobs").execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const member = (index: number) => members[index] as string;
  const hire = (index: number, tier: string) =>
    hireGrinder(t.ctx, demoGuildId, { userId: member(index), tier }, { ...owner, name: "Ember Keeper" });

  async function rejection(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
    return error;
  }

  /** Fakes only the clock, so the database and the job queue keep working. */
  function setNow(at: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at);
  }

  describe("hiring", () => {
    it("gives the base and tier roles and records who hired", async () => {
      const grinder = await hire(0, "silver");
      expect(grinder).toMatchObject({
        userId: member(0),
        tier: "Silver",
        payment: 500_000,
        paid: false,
        onBreak: false,
        break: false,
        leftoverPayment: 0,
        lastPaymentTimestamp: null,
        hiredBy: demoOwnerId,
        hiredByName: "Ember Keeper",
      });
      expect(grinder.joinedAt).toBe(grinder.hiredAt);
      expect(grinder.username).toEqual(expect.any(String));
      expect(await memberRoles(t.ctx, member(0))).toEqual(
        expect.arrayContaining([roles.Grinder, roles.Silver]),
      );
      const audit = await listAudit(t.ctx.storage.db, demoGuildId, 1);
      expect(audit[0]).toMatchObject({ action: "grinders.hire", actorUserId: demoOwnerId });
    });

    it("refuses a non-member, a bot, an unknown tier and a second hire", async () => {
      const notMember = await rejection(
        hireGrinder(t.ctx, demoGuildId, { userId: "123456789012345678", tier: "Gold" }, owner),
      );
      expect([notMember.statusCode, notMember.field]).toEqual([400, "userId"]);
      const bot = await rejection(
        hireGrinder(t.ctx, demoGuildId, { userId: demoBotId, tier: "Gold" }, owner),
      );
      expect([bot.statusCode, bot.field]).toEqual([400, "userId"]);
      const tier = await rejection(hire(1, "Platinum"));
      expect([tier.statusCode, tier.field]).toEqual([400, "tier"]);
      expect(tier.message).toContain("Bronze, Silver, Gold, Diamond");

      await hire(1, "Gold");
      const twice = await rejection(hire(1, "Bronze"));
      expect([twice.statusCode, twice.field]).toEqual([409, "userId"]);
      expect(await listGrinders(t.ctx, demoGuildId)).toHaveLength(1);
      expect(await memberRoles(t.ctx, member(1))).not.toContain(roles.Bronze);
    });

    it("refuses a tier whose role was deleted, without touching roles", async () => {
      const before = await memberRoles(t.ctx, member(2));
      await t.ctx.storage.db.deleteFrom("sandbox_roles").where("id", "=", roles.Diamond).execute();
      try {
        const error = await rejection(hire(2, "Diamond"));
        expect([error.statusCode, error.field]).toEqual([400, "tier"]);
        expect(await memberRoles(t.ctx, member(2))).toEqual(before);
      } finally {
        await t.ctx.storage.db
          .insertInto("sandbox_roles")
          .values({
            id: roles.Diamond,
            guild_id: demoGuildId,
            name: "Diamond",
            color: 0,
            position: 9,
            permissions: "0",
            managed: 0,
            hoist: 1,
          })
          .execute();
      }
    });

    it("concurrent hires of one member make one grinder, whose roles stay", async () => {
      const results = await Promise.allSettled([hire(3, "Bronze"), hire(3, "Bronze"), hire(3, "Bronze")]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await listGrinders(t.ctx, demoGuildId)).toHaveLength(1);
      expect(await memberRoles(t.ctx, member(3))).toEqual(
        expect.arrayContaining([roles.Grinder, roles.Bronze]),
      );

      const [winner] = (await Promise.allSettled([hire(10, "Silver"), hire(10, "Gold")])).flatMap((r) =>
        r.status === "fulfilled" ? [r.value] : [],
      );
      const held = await memberRoles(t.ctx, member(10));
      expect(held).toContain(roles.Grinder);
      expect(held).toContain(winner?.tier === "Gold" ? roles.Gold : roles.Silver);
      expect(held).not.toContain(winner?.tier === "Gold" ? roles.Silver : roles.Gold);
    });

    it("takes back the roles it gave when Discord refuses one, and stores nothing", async () => {
      const refusing: DiscordPort = Object.create(t.ctx.discord);
      refusing.addMemberRole = async (guildId, userId, roleId, reason) => {
        if (roleId === roles.Gold) throw new DiscordError("missing_permissions", "Missing Permissions");
        return t.ctx.discord.addMemberRole(guildId, userId, roleId, reason);
      };
      const error = await hireGrinder(
        { ...t.ctx, discord: refusing },
        demoGuildId,
        { userId: member(11), tier: "Gold" },
        owner,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DiscordError);
      const held = await memberRoles(t.ctx, member(11));
      expect(held).not.toContain(roles.Grinder);
      expect(held).not.toContain(roles.Gold);
      expect(await listGrinders(t.ctx, demoGuildId)).toEqual([]);
    });
  });

  describe("removal", () => {
    it("takes both roles away and archives the record, which is no longer listed", async () => {
      const grinder = await hire(4, "Gold");
      const removed = await removeGrinder(t.ctx, demoGuildId, grinder._id, owner);
      expect(removed).toMatchObject({ _id: grinder._id, tier: "Gold", archivedBy: demoOwnerId });
      expect(removed.archivedAt).toBeGreaterThanOrEqual(grinder.hiredAt);
      const held = await memberRoles(t.ctx, member(4));
      expect(held).not.toContain(roles.Gold);
      expect(held).not.toContain(roles.Grinder);
      expect(await listGrinders(t.ctx, demoGuildId)).toEqual([]);
      const row = await t.ctx.storage.db
        .selectFrom("grinders")
        .selectAll()
        .where("id", "=", grinder._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ archive_reason: "removed", archived_by: demoOwnerId });
      expect((await listAudit(t.ctx.storage.db, demoGuildId, 1))[0]?.action).toBe("grinders.remove");

      const again = await rejection(removeGrinder(t.ctx, demoGuildId, grinder._id, owner));
      expect(again.statusCode).toBe(404);
      const rehired = await hire(4, "Bronze");
      expect(rehired._id).not.toBe(grinder._id);
    });

    it("works for a member who already left the server", async () => {
      const grinder = await hire(5, "Bronze");
      const row = await t.ctx.storage.db
        .selectFrom("sandbox_members")
        .selectAll()
        .where("guild_id", "=", demoGuildId)
        .where("user_id", "=", member(5))
        .executeTakeFirstOrThrow();
      await t.ctx.storage.db
        .deleteFrom("sandbox_members")
        .where("guild_id", "=", demoGuildId)
        .where("user_id", "=", member(5))
        .execute();
      try {
        await removeGrinder(t.ctx, demoGuildId, grinder._id, owner);
        expect(await listGrinders(t.ctx, demoGuildId)).toEqual([]);
      } finally {
        await t.ctx.storage.db.insertInto("sandbox_members").values(row).execute();
      }
    });

    it("answers 404 for another server's record id", async () => {
      const grinder = await hire(6, "Bronze");
      const error = await rejection(removeGrinder(t.ctx, "222222222222222222", grinder._id, owner));
      expect(error.statusCode).toBe(404);
      expect(await listGrinders(t.ctx, demoGuildId)).toHaveLength(1);
    });
  });

  describe("breaks", () => {
    it("take the tier role away and give it back, keeping the base role", async () => {
      const grinder = await hire(7, "Diamond");
      const onBreak = await toggleBreak(t.ctx, demoGuildId, grinder._id, owner);
      expect(onBreak).toMatchObject({ onBreak: true, break: true, breakUntil: null });
      expect(onBreak.breakSince).toEqual(expect.any(Number));
      let held = await memberRoles(t.ctx, member(7));
      expect(held).not.toContain(roles.Diamond);
      expect(held).toContain(roles.Grinder);

      const back = await toggleBreak(t.ctx, demoGuildId, grinder._id, owner);
      expect(back).toMatchObject({ onBreak: false, break: false, breakSince: null });
      held = await memberRoles(t.ctx, member(7));
      expect(held).toEqual(expect.arrayContaining([roles.Diamond, roles.Grinder]));
      const actions = (await listAudit(t.ctx.storage.db, demoGuildId, 2)).map((a) => a.action);
      expect(actions).toEqual(["grinders.break.end", "grinders.break.start"]);
    });

    it("a timed break ends by itself through the job queue", async () => {
      const start = Date.UTC(2025, 5, 11, 12);
      setNow(start);
      const grinder = await hire(8, "Silver");
      const onBreak = await setBreak(t.ctx, demoGuildId, grinder._id, true, owner, {
        until: start + 86_400_000,
      });
      expect(onBreak.breakUntil).toBe(start + 86_400_000);
      expect(await t.ctx.jobs.runDue()).toBe(0);
      vi.setSystemTime(start + 86_400_000 + 1000);
      expect(await t.ctx.jobs.runDue()).toBe(1);
      const [after] = await listGrinders(t.ctx, demoGuildId);
      expect(after).toMatchObject({ onBreak: false, breakUntil: null });
      expect(await memberRoles(t.ctx, member(8))).toContain(roles.Silver);
    });

    it("ending a timed break by hand cancels its job", async () => {
      const grinder = await hire(9, "Silver");
      await setBreak(t.ctx, demoGuildId, grinder._id, true, owner, { until: Date.now() + 3_600_000 });
      await toggleBreak(t.ctx, demoGuildId, grinder._id, owner);
      const pending = await t.ctx.storage.db
        .selectFrom("jobs")
        .selectAll()
        .where("dedupe_key", "=", breakJobKey(grinder._id))
        .where("status", "=", "pending")
        .execute();
      expect(pending).toEqual([]);
    });
  });

  describe("payments", () => {
    // Wednesday 11 June 2025, 12:00 UTC; its week started Monday 9 June.
    const wednesday = Date.UTC(2025, 5, 11, 12);
    const monday = Date.UTC(2025, 5, 9);
    const week = 7 * 86_400_000;
    const pay = (index: number, amount: number | string, action: "add" | "set" = "add") =>
      recordPayment(t.ctx, demoGuildId, member(index), amount, { action, by: demoOwnerId });

    it("adds to the period's total until the tier's payment is met", async () => {
      setNow(wednesday);
      await hire(0, "Silver");
      const partial = await pay(0, 300_000);
      expect(partial).toMatchObject({
        paid: false,
        paidThisPeriod: 300_000,
        remaining: 200_000,
        lastPaymentTimestamp: wednesday,
        periodStart: monday,
        periodEnd: monday + week,
      });
      vi.setSystemTime(wednesday + 3_600_000);
      const full = await pay(0, "250k");
      expect(full).toMatchObject({ paid: true, paidThisPeriod: 550_000, remaining: 0, carryForward: 50_000 });
      expect(full.lastPaymentTimestamp).toBe(wednesday + 3_600_000);
      expect((await listGrindersByStatus(t.ctx, demoGuildId, true)).map((g) => g.userId)).toEqual([
        member(0),
      ]);
    });

    it("rolls over at Monday 00:00 UTC, carrying the overpayment as leftover", async () => {
      setNow(wednesday);
      await hire(1, "Silver");
      await pay(1, "700k");
      vi.setSystemTime(monday + week - 1);
      expect((await listGrinders(t.ctx, demoGuildId))[0]).toMatchObject({ paid: true, leftoverPayment: 0 });
      vi.setSystemTime(monday + week);
      const [rolled] = await listGrinders(t.ctx, demoGuildId);
      expect(rolled).toMatchObject({
        paid: false,
        paidThisPeriod: 0,
        leftoverPayment: 200_000,
        remaining: 300_000,
        periodStart: monday + week,
      });
      const settled = await pay(1, 300_000);
      expect(settled).toMatchObject({ paid: true, leftoverPayment: 200_000, paidThisPeriod: 300_000 });
      // A week with nothing paid forfeits nothing owed beyond it: the next week starts from zero.
      vi.setSystemTime(monday + 3 * week);
      expect((await listGrinders(t.ctx, demoGuildId))[0]).toMatchObject({ paid: false, leftoverPayment: 0 });
      expect(await listGrindersByStatus(t.ctx, demoGuildId, true)).toEqual([]);
    });

    it("set replaces the period's total, add adds to it", async () => {
      setNow(wednesday);
      await hire(2, "Gold");
      await pay(2, "1.2m");
      const set = await pay(2, 400_000, "set");
      expect(set).toMatchObject({ paidThisPeriod: 400_000, paid: false });
      const zero = await pay(2, 0, "set");
      expect(zero.paidThisPeriod).toBe(0);
      const added = await pay(2, "1m");
      expect(added).toMatchObject({ paidThisPeriod: 1_000_000, paid: true });
    });

    it("keeps a history row for every payment", async () => {
      setNow(wednesday);
      const grinder = await hire(3, "Bronze");
      await pay(3, 100_000);
      vi.setSystemTime(wednesday + 1000);
      await pay(3, 250_000, "set");
      const history = await listGrinderPayments(t.ctx, demoGuildId, grinder._id);
      expect(history).toMatchObject([
        {
          action: "set",
          amount: 250_000,
          periodTotal: 250_000,
          periodStart: monday,
          recordedBy: demoOwnerId,
        },
        { action: "add", amount: 100_000, periodTotal: 100_000, createdAt: wednesday },
      ]);
      expect((await listAudit(t.ctx.storage.db, demoGuildId, 1))[0]).toMatchObject({
        action: "grinders.payment",
        actorUserId: demoOwnerId,
      });
    });

    it("refuses bad amounts, non-grinders and grinders on a break", async () => {
      const grinder = await hire(4, "Bronze");
      for (const amount of ["abc", -5, 0, "1.5x"]) {
        const error = await rejection(pay(4, amount));
        expect([error.statusCode, error.field]).toEqual([400, "amount"]);
      }
      expect((await rejection(pay(5, 100))).statusCode).toBe(404);
      await toggleBreak(t.ctx, demoGuildId, grinder._id, owner);
      const onBreak = await rejection(pay(4, 100));
      expect([onBreak.statusCode, onBreak.field]).toEqual([409, "userId"]);
    });

    it("uses the setup's payment period", async () => {
      setNow(wednesday);
      await updateSetup(t.ctx, demoGuildId, { grinders: { paymentPeriod: "monthly" } }, owner);
      try {
        await hire(6, "Bronze");
        const paid = await pay(6, 300_000);
        expect(paid).toMatchObject({ periodStart: Date.UTC(2025, 5, 1), periodEnd: Date.UTC(2025, 6, 1) });
        vi.setSystemTime(Date.UTC(2025, 6, 1));
        expect((await listGrinders(t.ctx, demoGuildId))[0]).toMatchObject({ leftoverPayment: 50_000 });
      } finally {
        await updateSetup(t.ctx, demoGuildId, { grinders: { paymentPeriod: "weekly" } }, owner);
      }
    });

    it("periods on a break are not owed; a paid period before it is settled", async () => {
      setNow(wednesday);
      const grinder = await hire(7, "Silver");
      await pay(7, 600_000);
      await toggleBreak(t.ctx, demoGuildId, grinder._id, owner);
      vi.setSystemTime(monday + 3 * week + 86_400_000);
      expect((await listGrinders(t.ctx, demoGuildId))[0]).toMatchObject({
        onBreak: true,
        paid: true,
        periodStart: monday,
      });
      const back = await toggleBreak(t.ctx, demoGuildId, grinder._id, owner);
      expect(back).toMatchObject({
        onBreak: false,
        paid: false,
        leftoverPayment: 100_000,
        paidThisPeriod: 0,
        periodStart: monday + 3 * week,
      });
    });

    it("concurrent payments all count", async () => {
      setNow(wednesday);
      await hire(8, "Diamond");
      await Promise.all(Array.from({ length: 10 }, () => pay(8, 100_000)));
      expect((await listGrinders(t.ctx, demoGuildId))[0]?.paidThisPeriod).toBe(1_000_000);
    });
  });

  describe("listing", () => {
    it("sorts by hire date (newest first) by default, and by tier or payment on request", async () => {
      setNow(Date.UTC(2025, 5, 11, 12));
      await hire(0, "Gold");
      vi.setSystemTime(Date.UTC(2025, 5, 11, 13));
      await hire(1, "Bronze");
      vi.setSystemTime(Date.UTC(2025, 5, 11, 14));
      await hire(2, "Diamond");
      expect((await listGrinders(t.ctx, demoGuildId)).map((g) => g.tier)).toEqual([
        "Diamond",
        "Bronze",
        "Gold",
      ]);
      expect(
        (await listGrinders(t.ctx, demoGuildId, { sort: "tier", order: "asc" })).map((g) => g.tier),
      ).toEqual(["Bronze", "Gold", "Diamond"]);
      expect((await listGrinders(t.ctx, demoGuildId, { sort: "payment" })).map((g) => g.payment)).toEqual([
        2_500_000, 1_000_000, 250_000,
      ]);
      expect((await listGrinders(t.ctx, demoGuildId, { tier: "gold" })).map((g) => g.userId)).toEqual([
        member(0),
      ]);
    });
  });
});
