import type { Grinder, PaymentPeriod, RemovedGrinder } from "@hearth/core";
import { type Ledger, ledgerStatus, nextPeriodStart, rollLedger } from "./periods.ts";
import type { GrinderListRow, GrinderWithTier } from "./store.ts";

export function storedLedger(row: GrinderListRow): Ledger {
  return { periodStart: row.period_start, periodTotal: row.period_total, leftover: row.leftover_payment };
}

/** What the grinder owes per period: its tier's payment (0 for an archived record whose tier is gone). */
export function owedBy(row: GrinderListRow): number {
  return row.tier_payment ?? 0;
}

/** The ledger as of `now`; frozen at the break's start while the grinder is on a break. */
export function currentLedger(row: GrinderListRow, period: PaymentPeriod, now: number): Ledger {
  const at = row.on_break === 1 ? (row.break_started_at ?? now) : now;
  return rollLedger(storedLedger(row), owedBy(row), period, at);
}

export function toGrinder(row: GrinderListRow, period: PaymentPeriod, now: number): Grinder {
  const owed = owedBy(row);
  const ledger = currentLedger(row, period, now);
  const status = ledgerStatus(ledger, owed);
  const onBreak = row.on_break === 1;
  return {
    _id: row.id,
    userId: row.user_id,
    username: row.username,
    displayName: row.display_name,
    tier: row.current_tier_name ?? row.tier_name,
    payment: owed,
    leftoverPayment: ledger.leftover,
    lastPaymentTimestamp: row.last_payment_at,
    paid: status.paid,
    onBreak,
    break: onBreak,
    breakSince: row.break_started_at,
    breakUntil: row.break_until,
    hiredAt: row.hired_at,
    joinedAt: row.hired_at,
    hiredBy: row.hired_by,
    hiredByName: row.hired_by_name,
    paidThisPeriod: ledger.periodTotal,
    remaining: status.remaining,
    carryForward: status.carryForward,
    periodStart: ledger.periodStart,
    periodEnd: nextPeriodStart(period, ledger.periodStart),
  };
}

export function toRemovedGrinder(row: GrinderWithTier, period: PaymentPeriod, now: number): RemovedGrinder {
  return {
    ...toGrinder(row, period, row.archived_at ?? now),
    archivedAt: row.archived_at ?? now,
    archivedBy: row.archived_by,
  };
}
