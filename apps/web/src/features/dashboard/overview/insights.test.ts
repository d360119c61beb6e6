import { describe, expect, it } from "vitest";
import { activityInsight, growthInsight, paidInsight } from "./insights";

describe("insights", () => {
  it.each([
    [100, "Excellent!"],
    [70, "Excellent!"],
    [69, "Good progress!"],
    [50, "Good progress!"],
    [49, "Payments need attention"],
  ])("paid %d%% reads %s", (percent, title) => {
    expect(paidInsight(percent, 3).title).toBe(title);
  });

  it.each([
    [80, "good"],
    [79, "ok"],
    [60, "ok"],
    [59, "warn"],
  ] as const)("activity %d%% is %s", (percent, tone) => {
    expect(activityInsight(percent, 2).tone).toBe(tone);
  });

  it("describes real hiring", () => {
    expect(growthInsight({ recent: 0, previous: 4, changePercent: -100 }).title).toBe("No new grinders");
    expect(growthInsight({ recent: 5, previous: 2, changePercent: 150 }).tone).toBe("good");
    expect(growthInsight({ recent: 1, previous: 3, changePercent: -67 }).title).toBe("Hiring slowed down");
  });
});
