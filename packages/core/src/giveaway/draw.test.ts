import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawWeighted, drawWinners, type RandomInt } from "./draw.ts";

/** A seeded source (mulberry32), so a failing statistical test replays exactly. */
function seeded(seed: number): RandomInt {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}

/** The obvious quadratic draw: walk the remaining tickets in order. Same tickets in, same winners out. */
function reference(weights: number[], count: number, randomInt: RandomInt, exclude: number[]): number[] {
  const left = weights.map((weight, index) => (exclude.includes(index) ? 0 : weight));
  const winners: number[] = [];
  while (winners.length < count) {
    const total = left.reduce((sum, weight) => sum + weight, 0);
    if (total === 0) break;
    let ticket = randomInt(total);
    let index = 0;
    while (ticket >= (left[index] as number)) ticket -= left[index++] as number;
    winners.push(index);
    left[index] = 0;
  }
  return winners;
}

const drawCase = fc.record({
  weights: fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 60 }),
  count: fc.integer({ min: 0, max: 70 }),
  seed: fc.integer(),
  exclude: fc.array(fc.nat({ max: 59 }), { maxLength: 10 }),
});

describe("drawWeighted", () => {
  it("draws distinct, eligible indices: min(count, eligible) of them", () => {
    fc.assert(
      fc.property(drawCase, ({ weights, count, seed, exclude }) => {
        const winners = drawWeighted(weights, count, seeded(seed), { exclude });
        const eligible = weights.filter((weight, index) => weight > 0 && !exclude.includes(index)).length;
        expect(winners).toHaveLength(Math.min(count, eligible));
        expect(new Set(winners).size).toBe(winners.length);
        for (const winner of winners) {
          expect(weights[winner]).toBeGreaterThan(0);
          expect(exclude).not.toContain(winner);
        }
      }),
    );
  });

  it("picks exactly what a ticket-by-ticket walk picks with the same random numbers", () => {
    fc.assert(
      fc.property(drawCase, ({ weights, count, seed, exclude }) => {
        expect(drawWeighted(weights, count, seeded(seed), { exclude })).toEqual(
          reference(weights, count, seeded(seed), exclude),
        );
      }),
    );
  });

  it("picks what the walk picks across many blocks of entrants (up to 700, mostly zero weights too)", () => {
    const manyCase = fc.record({
      weights: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 })), { maxLength: 700 }),
      count: fc.integer({ min: 0, max: 80 }),
      seed: fc.integer(),
      exclude: fc.array(fc.nat({ max: 720 }), { maxLength: 40 }),
    });
    fc.assert(
      fc.property(manyCase, ({ weights, count, seed, exclude }) => {
        expect(drawWeighted(weights, count, seeded(seed), { exclude })).toEqual(
          reference(weights, count, seeded(seed), exclude),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("gives weights 1 and 3 about 25% and 75% of 10,000 single-winner draws", () => {
    const random = seeded(7);
    const wins = [0, 0];
    for (let draw = 0; draw < 10_000; draw++) {
      const [winner] = drawWeighted([1, 3], 1, random);
      wins[winner as number] = (wins[winner as number] as number) + 1;
    }
    // One standard deviation is 0.43 points; 2 points is more than four of them.
    expect(Math.abs((wins[0] as number) / 10_000 - 0.25)).toBeLessThan(0.02);
    expect(Math.abs((wins[1] as number) / 10_000 - 0.75)).toBeLessThan(0.02);
  });

  it("matches each ticket's chance over many draws (chi-square, 4 outcomes)", () => {
    const weights = [1, 2, 3, 4];
    const random = seeded(11);
    const draws = 20_000;
    const wins = [0, 0, 0, 0];
    for (let draw = 0; draw < draws; draw++) {
      const [winner] = drawWeighted(weights, 1, random);
      wins[winner as number] = (wins[winner as number] as number) + 1;
    }
    const chiSquare = wins.reduce((sum, observed, index) => {
      const expected = (draws * (weights[index] as number)) / 10;
      return sum + (observed - expected) ** 2 / expected;
    }, 0);
    // 3 degrees of freedom: 16.27 is the 0.1% critical value.
    expect(chiSquare).toBeLessThan(16.27);
  });

  it("draws without replacement: with weights 1, 1, 2 and two winners, the heavy entrant wins 5/6 of the time", () => {
    const random = seeded(3);
    let heavyWins = 0;
    let pairs = 0;
    const draws = 20_000;
    for (let draw = 0; draw < draws; draw++) {
      const winners = drawWeighted([1, 1, 2], 2, random);
      if (winners.length === 2 && winners[0] !== winners[1]) pairs++;
      if (winners.includes(2)) heavyWins++;
    }
    expect(pairs).toBe(draws);
    expect(Math.abs(heavyWins / draws - 5 / 6)).toBeLessThan(0.015);
  });

  it("never draws a zero-weight or excluded entrant, even when asked for everyone", () => {
    expect(drawWeighted([0, 5, 0, 1, 2], 10, seeded(1), { exclude: [4] }).toSorted()).toEqual([1, 3]);
    expect(drawWeighted([], 3, seeded(1))).toEqual([]);
    expect(drawWeighted([0, 0], 3, seeded(1))).toEqual([]);
    expect(drawWeighted([4, 4], 0, seeded(1))).toEqual([]);
  });

  it("rejects weights that are not non-negative integers, and a bad count", () => {
    expect(() => drawWeighted([1, -1], 1, seeded(1))).toThrow(RangeError);
    expect(() => drawWeighted([1, 1.5], 1, seeded(1))).toThrow(RangeError);
    expect(() => drawWeighted([Number.NaN], 1, seeded(1))).toThrow(RangeError);
    expect(() => drawWeighted([1], -1, seeded(1))).toThrow(RangeError);
    expect(() => drawWeighted([1], 1, () => 5)).toThrow(RangeError);
  });

  it("handles a million entrants", () => {
    const weights = new Uint8Array(1_000_000).map((_, index) => 1 + (index % 3));
    const winners = drawWeighted(weights, 10, seeded(5));
    expect(new Set(winners).size).toBe(10);
  });
});

describe("drawWinners", () => {
  it("answers entrant records and skips the excluded ids", () => {
    const entrants = [
      { id: "a", entries: 1 },
      { id: "b", entries: 2 },
      { id: "c", entries: 3 },
    ];
    fc.assert(
      fc.property(fc.integer(), fc.subarray(["a", "b", "c"]), (seed, excluded) => {
        const winners = drawWinners(entrants, 3, seeded(seed), excluded);
        expect(winners.map((winner) => winner.id).toSorted()).toEqual(
          ["a", "b", "c"].filter((id) => !excluded.includes(id)),
        );
      }),
    );
  });
});
