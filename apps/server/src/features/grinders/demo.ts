import type { Insertable } from "kysely";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { demoMemberProfiles, setDemoMemberRoles } from "../../discord/sandbox/demo-api.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom as random } from "../../lib/seeded-random.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { getGrinderConfig } from "./config.ts";
import { applyPayment, type Ledger, nextPeriodStart, periodStartAt, rollLedger } from "./periods.ts";
import { insertGrinders, insertPayments } from "./store.ts";

const day = 86_400_000;

/** How a demo grinder pays: most every week, some short, some ahead, some not lately. */
type Habit = "steady" | "generous" | "short" | "lapsed" | "prepaid";
const habits: Habit[] = ["steady", "steady", "steady", "generous", "short", "lapsed", "prepaid", "steady"];
/** Bronze-heavy, as real rosters are. */
const tierSpread = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3];

/**
 * About 40 grinders on the demo server, hired over the last ~90 days on the four tiers, a few on a
 * break, with weekly payment histories that leave a realistic mix of paid, unpaid and leftover.
 * Roles are set in the sandbox directory to match (base role, and the tier role unless on a break).
 */
export async function seedDemo(ctx: AppContext, now: number = Date.now()): Promise<void> {
  const config = await getGrinderConfig(ctx.storage.db, demoGuildId);
  if (config.tiers.length === 0) return;
  const rand = random(90210);
  const members = await demoMemberProfiles(ctx.storage.db);
  const managerRole = (await ctx.discord.listRoles(demoGuildId)).find(
    (r) => r.name === "Grinder Manager",
  )?.id;
  const managers = members.filter((m) => managerRole && m.roleIds.includes(managerRole)).map((m) => m.userId);
  const hirers = [demoOwnerId, ...managers];
  const names = new Map(members.map((m) => [m.userId, m.globalName ?? m.username]));
  const candidates = members.filter(
    (m) => !m.bot && m.userId !== demoOwnerId && !managers.includes(m.userId) && rand() < 0.16,
  );

  const grinders: Insertable<Database["grinders"]>[] = [];
  const payments: Insertable<Database["grinder_payments"]>[] = [];
  const roleUpdates: { userId: string; roleIds: string[] }[] = [];
  for (const [index, member] of candidates.slice(0, 42).entries()) {
    const tier = config.tiers[tierSpread[Math.floor(rand() * tierSpread.length)] ?? 0] ?? config.tiers[0];
    if (!tier) continue;
    const hiredAt = now - Math.floor((index % 3 === 0 ? rand() * 30 : rand() * 90) * day) - 3_600_000;
    const onBreak = rand() < 0.12;
    const breakStartedAt = onBreak ? now - Math.floor((1 + rand() * 6) * day) : null;
    const payUntil = Math.max(hiredAt, breakStartedAt ?? now);
    const habit = habits[Math.floor(rand() * habits.length)] ?? "steady";
    const id = makeSnowflake(hiredAt);
    const recorder = hirers[Math.floor(rand() * hirers.length)] ?? demoOwnerId;
    const hirer = hirers[index % hirers.length] ?? demoOwnerId;

    let ledger: Ledger = { periodStart: periodStartAt(config.period, hiredAt), periodTotal: 0, leftover: 0 };
    let lastPaymentAt: number | null = null;
    const pay = (at: number, amount: number) => {
      ledger = applyPayment(rollLedger(ledger, tier.payment, config.period, at), "add", amount);
      lastPaymentAt = at;
      payments.push({
        server_id: demoGuildId,
        grinder_id: id,
        user_id: member.userId,
        action: "add",
        amount,
        period_start: ledger.periodStart,
        period_total: ledger.periodTotal,
        leftover_payment: ledger.leftover,
        recorded_by: recorder,
        created_at: at,
      });
    };
    for (
      let start = periodStartAt(config.period, hiredAt);
      start < payUntil;
      start = nextPeriodStart(config.period, start)
    ) {
      const from = Math.max(start, hiredAt);
      const at = from + Math.floor(rand() * Math.min(6 * day, payUntil - from));
      if (at >= payUntil) continue;
      const thisWeek = start === periodStartAt(config.period, now);
      if (habit === "lapsed" && start >= periodStartAt(config.period, now - 14 * day)) continue;
      if (habit === "prepaid") {
        if (start === periodStartAt(config.period, hiredAt)) pay(at, tier.payment * 4);
        continue;
      }
      if (thisWeek && rand() < 0.35) continue;
      // Grinders with enough credit carried in skip the week, as they would.
      if (rollLedger(ledger, tier.payment, config.period, at).leftover >= tier.payment) continue;
      if (habit === "short") pay(at, Math.round((tier.payment * (0.4 + rand() * 0.5)) / 1000) * 1000);
      else if (habit === "generous" && rand() < 0.4) pay(at, Math.round(tier.payment * 1.5));
      else pay(at, tier.payment);
    }
    if (breakStartedAt !== null) ledger = rollLedger(ledger, tier.payment, config.period, breakStartedAt);

    grinders.push({
      id,
      server_id: demoGuildId,
      user_id: member.userId,
      username: member.username,
      display_name: member.nick ?? member.globalName ?? member.username,
      tier_id: tier.id,
      tier_name: tier.name,
      on_break: onBreak ? 1 : 0,
      break_started_at: breakStartedAt,
      break_until: null,
      hired_at: hiredAt,
      hired_by: hirer,
      hired_by_name: names.get(hirer) ?? null,
      period_start: ledger.periodStart,
      period_total: ledger.periodTotal,
      leftover_payment: ledger.leftover,
      last_payment_at: lastPaymentAt,
      archived_at: null,
      archived_by: null,
      archive_reason: null,
    });
    const roles = new Set(member.roleIds);
    if (config.baseRoleId) roles.add(config.baseRoleId);
    if (!onBreak) roles.add(tier.role_id);
    roleUpdates.push({ userId: member.userId, roleIds: [...roles] });
  }

  await ctx.storage.db.transaction().execute(async (trx) => {
    await insertGrinders(trx, grinders);
    await insertPayments(trx, payments);
    // The sandbox directory is seed data like the rest of the demo: the roles are set in place rather
    // than through the port, which would log and record a role change for each.
    await setDemoMemberRoles(trx, roleUpdates);
  });
}
