import { paymentPeriods } from "@hearth/core";
import { describe, expect, it } from "vitest";
import {
  applyPayment,
  type Ledger,
  ledgerStatus,
  nextPeriodStart,
  periodStartAt,
  periodsBetween,
  resumeLedger,
  rollLedger,
} from "./periods.ts";

const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);
const day = 86_400_000;

describe("period boundaries (UTC)", () => {
  it.each([
    ["a Wednesday afternoon", utc(2025, 6, 11, 15, 30), utc(2025, 6, 9)],
    ["Monday 00:00 exactly", utc(2025, 6, 9), utc(2025, 6, 9)],
    ["Sunday 23:59", utc(2025, 6, 8, 23, 59), utc(2025, 6, 2)],
    ["a week across a new year", utc(2025, 1, 1, 12), utc(2024, 12, 30)],
  ])("weeks start on Monday 00:00: %s", (_label, at, start) => {
    expect(periodStartAt("weekly", at)).toBe(start);
    expect(new Date(start).getUTCDay()).toBe(1);
    expect(nextPeriodStart("weekly", start)).toBe(start + 7 * day);
  });

  it("days start at 00:00 UTC", () => {
    expect(periodStartAt("daily", utc(2025, 3, 4, 23, 59))).toBe(utc(2025, 3, 4));
    expect(nextPeriodStart("daily", utc(2025, 3, 4))).toBe(utc(2025, 3, 5));
  });

  it("two-week periods start on every other Monday", () => {
    const start = periodStartAt("biweekly", utc(2025, 6, 11));
    expect(new Date(start).getUTCDay()).toBe(1);
    expect(utc(2025, 6, 11) - start).toBeLessThan(14 * day);
    expect(periodStartAt("biweekly", start + 13 * day + 86_399_999)).toBe(start);
    expect(periodStartAt("biweekly", start + 14 * day)).toBe(start + 14 * day);
    expect(periodStartAt("biweekly", start - 1)).toBe(start - 14 * day);
  });

  it("months start on the 1st, with months of any length", () => {
    expect(periodStartAt("monthly", utc(2024, 2, 29, 18))).toBe(utc(2024, 2, 1));
    expect(nextPeriodStart("monthly", utc(2024, 2, 1))).toBe(utc(2024, 3, 1));
    expect(nextPeriodStart("monthly", utc(2024, 12, 1))).toBe(utc(2025, 1, 1));
    expect(periodsBetween("monthly", utc(2024, 11, 1), utc(2025, 2, 1))).toBe(3);
  });

  it("every period contains its own start and ends where the next begins", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const period of paymentPeriods) {
      for (let i = 0; i < 300; i++) {
        const at = utc(2020, 1, 1) + Math.floor(next() * 2000 * day);
        const start = periodStartAt(period, at);
        const end = nextPeriodStart(period, start);
        expect(start).toBeLessThanOrEqual(at);
        expect(end).toBeGreaterThan(at);
        expect(periodStartAt(period, end)).toBe(end);
        expect(periodsBetween(period, start, end)).toBe(1);
      }
    }
  });
});

describe("the ledger", () => {
  const owed = 500_000;
  const week = (n: number) => utc(2025, 6, 2) + n * 7 * day;
  const fresh: Ledger = { periodStart: week(0), periodTotal: 0, leftover: 0 };

  it("stays in its period until the period ends", () => {
    const paid = applyPayment(fresh, "add", 300_000);
    expect(rollLedger(paid, owed, "weekly", week(1) - 1)).toEqual(paid);
  });

  it("carries an overpayment into the next period and drops an underpayment", () => {
    const over = applyPayment(fresh, "add", 700_000);
    expect(rollLedger(over, owed, "weekly", week(1))).toEqual({
      periodStart: week(1),
      periodTotal: 0,
      leftover: 200_000,
    });
    const under = applyPayment(fresh, "add", 300_000);
    expect(rollLedger(under, owed, "weekly", week(1) + day).leftover).toBe(0);
  });

  it("lets a prepayment cover several periods, one payment each", () => {
    const prepaid = applyPayment(fresh, "add", 4 * owed + 100_000);
    const later = (n: number) => rollLedger(prepaid, owed, "weekly", week(n) + day);
    expect(later(1).leftover).toBe(3 * owed + 100_000);
    expect(later(3).leftover).toBe(owed + 100_000);
    expect(ledgerStatus(later(4), owed)).toEqual({ paid: false, remaining: 400_000, carryForward: 0 });
    expect(later(9).leftover).toBe(0);
  });

  it("counts leftover toward paid, and add vs set on the period total", () => {
    const carried: Ledger = { periodStart: week(1), periodTotal: 0, leftover: 200_000 };
    expect(ledgerStatus(carried, owed).paid).toBe(false);
    const added = applyPayment(applyPayment(carried, "add", 200_000), "add", 100_000);
    expect(added.periodTotal).toBe(300_000);
    expect(ledgerStatus(added, owed)).toEqual({ paid: true, remaining: 0, carryForward: 0 });
    const set = applyPayment(added, "set", 50_000);
    expect(set.periodTotal).toBe(50_000);
    expect(ledgerStatus(set, owed)).toEqual({ paid: false, remaining: 250_000, carryForward: 0 });
  });

  it("normalises a stored start after the period setting changed", () => {
    const midMonthMonday = { periodStart: utc(2025, 6, 9), periodTotal: 100, leftover: 0 };
    expect(rollLedger(midMonthMonday, owed, "monthly", utc(2025, 6, 20))).toEqual({
      ...midMonthMonday,
      periodStart: utc(2025, 6, 1),
    });
  });

  it("after a break: a paid period is settled, an unpaid one excused with its credit kept", () => {
    const paid = applyPayment(fresh, "add", 600_000);
    expect(resumeLedger(paid, owed, "weekly", week(3) + day)).toEqual({
      periodStart: week(3),
      periodTotal: 0,
      leftover: 100_000,
    });
    const partial = { ...applyPayment(fresh, "add", 300_000), leftover: 50_000 };
    expect(resumeLedger(partial, owed, "weekly", week(3) + day).leftover).toBe(350_000);
    expect(resumeLedger(partial, owed, "weekly", week(0) + day)).toEqual(partial);
  });
});
