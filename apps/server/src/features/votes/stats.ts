/**
 * The vote maths, pure so it can be tested with fixed clocks. A streak counts consecutive UTC days
 * with at least one vote: the listing site lets a member vote every 12 hours, so two votes a day keep
 * the same streak day, and a day without a vote ends the streak. Monthly totals belong to a UTC month
 * ("YYYY-MM"); votes count by weight (weekend votes weigh 2 on top.gg).
 */

const dayMs = 86_400_000;

export interface VoterStats {
  totalVotes: number;
  month: string;
  monthlyVotes: number;
  currentStreak: number;
  longestStreak: number;
  lastVoteDay: number;
  lastVoteAt: number;
}

export const utcDay = (at: number) => Math.floor(at / dayMs);

export function monthOf(at: number): string {
  const date = new Date(at);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** 00:00 UTC on the 1st of the month after the one `at` falls in. */
export function nextMonthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The [start, end) of a "YYYY-MM" month in ms. */
export function monthRange(month: string): [number, number] {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return [Date.UTC(year, monthNumber - 1, 1), Date.UTC(year, monthNumber, 1)];
}

/**
 * The stats after one more vote at `at`. A vote older than the last one (a late retry) adds to totals only.
 * PostgreSQL's batched ingest does the same in SQL (batch-store.ts, storeCountedVotes); batch.test.ts holds the two together.
 */
export function applyVote(previous: VoterStats | null, at: number, weight: number): VoterStats {
  const day = utcDay(at);
  const month = monthOf(at);
  if (!previous) {
    return {
      totalVotes: weight,
      month,
      monthlyVotes: weight,
      currentStreak: 1,
      longestStreak: 1,
      lastVoteDay: day,
      lastVoteAt: at,
    };
  }
  if (at < previous.lastVoteAt) {
    return {
      ...previous,
      totalVotes: previous.totalVotes + weight,
      monthlyVotes: previous.monthlyVotes + (month === previous.month ? weight : 0),
    };
  }
  const streak =
    day === previous.lastVoteDay
      ? previous.currentStreak
      : day === previous.lastVoteDay + 1
        ? previous.currentStreak + 1
        : 1;
  return {
    totalVotes: previous.totalVotes + weight,
    month,
    monthlyVotes: month === previous.month ? previous.monthlyVotes + weight : weight,
    currentStreak: streak,
    longestStreak: Math.max(previous.longestStreak, streak),
    lastVoteDay: day,
    lastVoteAt: at,
  };
}

/** The streak as of `now`: still alive today and the day after the last vote, 0 after a missed day. */
export function streakAt(stats: Pick<VoterStats, "currentStreak" | "lastVoteDay">, now: number): number {
  return utcDay(now) - stats.lastVoteDay <= 1 ? stats.currentStreak : 0;
}

/** This month's votes as of `now`: a row last touched in an older month counts 0. */
export function monthlyAt(stats: Pick<VoterStats, "month" | "monthlyVotes">, now: number): number {
  return stats.month === monthOf(now) ? stats.monthlyVotes : 0;
}
