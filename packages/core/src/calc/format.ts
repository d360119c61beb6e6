import { type Rational, rational, roundTo, terminatingDecimals } from "./rational.ts";

/** Past this many decimals an exact answer is shown rounded instead (1/1024 needs 10). */
const maxExactDecimals = 10;

const units: readonly [string, bigint][] = [
  ["T", 10n ** 12n],
  ["B", 10n ** 9n],
  ["M", 10n ** 6n],
  ["K", 10n ** 3n],
];

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Writes a value with a terminating expansion of at most `decimals` places, commas grouping thousands. */
function decimalText(value: Rational, decimals: number): string {
  const negative = value.n < 0n;
  const magnitude = negative ? -value.n : value.n;
  const scaled = (magnitude * 10n ** BigInt(decimals)) / value.d;
  const digits = scaled.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

export interface FormattedAmount {
  /** Like the grinder amounts: `1.5M`, `250K`, `12.25B`, `-3T`, `950` (exact unless `exact` is false). */
  short: string;
  /** Every digit: `1,500,000`, `0.25`. */
  full: string;
  /** False when the value had to be rounded (a repeating decimal such as 1/3, or a tiny fraction). */
  exact: boolean;
}

/**
 * Formats a calculator result. An exact value is written exactly (`1.234567M`), so reading the
 * text back gives the same number; a value whose decimals repeat is rounded to 2 places (6 below
 * 1) and marked inexact.
 */
export function formatRational(value: Rational): FormattedAmount {
  const needed = terminatingDecimals(value);
  const exact = needed !== null && needed <= maxExactDecimals;
  const magnitude = value.n < 0n ? -value.n : value.n;
  const shown = exact ? value : roundTo(value, magnitude < value.d ? 6 : 2);
  const decimals = terminatingDecimals(shown) ?? 0;
  const full = decimalText(shown, decimals);
  const absShown = shown.n < 0n ? -shown.n : shown.n;
  const unit = units.find(([, size]) => absShown >= size * shown.d);
  if (!unit) return { short: full, full, exact };
  // A rounded answer shows 2 decimals in its short form too (333.33K, not 333.33333K).
  const scaled = exact
    ? rational(shown.n, shown.d * unit[1])
    : roundTo(rational(value.n, value.d * unit[1]), 2);
  return { short: `${decimalText(scaled, terminatingDecimals(scaled) ?? 0)}${unit[0]}`, full, exact };
}

/** One line for a member: `= **1.5M** (1,500,000)`, or `≈ **333.33K** (333,333.33, rounded)`. */
export function describeResult(value: Rational): string {
  const { short, full, exact } = formatRational(value);
  const detail = short === full ? (exact ? "" : " (rounded)") : ` (${full}${exact ? "" : ", rounded"})`;
  return `${exact ? "=" : "≈"} **${short}**${detail}`;
}
