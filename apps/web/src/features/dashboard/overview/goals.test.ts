import { beforeEach, describe, expect, it } from "vitest";
import { defaultGoals, GOALS_KEY, goalProgress, loadGoals, parseGoalInput, saveGoals } from "./goals";

describe("goals", () => {
  beforeEach(() => localStorage.clear());

  it("has the spec's defaults", () => {
    expect(defaultGoals).toEqual({
      revenue: 100_000_000,
      grinders: 100,
      members: 500,
      paidGrinders: 50,
      activity: 80,
    });
    expect(loadGoals(localStorage)).toEqual(defaultGoals);
  });

  it("saves under serverGoals and loads them back", () => {
    const goals = { ...defaultGoals, grinders: 60, activity: 90 };
    saveGoals(goals, localStorage);
    expect(JSON.parse(localStorage.getItem(GOALS_KEY) ?? "")).toEqual(goals);
    expect(loadGoals(localStorage)).toEqual(goals);
  });

  it("falls back to the defaults for broken or partial storage", () => {
    localStorage.setItem(GOALS_KEY, "{not json");
    expect(loadGoals(localStorage)).toEqual(defaultGoals);
    localStorage.setItem(GOALS_KEY, JSON.stringify({ members: 900, revenue: "lots", activity: 400 }));
    expect(loadGoals(localStorage)).toEqual({ ...defaultGoals, members: 900, activity: 100 });
  });

  it.each([
    ["grinders", "120", 120],
    ["grinders", "12.7", 12],
    ["grinders", "abc", 0],
    ["grinders", "", 0],
    ["grinders", "-5", 0],
    ["activity", "150", 100],
    ["activity", "75", 75],
    ["revenue", "250000000", 250_000_000],
  ] as const)("reads the %s input %j as %d", (field, raw, expected) => {
    expect(parseGoalInput(field, raw)).toBe(expected);
  });

  it("caps progress at 100% and treats a goal of 0 as not set", () => {
    expect(goalProgress(50, 100)).toBe(50);
    expect(goalProgress(300, 100)).toBe(100);
    expect(goalProgress(10, 0)).toBe(0);
  });
});
