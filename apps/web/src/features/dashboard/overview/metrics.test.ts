import { describe, expect, it } from "vitest";
import { makeGrinder } from "../shared/fixtures";
import {
  DAY_MS,
  growthTrends,
  rosterMetrics,
  tierDistribution,
  trendBadgeText,
  trendDirection,
  weeklyHires,
} from "./metrics";

const NOW = Date.UTC(2026, 10, 22);
const daysAgo = (days: number) => NOW - days * DAY_MS;

describe("growthTrends", () => {
  it("compares hires of the last 30 days with the 30 before, from hiredAt", () => {
    const grinders = [
      makeGrinder({ hiredAt: daysAgo(1), payment: 500_000 }),
      makeGrinder({ hiredAt: daysAgo(29.9), payment: 250_000 }),
      makeGrinder({ hiredAt: daysAgo(30), payment: 1_000_000 }),
      makeGrinder({ hiredAt: daysAgo(59), payment: 1_000_000 }),
      makeGrinder({ hiredAt: daysAgo(60), payment: 9_000_000 }),
      makeGrinder({ hiredAt: daysAgo(200), payment: 9_000_000 }),
    ];
    const { hires, revenue } = growthTrends(grinders, NOW);
    expect(hires).toEqual({ recent: 2, previous: 2, changePercent: 0 });
    expect(revenue).toEqual({ recent: 750_000, previous: 2_000_000, changePercent: -62 });
  });

  it("has no percentage when nobody was hired in the earlier window", () => {
    const { hires } = growthTrends([makeGrinder({ hiredAt: daysAgo(3) })], NOW);
    expect(hires.changePercent).toBeNull();
    expect(trendBadgeText(hires)).toBe("New");
    expect(trendDirection(hires)).toBe("up");
  });

  it("is not the old invented figures: no hires means no growth", () => {
    const old = Array.from({ length: 40 }, () => makeGrinder({ hiredAt: daysAgo(120) }));
    const { hires } = growthTrends(old, NOW);
    expect(hires).toEqual({ recent: 0, previous: 0, changePercent: null });
    expect(trendBadgeText(hires)).toBe("0%");
    expect(trendDirection(hires)).toBe("flat");
  });
});

describe("trendBadgeText", () => {
  it.each([
    [{ recent: 5, previous: 4, changePercent: 25 }, "+25%"],
    [{ recent: 3, previous: 5, changePercent: -40 }, "−40%"],
    [{ recent: 4, previous: 4, changePercent: 0 }, "0%"],
  ])("writes %o as %s", (trend, text) => {
    expect(trendBadgeText(trend)).toBe(text);
  });
});

describe("weeklyHires", () => {
  it("counts hires per week, oldest week first", () => {
    const counts = weeklyHires(
      [
        makeGrinder({ hiredAt: daysAgo(0) }),
        makeGrinder({ hiredAt: daysAgo(6) }),
        makeGrinder({ hiredAt: daysAgo(8) }),
        makeGrinder({ hiredAt: daysAgo(400) }),
      ],
      NOW,
      4,
    );
    expect(counts).toEqual([0, 0, 1, 2]);
  });
});

describe("rosterMetrics", () => {
  it("computes paid percentage as paid / total and activity as not on break / total", () => {
    const metrics = rosterMetrics([
      makeGrinder({ paid: true, payment: 1_000_000, paidThisPeriod: 1_000_000, remaining: 0 }),
      makeGrinder({
        paid: true,
        payment: 500_000,
        onBreak: true,
        break: true,
        paidThisPeriod: 600_000,
        remaining: 0,
      }),
      makeGrinder({ payment: 250_000, paidThisPeriod: 100_000, remaining: 150_000 }),
      makeGrinder({ payment: 250_000, paidThisPeriod: 0, remaining: 250_000 }),
    ]);
    expect(metrics).toEqual({
      total: 4,
      paid: 2,
      unpaid: 2,
      onBreak: 1,
      active: 3,
      paidPercent: 50,
      activityPercent: 75,
      totalRevenue: 2_000_000,
      averagePerMember: 500_000,
      averagePerPaidMember: 750_000,
      collected: 1_700_000,
      outstanding: 400_000,
    });
  });

  it("is all zeros for an empty roster, never NaN", () => {
    const metrics = rosterMetrics([]);
    expect(Object.values(metrics).every((value) => value === 0)).toBe(true);
  });
});

describe("tierDistribution", () => {
  it("follows the setup's tier order and keeps tiers no longer set up", () => {
    const shares = tierDistribution(
      [
        makeGrinder({ tier: "gold", payment: 1000 }),
        makeGrinder({ tier: "Bronze", payment: 10 }),
        makeGrinder({ tier: "Old", payment: 5 }),
      ],
      ["Bronze", "Gold", "Diamond"],
    );
    expect(shares.map((share) => [share.tier, share.count, share.revenue])).toEqual([
      ["Bronze", 1, 10],
      ["Gold", 1, 1000],
      ["Diamond", 0, 0],
      ["Old", 1, 5],
    ]);
  });
});
