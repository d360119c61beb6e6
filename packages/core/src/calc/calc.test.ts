import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeResult, formatRational } from "./format.ts";
import { expressionInMessage } from "./message.ts";
import { CalcError, calculate, evaluateExpression, maxExpressionLength } from "./parse.ts";
import { equals, type Rational, rational } from "./rational.ts";

const short = (input: string) => formatRational(calculate(input)).short;
const errorOf = (input: string): CalcError => {
  try {
    calculate(input);
  } catch (error) {
    if (error instanceof CalcError) return error;
    throw error;
  }
  throw new Error(`${input} did not fail`);
};

describe("the calculator", () => {
  it.each([
    ["1.5m*3", "4.5M"],
    ["(250k+1.2m)/4", "362.5K"],
    ["15% of 2b", "300M"],
    ["2b - 10%", "1.8B"],
    ["2b + 10%", "2.2B"],
    ["1,500,000 / 2", "750K"],
    ["1.5M * 3", "4.5M"],
    ["0.1+0.2", "0.3"],
    ["1m/3*3", "1M"],
    ["2^10", "1.024K"],
    ["2^-1", "0.5"],
    ["-2^2", "-4"],
    ["(-2)^2", "4"],
    ["3 x 250k", "750K"],
    ["3×250k", "750K"],
    ["10 ÷ 4", "2.5"],
    ["2t", "2T"],
    ["1.5T*1000", "1,500T"],
    [".5k", "500"],
    ["50% of 50% of 1m", "250K"],
    ["--5", "5"],
    ["2 * (3 + 4) ^ 2", "98"],
    ["1.234567m", "1.234567M"],
  ])("%s = %s", (input, expected) => {
    expect(short(input)).toBe(expected);
  });

  it("reads suffixes in either case", () => {
    for (const [lower, upper] of [
      ["1k", "1K"],
      ["2m", "2M"],
      ["3b", "3B"],
      ["4t", "4T"],
    ]) {
      expect(equals(calculate(lower ?? ""), calculate(upper ?? ""))).toBe(true);
    }
  });

  it("rounds a repeating decimal and says so", () => {
    expect(formatRational(calculate("1m/3"))).toEqual({ short: "333.33K", full: "333,333.33", exact: false });
    expect(describeResult(calculate("1m/3"))).toBe("≈ **333.33K** (333,333.33, rounded)");
    expect(describeResult(calculate("1/3"))).toBe("≈ **0.333333** (rounded)");
    expect(describeResult(calculate("1.5m*3"))).toBe("= **4.5M** (4,500,000)");
    expect(describeResult(calculate("2+2"))).toBe("= **4**");
  });

  it.each([
    ["1.5m*", "The expression ends too early", 6],
    ["(250k+1.2m/4", 'Missing ")"', 13],
    ["2 ** 3", 'Unexpected "*"', 4],
    ["5 / 0", "Division by zero", 3],
    ["1,50 + 2", "Commas only group thousands", 2],
    ["2 apples", 'Unexpected "apples"', 3],
    ["2 3", 'Missing an operator before "3"', 3],
    ["", "Nothing to calculate", 1],
    [")", 'Unexpected ")"', 1],
    ["2^0.5", "Powers must be whole numbers", 3],
    ["10^1000", "too large", 3],
    ["9^9^9", "too large", 2],
    ["1234567890123456789012345678901", "Number too long", 1],
  ])("%s fails: %s at %i", (input, message, position) => {
    const error = errorOf(input);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
    expect(error.message).toContain(`position ${position}`);
  });

  it("refuses input over the length limit, naming where it stops", () => {
    const error = errorOf("1+".repeat(maxExpressionLength));
    expect(error.position).toBe(maxExpressionLength + 1);
  });

  it("refuses results past the size bound at the step that overflows", () => {
    expect(errorOf("1t*1t*1t*1t*1t*1t*1t").message).toContain("too large");
    expect(errorOf("1/3^200").message).toContain("too large");
  });
});

/** Exact values with up to 10 decimals, from tiny to trillions. */
const exactValues = fc
  .tuple(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), fc.integer({ min: 0, max: 10 }))
  .map(([n, decimals]): Rational => rational(n, 10n ** BigInt(decimals)));

describe("calculator properties", () => {
  it("reads back exactly what it writes (short and full forms)", () => {
    fc.assert(
      fc.property(exactValues, (value) => {
        const { short: s, full, exact } = formatRational(value);
        expect(exact).toBe(true);
        expect(equals(calculate(s), value)).toBe(true);
        expect(equals(calculate(full), value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("throws nothing but its own error, whatever it is given", () => {
    const pieces = fc.constantFrom(
      ..."0123456789.,kmbtKMBTx×÷+-−*/^%() ".split(""),
      "of",
      "1.5m",
      "2b",
      "99999999999",
      "^9",
      "a",
      "é",
      "😀",
    );
    const inputs = fc.oneof(
      fc.string({ maxLength: 220 }),
      fc.array(pieces, { maxLength: 120 }).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        try {
          const result = calculate(input);
          formatRational(result);
        } catch (error) {
          expect(error).toBeInstanceOf(CalcError);
        }
        expect(() => expressionInMessage(input)).not.toThrow();
      }),
      { numRuns: 5000 },
    );
  });

  // Each answer takes well under a millisecond once warm; the bound leaves room for a busy CI machine.
  it("answers any input within a bounded time", () => {
    const adversarial = [
      `${"(".repeat(95)}1${")".repeat(95)}`,
      "9^9^9^9^9^9^9^9",
      `${"1t*".repeat(60)}1`,
      `${"1/3+".repeat(49)}1`,
      "2^-256^2",
      `${"9".repeat(30)}t^8`,
    ];
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...adversarial), fc.string({ maxLength: 200 })), (input) => {
        const start = Date.now();
        try {
          formatRational(calculate(input));
        } catch {
          // Errors are fine here; only the time matters.
        }
        expect(Date.now() - start).toBeLessThan(100);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("expressions in chat messages", () => {
  it.each(["1.5m*3", "(250k+1.2m)/4", "15% of 2b", "2b - 10%", "1.5m*3=", "1m/4", "3 x 250k", "2+2", "-5+3"])(
    "answers %s",
    (content) => {
      expect(expressionInMessage(content)).not.toBeNull();
    },
  );

  it.each([
    "1.5m",
    "500",
    "15%",
    "2-1",
    "9/10",
    "24/7",
    "lol",
    "gg 2+2",
    "of",
    "x",
    "brb 5m",
    "1.5m*",
    "",
    "   ",
    "t",
    "(2)",
    "1+".repeat(150),
  ])("leaves %j alone", (content) => {
    expect(expressionInMessage(content)).toBeNull();
  });

  it("gives the evaluated value", () => {
    const found = expressionInMessage("  15% of 2b ");
    expect(found && formatRational(found.value).short).toBe("300M");
    expect(evaluateExpression("(1+2)*3").shape).toMatchObject({ operators: ["+", "*"], parentheses: true });
  });
});
