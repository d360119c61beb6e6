import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BankSplitError, splitBank } from "./bank.ts";
import { rational } from "./rational.ts";

describe("splitBank", () => {
  it("shares a payout equally with the remainder shown", () => {
    expect(splitBank({ total: 100n, members: 3 })).toEqual({
      total: 100n,
      fee: 0n,
      afterFee: 100n,
      organiserCut: 0n,
      pool: 100n,
      members: 3,
      share: 33n,
      remainder: 1n,
    });
  });

  it("takes the fee first, then the organiser's percentage of what is left", () => {
    const split = splitBank({
      total: 1_200_000_000n,
      members: 3,
      feePercent: rational(10n),
      organiserCut: { percent: rational(15n) },
    });
    expect(split).toMatchObject({
      fee: 120_000_000n,
      afterFee: 1_080_000_000n,
      organiserCut: 162_000_000n,
      pool: 918_000_000n,
      share: 306_000_000n,
      remainder: 0n,
    });
  });

  it("rounds fractional fees down, so the crew keeps the odd coin", () => {
    expect(splitBank({ total: 999n, members: 1, feePercent: rational(25n, 10n) }).fee).toBe(24n);
  });

  it("takes a fixed organiser amount", () => {
    expect(splitBank({ total: 80_000_000n, members: 4, organiserCut: { amount: 5_000_000n } })).toMatchObject(
      {
        pool: 75_000_000n,
        share: 18_750_000n,
        remainder: 0n,
      },
    );
  });

  it.each([
    [{ total: 0n, members: 2 }, "total"],
    [{ total: 10n, members: 0 }, "members"],
    [{ total: 10n, members: 101 }, "members"],
    [{ total: 10n, members: 2, feePercent: rational(101n) }, "fee"],
    [{ total: 10n, members: 2, feePercent: rational(-1n) }, "fee"],
    [{ total: 10n, members: 2, organiserCut: { amount: 11n } }, "organiser_cut"],
    [{ total: 10n, members: 2, organiserCut: { percent: rational(150n) } }, "organiser_cut"],
  ])("refuses %o naming %s", (input, field) => {
    expect(() => splitBank(input)).toThrow(BankSplitError);
    try {
      splitBank(input);
    } catch (error) {
      expect((error as BankSplitError).field).toBe(field);
    }
  });

  it("never loses or invents a coin", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (total, members, feeBasis, cutBasis) => {
          const split = splitBank({
            total,
            members,
            feePercent: rational(BigInt(feeBasis), 100n),
            organiserCut: { percent: rational(BigInt(cutBasis), 100n) },
          });
          expect(split.fee + split.organiserCut + split.share * BigInt(members) + split.remainder).toBe(
            total,
          );
          expect(split.remainder >= 0n && split.remainder < BigInt(members)).toBe(true);
        },
      ),
    );
  });
});
