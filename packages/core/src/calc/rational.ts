/**
 * Exact rational numbers over bigint: every sum, product and quotient the calculator makes is exact,
 * so `0.1+0.2` is `0.3` and `1m/3*3` is `1M`. Always normalised: the denominator is positive and the
 * fraction is in lowest terms.
 */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Builds a normalised rational; `d` must not be zero. */
export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError("zero denominator");
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export const zero = rational(0n);
export const one = rational(1n);
export const hundredth = rational(1n, 100n);

export const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
export const neg = (a: Rational): Rational => ({ n: -a.n, d: a.d });
/** `b` must not be zero. */
export const div = (a: Rational, b: Rational) => rational(a.n * b.d, a.d * b.n);
export const isZero = (a: Rational) => a.n === 0n;
export const isInteger = (a: Rational) => a.d === 1n;
export const equals = (a: Rational, b: Rational) => a.n === b.n && a.d === b.d;
export const compare = (a: Rational, b: Rational) => {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
};

/** Bits needed for |x| (0 for zero). */
export function bitLength(x: bigint): number {
  return abs(x).toString(2).length - (x === 0n ? 1 : 0);
}

/** Integer power; the caller bounds the size first. Negative exponents invert (`a` not zero). */
export function pow(a: Rational, exponent: bigint): Rational {
  if (exponent < 0n) return pow(rational(a.d, a.n), -exponent);
  return rational(a.n ** exponent, a.d ** exponent);
}

/** Rounds to `decimals` places, halves away from zero. */
export function roundTo(a: Rational, decimals: number): Rational {
  const scale = 10n ** BigInt(decimals);
  const scaled = abs(a.n) * scale;
  let whole = scaled / a.d;
  if ((scaled % a.d) * 2n >= a.d) whole += 1n;
  return rational(a.n < 0n ? -whole : whole, scale);
}

/**
 * Decimal places needed to write `a` exactly, or null when its decimal expansion repeats (the
 * denominator has a prime factor other than 2 and 5).
 */
export function terminatingDecimals(a: Rational): number | null {
  let d = a.d;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    twos++;
  }
  while (d % 5n === 0n) {
    d /= 5n;
    fives++;
  }
  return d === 1n ? Math.max(twos, fives) : null;
}

/** Floor of a rational (toward negative infinity). */
export function floor(a: Rational): bigint {
  const q = a.n / a.d;
  return a.n < 0n && q * a.d !== a.n ? q - 1n : q;
}
