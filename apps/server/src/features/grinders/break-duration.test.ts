import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { parseBreakDuration, requireBreakDuration } from "./break-duration.ts";

const day = 86_400_000;

describe("parseBreakDuration", () => {
  it.each([
    ["1d", day],
    ["3d", 3 * day],
    ["1w", 7 * day],
    ["2W", 14 * day],
    ["1m", 30 * day],
    ["1mo", 30 * day],
    ["1w3d", 10 * day],
    [" 1m 2w ", 44 * day],
  ])("%s is %d ms (m is a month, not a minute)", (input, ms) => {
    expect(parseBreakDuration(input)).toBe(ms);
  });

  it.each(["", "d", "1", "1h", "30s", "1.5d", "-1d", "0d", "1d-", "soon", "1y"])("refuses %j", (input) => {
    expect(parseBreakDuration(input)).toBeNull();
  });
});

describe("requireBreakDuration", () => {
  it("names the format when the text isn't a duration", () => {
    expect(() => requireBreakDuration("1h")).toThrowError(/1d, 1w or 1m/);
    try {
      requireBreakDuration("tomorrow");
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
    }
  });

  it("caps a break at a year", () => {
    expect(requireBreakDuration("12m")).toBe(360 * day);
    expect(() => requireBreakDuration("13m")).toThrowError(/at most a year/);
  });
});
