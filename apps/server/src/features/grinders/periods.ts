import type { PaymentPeriod } from "@hearth/core";

/**
 * Payment periods and the per-grinder ledger. Pure functions: the store keeps the ledger as of the
 * last write, and every read rolls it forward to the period of "now".
 */

const day = 86_400_000;
/** 1970-01-05 00:00 UTC, a Monday: weeks and two-week periods are counted from it. */
const firstMonday = 4 * day;

const fixedLength: Record<Exclude<PaymentPeriod, "monthly">, number> = {
  daily: day,
  weekly: 7 * day,
  biweekly: 14 * day,
};

/** The start of the period holding `at`. */
export function periodStartAt(period: PaymentPeriod, at: number): number {
  if (period === "monthly") {
    const date = new Date(at);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  const length = fixedLength[period];
  const origin = period === "daily" ? 0 : firstMonday;
  return origin + Math.floor((at - origin) / length) * length;
}

/** The start of the period after the one starting at `start`. */
export function nextPeriodStart(period: PaymentPeriod, start: number): number {
  if (period === "monthly") {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + fixedLength[period];
}

/** How many period boundaries lie between two period starts (0 when they are the same period). */
export function periodsBetween(period: PaymentPeriod, fromStart: number, toStart: number): number {
  if (period === "monthly") {
    const from = new Date(fromStart);
    const to = new Date(toStart);
    return to.getUTCFullYear() * 12 + to.getUTCMonth() - (from.getUTCFullYear() * 12 + from.getUTCMonth());
  }
  return Math.round((toStart - fromStart) / fixedLength[period]);
}

/** A grinder's payment state: what was paid in the period starting at `periodStart`, and the credit carried into it. */
export interface Ledger {
  periodStart: number;
  periodTotal: number;
  leftover: number;
}

/**
 * The ledger as of `at`. When a period ends, what was available (leftover + total) beyond what was
 * owed carries into the next period; an unpaid period's partial total is not carried. Periods with
 * no payment then consume the carried credit, one payment each.
 */
export function rollLedger(ledger: Ledger, owed: number, period: PaymentPeriod, at: number): Ledger {
  const current = periodStartAt(period, at);
  const stored = periodStartAt(period, ledger.periodStart);
  if (stored >= current) return { ...ledger, periodStart: stored };
  const carried = Math.max(0, ledger.leftover + ledger.periodTotal - owed);
  const emptyPeriods = periodsBetween(period, stored, current) - 1;
  return { periodStart: current, periodTotal: 0, leftover: Math.max(0, carried - emptyPeriods * owed) };
}

/**
 * The ledger when a break ends at `at`, from the ledger frozen when it began. Periods spent on the
 * break are not owed: the period the break began in is settled if it was paid (the surplus carries),
 * and otherwise excused with everything paid in it kept as credit.
 */
export function resumeLedger(frozen: Ledger, owed: number, period: PaymentPeriod, at: number): Ledger {
  const current = periodStartAt(period, at);
  if (periodStartAt(period, frozen.periodStart) >= current) return frozen;
  const available = frozen.leftover + frozen.periodTotal;
  return { periodStart: current, periodTotal: 0, leftover: available >= owed ? available - owed : available };
}

/** Applies a payment to a ledger already rolled to the current period. */
export function applyPayment(ledger: Ledger, action: "add" | "set", amount: number): Ledger {
  return { ...ledger, periodTotal: action === "add" ? ledger.periodTotal + amount : amount };
}

export interface LedgerStatus {
  paid: boolean;
  remaining: number;
  carryForward: number;
}

export function ledgerStatus(ledger: Ledger, owed: number): LedgerStatus {
  const available = ledger.leftover + ledger.periodTotal;
  return {
    paid: available >= owed,
    remaining: Math.max(0, owed - available),
    carryForward: Math.max(0, available - owed),
  };
}
