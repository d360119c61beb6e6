import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDurationShort, formatRemaining, parseDuration } from "./duration.ts";

describe("parseDuration", () => {
  it.each([
    ["0s", 0],
    ["30s", 30_000],
    ["15m", 900_000],
    ["12h", 43_200_000],
    ["1d", 86_400_000],
    ["7d", 604_800_000],
    ["1w", 604_800_000],
    ["1mo", 2_592_000_000],
    ["1d12h", 129_600_000],
    ["1.5h", 5_400_000],
  ])("%s → %d ms", (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });

  it.each([[""], ["1"], ["d"], ["1y"], ["-1d"], ["1d x"]])("rejects %j", (input) => {
    expect(parseDuration(input)).toBeNull();
  });

  it("sums its parts", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(23), (days, hours) => {
        expect(parseDuration(`${days}d${hours}h`)).toBe(days * 86_400_000 + hours * 3_600_000);
      }),
    );
  });
});

describe("formatRemaining", () => {
  it.each([
    [0, "Ended"],
    [-5, "Ended"],
    [59_000, "0m"],
    [7 * 60_000, "7m"],
    [3 * 3_600_000 + 12 * 60_000, "3h 12m"],
    [2 * 86_400_000 + 5 * 3_600_000 + 59_000, "2d 5h"],
  ])("%d ms → %s", (ms, expected) => {
    expect(formatRemaining(ms)).toBe(expected);
  });
});

describe("formatDurationShort", () => {
  it("writes seconds as parseDuration reads them back", () => {
    expect(formatDurationShort(3600)).toBe("1h");
    expect(formatDurationShort(129_600)).toBe("1d12h");
    expect(formatDurationShort(604_800)).toBe("1w");
    expect(formatDurationShort(90)).toBe("1m30s");
    for (const seconds of [60, 5400, 86_400, 7_776_000, 3661]) {
      expect(parseDuration(formatDurationShort(seconds))).toBe(seconds * 1000);
    }
  });
});
