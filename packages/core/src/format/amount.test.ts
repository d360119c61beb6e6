import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abbreviateNumber, parseAmount, readAmount } from "./amount.ts";

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

  it.each([
    ["-5"],
    ["abc"],
    [""],
    ["1.5x"],
    ["k"],
    ["1..5"],
    [Number.NaN],
    [-1],
    ["1e3"],
    ["1,5m"],
    ["1,50"],
    ["1,5000"],
    ["12,34,567"],
    ["1.500"],
    ["2.5"],
    ["1.2345k"],
  ])("rejects %j", (input) => {
    expect(parseAmount(input as string | number)).toBeNull();
  });

  it("round-trips any whole number written plainly or with a k suffix", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        expect(parseAmount(String(n))).toBe(n);
        expect(parseAmount(`${n}k`)).toBe(n * 1000);
      }),
    );
  });
});

describe("readAmount", () => {
  it("names the ambiguity of a comma that isn't a thousands separator", () => {
    const reading = readAmount("1,5m");
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.reason).toContain('"1,5m" is ambiguous');
    expect(reading.reason).toContain("15m or 1.5m");
    expect(readAmount("1,50")).toMatchObject({ ok: false, reason: expect.stringContaining("150 or 1.50") });
  });

  it("names a point that may group thousands", () => {
    expect(readAmount("1.500")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("could mean 1500"),
    });
    // With a suffix the point can only be a decimal point.
    expect(readAmount("1.500k")).toEqual({ ok: true, value: 1500 });
  });

  it("keeps exact figures of decimal suffixes", () => {
    expect(readAmount("1.1k")).toEqual({ ok: true, value: 1100 });
    expect(readAmount("2.675m")).toEqual({ ok: true, value: 2_675_000 });
    expect(readAmount("1,500,000")).toEqual({ ok: true, value: 1_500_000 });
    expect(readAmount("1,500.5k")).toEqual({ ok: true, value: 1_500_500 });
  });

  it("reads any whole number grouped in threes, and nothing else with a comma", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(readAmount(n.toLocaleString("en-US"))).toEqual({ ok: true, value: n });
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.stringMatching(/^\d{1,2}$|^\d{4,6}$/),
        fc.constantFrom("", "k", "m", "b"),
        (head, group, suffix) => {
          const reading = readAmount(`${head},${group}${suffix}`);
          expect(reading.ok).toBe(false);
          if (!reading.ok) expect(reading.reason).toContain("ambiguous");
        },
      ),
    );
  });

  it("reads every amount a decimal and a suffix write, within rounding", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom("k", "m", "b"),
        (thousandths, suffix) => {
          const text = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, "0")}${suffix}`;
          const scale = { k: 1, m: 1e3, b: 1e6 }[suffix];
          expect(readAmount(text)).toEqual({ ok: true, value: thousandths * scale });
        },
      ),
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

  it.each([
    [999_950, "1.0M"],
    [999_949, "999.9K"],
    [999.5, "1.0K"],
    [999_950_000, "1.0B"],
    [-999_950, "-1.0M"],
    [-0.2, "0"],
  ])("rounds up into the next unit: %d → %s", (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it("never shows 1000 or more of a unit below B, and stays within 5% of the value", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e13, noNaN: true }), (value) => {
        const text = abbreviateNumber(value);
        const match = /^(\d+(?:\.\d)?)([KMB])?$/.exec(text);
        expect(match).not.toBeNull();
        const mantissa = Number(match?.[1]);
        if (match?.[2] !== "B") expect(mantissa).toBeLessThan(1000);
        const shown = mantissa * ({ K: 1e3, M: 1e6, B: 1e9 }[match?.[2] ?? ""] ?? 1);
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(Math.max(0.5, value * 0.05));
      }),
    );
  });
});
