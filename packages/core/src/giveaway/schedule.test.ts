import { describe, expect, it } from "vitest";
import {
  describeRecurrence,
  isTimeZone,
  nextRecurrence,
  nextRecurrenceAfter,
  parseRecurrence,
  parseStartTime,
} from "./schedule.ts";

const at = (iso: string) => Date.parse(iso);

describe("nextRecurrence", () => {
  it.each([
    [{ every: 6, unit: "hours" as const }, "2026-01-01T00:00:00Z", "2026-01-01T06:00:00Z"],
    [{ every: 1, unit: "days" as const }, "2026-01-31T10:00:00Z", "2026-02-01T10:00:00Z"],
    [{ every: 2, unit: "weeks" as const }, "2026-01-01T00:00:00Z", "2026-01-15T00:00:00Z"],
    [{ every: 1, unit: "months" as const }, "2026-01-31T09:00:00Z", "2026-02-28T09:00:00Z"],
    [{ every: 1, unit: "months" as const }, "2026-03-15T09:00:00Z", "2026-04-15T09:00:00Z"],
    [{ every: 12, unit: "months" as const }, "2028-02-29T09:00:00Z", "2029-02-28T09:00:00Z"],
  ])("%o after %s is %s", (recurrence, from, next) => {
    expect(nextRecurrence(at(from), recurrence)).toBe(at(next));
  });

  it("skips the runs missed while paused", () => {
    const daily = { every: 1, unit: "days" as const };
    expect(nextRecurrenceAfter(at("2026-01-01T12:00:00Z"), daily, at("2026-01-05T13:00:00Z"))).toBe(
      at("2026-01-06T12:00:00Z"),
    );
  });

  it("says how often", () => {
    expect(describeRecurrence({ every: 1, unit: "weeks" })).toBe("every week");
    expect(describeRecurrence({ every: 3, unit: "hours" })).toBe("every 3 hours");
  });
});

describe("parseStartTime", () => {
  const now = at("2026-11-27T09:00:00Z");
  it("reads durations from now", () => {
    expect(parseStartTime("in 2h", now)).toBe(now + 7_200_000);
    expect(parseStartTime("1d12h", now)).toBe(now + 36 * 3_600_000);
  });
  it("reads dates and times in the server's time zone", () => {
    expect(parseStartTime("2026-12-24 18:00", now)).toBe(at("2026-12-24T18:00:00Z"));
    expect(parseStartTime("2026-12-24 18:00", now, "Europe/Berlin")).toBe(at("2026-12-24T17:00:00Z"));
    expect(parseStartTime("2026-07-01 18:00", now, "Europe/Berlin")).toBe(at("2026-07-01T16:00:00Z"));
    expect(parseStartTime("2026-12-24 18:00", now, "America/New_York")).toBe(at("2026-12-24T23:00:00Z"));
  });
  it("reads a time of day as today, or tomorrow once past", () => {
    expect(parseStartTime("18:30", now)).toBe(at("2026-11-27T18:30:00Z"));
    expect(parseStartTime("08:00", now)).toBe(at("2026-11-28T08:00:00Z"));
    expect(parseStartTime("12-24 18:00", now)).toBe(at("2026-12-24T18:00:00Z"));
    expect(parseStartTime("01-02 10:00", now)).toBe(at("2027-01-02T10:00:00Z"));
  });
  it("refuses what is not a start time", () => {
    for (const text of ["soon", "", "25:00", "2026-13-01 10:00", "in -2h", "0m"]) {
      expect(parseStartTime(text, now)).toBeNull();
    }
  });
  it("knows time zones", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("parseRecurrence", () => {
  it.each([
    ["daily", { every: 1, unit: "days" }],
    ["Weekly", { every: 1, unit: "weeks" }],
    ["monthly", { every: 1, unit: "months" }],
    ["every 6h", { every: 6, unit: "hours" }],
    ["every 3 days", { every: 3, unit: "days" }],
    ["2w", { every: 2, unit: "weeks" }],
    ["every 2mo", { every: 2, unit: "months" }],
  ])("%s", (text, expected) => {
    expect(parseRecurrence(text)).toEqual(expected);
  });
  it("refuses the rest", () => {
    for (const text of ["sometimes", "every 0h", "every 6x", ""]) expect(parseRecurrence(text)).toBeNull();
  });
});
