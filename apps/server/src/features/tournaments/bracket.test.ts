import { describe, expect, it } from "vitest";
import { seededRandom } from "../../lib/seeded-random.ts";
import {
  alivePlayers,
  type BracketMatch,
  bracketSize,
  buildBracket,
  playableMatches,
  reportResult,
  seedOrder,
  shuffle,
} from "./bracket.ts";

const players = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Plays the bracket out, the lower-numbered player (by name) winning each match; answers the champion. */
function playOut(matches: BracketMatch[]): string {
  for (let guard = 0; guard < 100; guard++) {
    const [match] = playableMatches(matches);
    if (!match) break;
    const result = reportResult(matches, match.number, match.player1 as string);
    if ("problem" in result) throw new Error(result.problem);
    if (result.champion) return result.champion;
  }
  throw new Error("no champion");
}

describe("bracket", () => {
  it("sizes brackets to the next power of two", () => {
    expect([2, 3, 4, 5, 8, 9, 33, 64].map(bracketSize)).toEqual([2, 4, 4, 8, 8, 16, 64, 64]);
  });

  it("orders seeds so the top two can only meet in the final", () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const order = seedOrder(64);
    expect(new Set(order).size).toBe(64);
    expect(order.indexOf(2)).toBeGreaterThanOrEqual(32);
  });

  it("two players: one match, the final", () => {
    const matches = buildBracket(players(2));
    expect(matches).toEqual([
      { number: 1, round: 1, position: 0, player1: "p1", player2: "p2", winner: null, bye: false },
    ]);
    expect(reportResult(matches, 1, "p2")).toMatchObject({ champion: "p2" });
  });

  it("three players: the first seed has a bye straight into the final", () => {
    const matches = buildBracket(players(3));
    expect(matches.map((m) => [m.number, m.round, m.player1, m.player2, m.winner, m.bye])).toEqual([
      [1, 1, "p1", null, "p1", true],
      [2, 1, "p2", "p3", null, false],
      [3, 2, "p1", null, null, false],
    ]);
    expect(playableMatches(matches).map((m) => m.number)).toEqual([2]);
    expect(reportResult(matches, 2, "p3")).toMatchObject({ champion: null });
    expect(matches[2]).toMatchObject({ player1: "p1", player2: "p3" });
    expect(reportResult(matches, 3, "p3")).toMatchObject({ champion: "p3" });
  });

  it("five players: three byes for the top seeds, one first-round match, seven matches in all", () => {
    const matches = buildBracket(players(5));
    expect(matches).toHaveLength(7);
    const round1 = matches.filter((m) => m.round === 1);
    expect(round1.filter((m) => m.bye).map((m) => m.winner)).toEqual(["p1", "p2", "p3"]);
    expect(round1.find((m) => !m.bye)).toMatchObject({ number: 2, player1: "p4", player2: "p5" });
    // Match 2's winner meets the first seed in match 5; seeds 2 and 3 already meet in match 6.
    expect(playableMatches(matches).map((m) => m.number)).toEqual([2, 6]);
    expect(matches.find((m) => m.number === 5)).toMatchObject({ player1: "p1", player2: null });
    expect(matches.find((m) => m.number === 6)).toMatchObject({ player1: "p2", player2: "p3" });
    expect(playOut(matches)).toBe("p1");
  });

  it.each([4, 6, 7, 9, 16, 17, 31, 33, 63, 64])(
    "%i players: no bye meets a bye and the bracket plays out",
    (n) => {
      const matches = buildBracket(players(n));
      const size = bracketSize(n);
      expect(matches).toHaveLength(size - 1);
      expect(matches.filter((m) => m.bye)).toHaveLength(size - n);
      for (const match of matches.filter((m) => m.round === 1)) {
        expect(match.player1 !== null || match.player2 !== null).toBe(true);
      }
      expect(
        new Set(
          matches
            .filter((m) => m.round === 1)
            .flatMap((m) => [m.player1, m.player2])
            .filter(Boolean),
        ).size,
      ).toBe(n);
      expect(playOut(matches)).toBe("p1");
      expect(alivePlayers(matches, players(n))).toEqual(new Set(["p1"]));
    },
  );

  it("64 players: six rounds, 63 matches numbered round by round", () => {
    const matches = buildBracket(players(64));
    expect(matches.at(-1)).toMatchObject({ number: 63, round: 6 });
    expect(matches.filter((m) => m.round === 1)).toHaveLength(32);
    expect(matches.filter((m) => m.round === 1).map((m) => m.number)).toEqual(
      Array.from({ length: 32 }, (_, i) => i + 1),
    );
    expect(matches.find((m) => m.number === 33)).toMatchObject({ round: 2, position: 0 });
  });

  it("refuses results that can't be right, and corrects one until the next match is played", () => {
    const matches = buildBracket(players(4));
    expect(reportResult(matches, 9, "p1")).toEqual({ problem: "no-such-match" });
    expect(reportResult(matches, 3, "p1")).toEqual({ problem: "waiting-for-players" });
    expect(reportResult(matches, 1, "p2")).toEqual({ problem: "not-in-match" });
    expect(reportResult(matches, 1, "p1")).toMatchObject({ champion: null });
    expect(reportResult(matches, 1, "p1")).toEqual({ problem: "already-reported" });
    // A correction: p4 actually won match 1, and replaces p1 in the final.
    expect(reportResult(matches, 1, "p4")).toMatchObject({ champion: null });
    expect(matches[2]?.player1).toBe("p4");
    reportResult(matches, 2, "p2");
    reportResult(matches, 3, "p2");
    expect(reportResult(matches, 1, "p1")).toEqual({ problem: "next-match-played" });
    expect(reportResult(buildBracket(players(3)), 1, "p1")).toEqual({ problem: "bye" });
  });

  it("shuffles with the given random source, keeping every player", () => {
    const fixed = shuffle(players(5), () => 0);
    expect(fixed).toEqual(["p2", "p3", "p4", "p5", "p1"]);
    const counts = new Map<string, number>();
    const next = seededRandom(7);
    const lcg = (max: number) => Math.floor(next() * max);
    for (let i = 0; i < 4000; i++) {
      const first = shuffle(players(4), lcg)[0] as string;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    for (const player of players(4)) expect(counts.get(player)).toBeGreaterThan(850);
  });
});
