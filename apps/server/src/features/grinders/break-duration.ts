import { badRequest } from "../../lib/errors.ts";

const day = 86_400_000;
/** Break units as the docs write them: `m` is a month here (30 days), not a minute. */
const units: Record<string, number> = { d: day, w: 7 * day, m: 30 * day, mo: 30 * day };

/** The longest break the bot schedules: a year. */
export const maxBreakMs = 365 * day;

/**
 * Parses a break duration: `1d`, `3d`, `1w`, `1m` (a month, 30 days), or parts together (`1w3d`).
 * Answers milliseconds, or null when it isn't one. Core's `parseDuration` reads `m` as minutes,
 * which suits timers but not breaks, so breaks have their own reading.
 */
export function parseBreakDuration(input: string): number | null {
  const text = input.trim().toLowerCase();
  if (text === "") return null;
  let total = 0;
  let rest = text;
  while (rest.length > 0) {
    const match = /^(\d{1,4})\s*(mo|[dwm])\s*/.exec(rest);
    if (!match?.[1] || !match[2]) return null;
    total += Number(match[1]) * (units[match[2]] ?? Number.NaN);
    rest = rest.slice(match[0].length);
  }
  return Number.isFinite(total) && total > 0 ? total : null;
}

/** `parseBreakDuration` for a command option: a friendly 400 naming the format, capped at a year. */
export function requireBreakDuration(input: string, field = "duration"): number {
  const ms = parseBreakDuration(input);
  if (ms === null) {
    throw badRequest(`Duration must look like 1d, 1w or 1m (one month); "${input}" isn't one.`, field);
  }
  if (ms > maxBreakMs) throw badRequest("A break can last at most a year (12m).", field);
  return ms;
}
