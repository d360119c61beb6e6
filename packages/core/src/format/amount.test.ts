import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abbreviateNumber, parseAmount } from "./amount.ts";

describe("parseAmount", () => {
  it.each([
    ["1500", 1500],
    ["1,500", 1500],
    ["1.5k", 1500],
    ["1.5m", 1_500_000],
    ["2M", 2_000_000],
    ["0.25b", 250_000_000],
    [" 3 k ", 3000],
    [".5k", 500],
    [42, 42],
    [0, 0],
  ] as const)("%j → %d", (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([["-5"], ["abc"], [""], ["1.5x"], ["k"], ["1..5"], [Number.NaN], [-1], ["1e3"]])(
    "rejects %j",
    (input) => {
      expect(parseAmount(input as string | number)).toBeNull();
    },
  );

  it("round-trips any whole number written plainly or with a k suffix", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        expect(parseAmount(String(n))).toBe(n);
        expect(parseAmount(`${n}k`)).toBe(n * 1000);
      }),
    );
  });
});

describe("abbreviateNumber", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1.0K"],
    [1500, "1.5K"],
    [1_000_000, "1.0M"],
    [2_345_678, "2.3M"],
    [1_000_000_000, "1.0B"],
    [-1500, "-1.5K"],
  ])("%d → %s", (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });
});
