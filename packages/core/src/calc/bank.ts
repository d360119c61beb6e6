import { floor, mul, type Rational, rational } from "./rational.ts";

/** The organiser's cut: a percentage of what is left after the fee, or a fixed amount. */
export type OrganiserCut = { percent: Rational } | { amount: bigint };

export interface BankSplitInput {
  /** Whole coins, at least 1. */
  total: bigint;
  /** How many members share the pool (1–100). */
  members: number;
  /** A fee or tax taken first, 0–100 percent. */
  feePercent?: Rational;
  organiserCut?: OrganiserCut;
}

export interface BankSplit {
  total: bigint;
  fee: bigint;
  afterFee: bigint;
  organiserCut: bigint;
  /** What the members share: after the fee and the organiser's cut. */
  pool: bigint;
  members: number;
  /** Each member's whole-coin share. */
  share: bigint;
  /** Coins left when the pool doesn't divide evenly (fewer than `members`). */
  remainder: bigint;
}

/** Why a split can't be made, for the member to fix. */
export class BankSplitError extends Error {
  constructor(
    message: string,
    readonly field: "total" | "members" | "fee" | "organiser_cut",
  ) {
    super(message);
    this.name = "BankSplitError";
  }
}

const hundred = rational(100n);
const inPercentRange = (p: Rational) => p.n >= 0n && p.n <= 100n * p.d;

/**
 * Splits a payout in whole coins: the fee (`total × fee%`, rounded down: a fraction of a coin
 * stays with the crew) comes off first, then the organiser's cut (a percentage of what is left,
 * rounded down, or a fixed amount), and the rest is shared equally, rounded down; the coins that
 * don't divide evenly are the remainder.
 */
export function splitBank(input: BankSplitInput): BankSplit {
  const { total, members } = input;
  if (total < 1n) throw new BankSplitError("The total must be at least 1 coin.", "total");
  if (!Number.isInteger(members) || members < 1 || members > 100) {
    throw new BankSplitError("Split between 1 and 100 members.", "members");
  }
  const feePercent = input.feePercent ?? rational(0n);
  if (!inPercentRange(feePercent)) throw new BankSplitError("The fee must be between 0 and 100%.", "fee");
  const fee = floor(mul(rational(total), rational(feePercent.n, feePercent.d * hundred.n)));
  const afterFee = total - fee;

  let organiserCut = 0n;
  const cut = input.organiserCut;
  if (cut && "percent" in cut) {
    if (!inPercentRange(cut.percent)) {
      throw new BankSplitError("The organiser's cut must be between 0 and 100%.", "organiser_cut");
    }
    organiserCut = floor(mul(rational(afterFee), rational(cut.percent.n, cut.percent.d * 100n)));
  } else if (cut) {
    if (cut.amount < 0n || cut.amount > afterFee) {
      throw new BankSplitError(
        "The organiser's cut can't be more than what is left after the fee.",
        "organiser_cut",
      );
    }
    organiserCut = cut.amount;
  }
  const pool = afterFee - organiserCut;
  const share = pool / BigInt(members);
  return {
    total,
    fee,
    afterFee,
    organiserCut,
    pool,
    members,
    share,
    remainder: pool - share * BigInt(members),
  };
}
