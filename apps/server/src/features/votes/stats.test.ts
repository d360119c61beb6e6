import { describe, expect, it } from "vitest";
import {
  applyVote,
  monthlyAt,
  monthOf,
  monthRange,
  nextMonthStart,
  streakAt,
  type VoterStats,
} from "./stats.ts";

const at = (iso: string) => Date.parse(iso);

/** Applies votes in order, from nothing. */
function replay(votes: [string, number?][]): VoterStats {
  let stats: VoterStats | null = null;
  for (const [time, weight] of votes) stats = applyVote(stats, at(time), weight ?? 1);
  if (!stats) throw new Error("no votes");
  return stats;
}

describe("streaks count consecutive UTC days with a vote", () => {
  it.each([
    { name: "one vote", votes: ["2025-03-10T10:00Z"], current: 1, longest: 1 },
    {
      name: "two votes the same day (12 h apart)",
      votes: ["2025-03-10T00:30Z", "2025-03-10T12:40Z"],
      current: 1,
      longest: 1,
    },
    {
      name: "three days in a row",
      votes: ["2025-03-10T23:00Z", "2025-03-11T11:00Z", "2025-03-12T23:59Z"],
      current: 3,
      longest: 3,
    },
    {
      name: "across midnight UTC counts as the next day",
      votes: ["2025-03-10T23:59Z", "2025-03-11T00:01Z"],
      current: 2,
      longest: 2,
    },
    {
      name: "a missed day restarts",
      votes: ["2025-03-10T10:00Z", "2025-03-11T10:00Z", "2025-03-13T10:00Z"],
      current: 1,
      longest: 2,
    },
    {
      name: "a new run longer than the old",
      votes: ["2025-03-01T10:00Z", "2025-03-03T10:00Z", "2025-03-04T10:00Z", "2025-03-05T10:00Z"],
      current: 3,
      longest: 3,
    },
    { name: "across a month end", votes: ["2025-02-28T20:00Z", "2025-03-01T04:00Z"], current: 2, longest: 2 },
  ])("$name", ({ votes, current, longest }) => {
    const stats = replay(votes.map((time) => [time]));
    expect(stats.currentStreak).toBe(current);
    expect(stats.longestStreak).toBe(longest);
  });

  it.each([
    { now: "2025-03-12T23:00Z", shown: 3 },
    { now: "2025-03-13T23:59Z", shown: 3 },
    { now: "2025-03-14T00:00Z", shown: 0 },
  ])("as of $now the streak shows $shown", ({ now, shown }) => {
    const stats = replay([["2025-03-10T10:00Z"], ["2025-03-11T10:00Z"], ["2025-03-12T10:00Z"]]);
    expect(streakAt(stats, at(now))).toBe(shown);
  });
});

describe("monthly totals", () => {
  it.each([
    {
      name: "same month adds",
      votes: [["2025-03-01T00:00Z"], ["2025-03-31T23:59Z", 2]] as [string, number?][],
      month: "2025-03",
      monthly: 3,
      total: 3,
    },
    {
      name: "a new month starts from the vote's weight",
      votes: [["2025-03-31T23:59Z"], ["2025-04-01T00:00Z", 2]] as [string, number?][],
      month: "2025-04",
      monthly: 2,
      total: 3,
    },
    {
      name: "December to January",
      votes: [["2024-12-31T12:00Z"], ["2025-01-01T12:00Z"]] as [string, number?][],
      month: "2025-01",
      monthly: 1,
      total: 2,
    },
  ])("$name", ({ votes, month, monthly, total }) => {
    const stats = replay(votes);
    expect(stats.month).toBe(month);
    expect(stats.monthlyVotes).toBe(monthly);
    expect(stats.totalVotes).toBe(total);
  });

  it("a row of an older month counts 0 this month", () => {
    const stats = replay([["2025-03-15T10:00Z"]]);
    expect(monthlyAt(stats, at("2025-03-31T23:59:59Z"))).toBe(1);
    expect(monthlyAt(stats, at("2025-04-01T00:00Z"))).toBe(0);
  });

  it("month boundaries are 00:00 UTC on the 1st", () => {
    expect(monthOf(at("2025-03-31T23:59:59.999Z"))).toBe("2025-03");
    expect(monthOf(at("2025-04-01T00:00Z"))).toBe("2025-04");
    expect(nextMonthStart(at("2025-12-15T10:00Z"))).toBe(at("2026-01-01T00:00Z"));
    expect(monthRange("2024-02")).toEqual([at("2024-02-01T00:00Z"), at("2024-03-01T00:00Z")]);
  });

  it("a late (older) vote adds to totals without moving the streak", () => {
    const stats = applyVote(
      replay([["2025-03-10T10:00Z"], ["2025-03-11T10:00Z"]]),
      at("2025-03-09T10:00Z"),
      1,
    );
    expect(stats).toMatchObject({
      totalVotes: 3,
      monthlyVotes: 3,
      currentStreak: 2,
      lastVoteAt: at("2025-03-11T10:00Z"),
    });
  });
});
