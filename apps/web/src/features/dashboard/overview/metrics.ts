import type { Grinder } from "@hearth/core";
import { percentOf } from "../shared/format";

export const DAY_MS = 86_400_000;
/** The trend compares the last 30 days with the 30 days before them. */
export const TREND_WINDOW_DAYS = 30;

export interface Trend {
  /** In the last 30 days. */
  recent: number;
  /** In the 30 days before those. */
  previous: number;
  /** Change in percent, rounded; null when there is nothing to compare with (previous is 0). */
  changePercent: number | null;
}

function trendOf(recent: number, previous: number): Trend {
  return {
    recent,
    previous,
    changePercent: previous > 0 ? Math.round(((recent - previous) / previous) * 100) : null,
  };
}

function windowOf(hiredAt: number, now: number): "recent" | "previous" | null {
  const age = now - hiredAt;
  const window = TREND_WINDOW_DAYS * DAY_MS;
  // A clock a little behind the server's can make a fresh hire look like it is in the future.
  if (age < window) return "recent";
  if (age < 2 * window) return "previous";
  return null;
}

/**
 * Real growth from `hiredAt`: grinders hired in the last 30 days against the 30 days before, by
 * head count and by the weekly payments they brought (replaces the old invented 10 % / 5 %).
 */
export function growthTrends(grinders: readonly Pick<Grinder, "hiredAt" | "payment">[], now: number) {
  const hires = { recent: 0, previous: 0 };
  const revenue = { recent: 0, previous: 0 };
  for (const grinder of grinders) {
    const window = windowOf(grinder.hiredAt, now);
    if (window === null) continue;
    hires[window] += 1;
    revenue[window] += grinder.payment;
  }
  return {
    hires: trendOf(hires.recent, hires.previous),
    revenue: trendOf(revenue.recent, revenue.previous),
  };
}

export type TrendDirection = "up" | "down" | "flat";

export function trendDirection(trend: Trend): TrendDirection {
  if (trend.recent === trend.previous) return "flat";
  return trend.recent > trend.previous ? "up" : "down";
}

/** The badge text: `+25%`, `−40%`, `0%`, or `New` when nothing happened in the window before. */
export function trendBadgeText(trend: Trend): string {
  if (trend.changePercent === null) return trend.recent > 0 ? "New" : "0%";
  if (trend.changePercent > 0) return `+${trend.changePercent}%`;
  if (trend.changePercent < 0) return `−${Math.abs(trend.changePercent)}%`;
  return "0%";
}

/** Hires per week for the last `weeks` weeks, oldest first (for the growth chart). */
export function weeklyHires(
  grinders: readonly Pick<Grinder, "hiredAt">[],
  now: number,
  weeks = 12,
): number[] {
  const counts = Array.from({ length: weeks }, () => 0);
  for (const grinder of grinders) {
    const weeksAgo = Math.floor((now - grinder.hiredAt) / (7 * DAY_MS));
    if (weeksAgo >= 0 && weeksAgo < weeks) {
      const index = weeks - 1 - weeksAgo;
      counts[index] = (counts[index] ?? 0) + 1;
    }
  }
  return counts;
}

export interface RosterMetrics {
  total: number;
  paid: number;
  unpaid: number;
  onBreak: number;
  active: number;
  /** paid / total (spec §9). */
  paidPercent: number;
  /** not on break / total (spec §9). */
  activityPercent: number;
  /** Σ of the tier payments, per payment period. */
  totalRevenue: number;
  averagePerMember: number;
  /** Σ of the paid grinders' payments / paid grinders. */
  averagePerPaidMember: number;
  /** Recorded so far this period. */
  collected: number;
  /** Still due this period. */
  outstanding: number;
}

export function rosterMetrics(
  grinders: readonly Pick<
    Grinder,
    "paid" | "onBreak" | "break" | "payment" | "paidThisPeriod" | "remaining"
  >[],
): RosterMetrics {
  const total = grinders.length;
  const paidOnes = grinders.filter((grinder) => grinder.paid);
  const onBreak = grinders.filter((grinder) => grinder.onBreak ?? grinder.break).length;
  const totalRevenue = grinders.reduce((sum, grinder) => sum + grinder.payment, 0);
  const paidRevenue = paidOnes.reduce((sum, grinder) => sum + grinder.payment, 0);
  return {
    total,
    paid: paidOnes.length,
    unpaid: total - paidOnes.length,
    onBreak,
    active: total - onBreak,
    paidPercent: percentOf(paidOnes.length, total),
    activityPercent: percentOf(total - onBreak, total),
    totalRevenue,
    averagePerMember: total > 0 ? Math.round(totalRevenue / total) : 0,
    averagePerPaidMember: paidOnes.length > 0 ? Math.round(paidRevenue / paidOnes.length) : 0,
    collected: grinders.reduce((sum, grinder) => sum + grinder.paidThisPeriod, 0),
    outstanding: grinders.reduce((sum, grinder) => sum + grinder.remaining, 0),
  };
}

export interface TierShare {
  tier: string;
  count: number;
  percent: number;
  revenue: number;
}

/** Grinders and payments per tier, in the setup's order; tiers no longer set up come last. */
export function tierDistribution(
  grinders: readonly Pick<Grinder, "tier" | "payment">[],
  tiers: readonly string[],
): TierShare[] {
  const names = [...tiers];
  for (const grinder of grinders)
    if (!names.some((name) => name.toLowerCase() === grinder.tier.toLowerCase())) names.push(grinder.tier);
  return names.map((tier) => {
    const members = grinders.filter((grinder) => grinder.tier.toLowerCase() === tier.toLowerCase());
    return {
      tier,
      count: members.length,
      percent: percentOf(members.length, grinders.length),
      revenue: members.reduce((sum, grinder) => sum + grinder.payment, 0),
    };
  });
}
