import type { GiveawayRecurrence } from "../api/giveaways.ts";
import { parseDuration } from "../format/duration.ts";

const hour = 3_600_000;
const day = 24 * hour;

/**
 * When a recurring giveaway runs next after the run that started at `from` (ms): `every` hours, days
 * or weeks later, or the same day of the month `every` months later (the month's last day when it is
 * shorter, so a series started on the 31st runs on the 30th in April, in UTC).
 */
export function nextRecurrence(from: number, recurrence: GiveawayRecurrence): number {
  switch (recurrence.unit) {
    case "hours":
      return from + recurrence.every * hour;
    case "days":
      return from + recurrence.every * day;
    case "weeks":
      return from + recurrence.every * 7 * day;
    case "months": {
      const date = new Date(from);
      const target = new Date(from);
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + recurrence.every);
      const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
      return target.getTime();
    }
  }
}

/**
 * The first run of a series still ahead of `now`, counting from `from`: a series paused past a run
 * (or a worker that was down) skips the runs it missed instead of posting them all at once.
 */
export function nextRecurrenceAfter(from: number, recurrence: GiveawayRecurrence, now: number): number {
  let next = nextRecurrence(from, recurrence);
  // Bounded: at most a year of hourly runs is skipped in a loop; beyond that jump by whole periods.
  for (let i = 0; next <= now && i < 10_000; i++) next = nextRecurrence(next, recurrence);
  return next;
}

/** "every day", "every 3 hours", "every week", "every 2 months". */
export function describeRecurrence(recurrence: GiveawayRecurrence): string {
  const singular = recurrence.unit.slice(0, -1);
  return recurrence.every === 1 ? `every ${singular}` : `every ${recurrence.every} ${recurrence.unit}`;
}

/** Minutes `timeZone` is ahead of UTC at `at` (ms). Throws a RangeError for an unknown zone. */
function zoneOffsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/** Whether `timeZone` is an IANA zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneOffsetMinutes(timeZone, 0);
    return true;
  } catch {
    return false;
  }
}

/** The instant the wall-clock time `y-m-d h:min` is in `timeZone`. */
function zonedTime(timeZone: string, y: number, m: number, d: number, h: number, min: number): number {
  const wall = Date.UTC(y, m - 1, d, h, min);
  // Two passes settle the offset across a daylight-saving change.
  let at = wall - zoneOffsetMinutes(timeZone, wall) * 60_000;
  at = wall - zoneOffsetMinutes(timeZone, at) * 60_000;
  return at;
}

/**
 * When a giveaway typed in the bot should start (ms), or null when the text isn't a start time:
 * `in 2h` / `2h30m` (from `now`), `2026-12-24 18:00`, `12-24 18:00` (this year, or next when past)
 * or `18:00` (today, or tomorrow when past), read as wall-clock time in `timeZone`.
 */
export function parseStartTime(input: string, now: number, timeZone = "UTC"): number | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, " ");
  const relative = text.replace(/^in /, "");
  if (/^\d/.test(relative) && !/[-:]/.test(relative)) {
    const ms = parseDuration(relative);
    return ms === null || ms <= 0 ? null : now + ms;
  }
  const full = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t](\d{1,2}):(\d{2}))?$/.exec(text);
  const monthDay = /^(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{2})$/.exec(text);
  const clock = /^(\d{1,2}):(\d{2})$/.exec(text);
  const valid = (m: number, d: number, h: number, min: number) =>
    m >= 1 && m <= 12 && d >= 1 && d <= 31 && h <= 23 && min <= 59;
  const today = new Date(now + zoneOffsetMinutes(timeZone, now) * 60_000);
  if (full) {
    const [y, m, d, h, min] = [1, 2, 3, 4, 5].map((i) => Number(full[i] ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    return valid(m, d, h, min) ? zonedTime(timeZone, y, m, d, h, min) : null;
  }
  if (monthDay) {
    const [m, d, h, min] = [1, 2, 3, 4].map((i) => Number(monthDay[i])) as [number, number, number, number];
    if (!valid(m, d, h, min)) return null;
    const year = today.getUTCFullYear();
    const at = zonedTime(timeZone, year, m, d, h, min);
    return at > now ? at : zonedTime(timeZone, year + 1, m, d, h, min);
  }
  if (clock) {
    const [h, min] = [Number(clock[1]), Number(clock[2])];
    if (!valid(1, 1, h, min)) return null;
    const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
    const at = zonedTime(timeZone, y, m, d, h, min);
    return at > now ? at : zonedTime(timeZone, y, m, d + 1, h, min);
  }
  return null;
}

/**
 * A recurrence typed in the bot: `hourly`, `daily`, `weekly`, `monthly`, or `every 6h` / `every 3d` /
 * `every 2w` / `every 2mo` (also without "every"); null when it isn't one.
 */
export function parseRecurrence(input: string): GiveawayRecurrence | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, " ");
  const named: Record<string, GiveawayRecurrence> = {
    hourly: { every: 1, unit: "hours" },
    daily: { every: 1, unit: "days" },
    weekly: { every: 1, unit: "weeks" },
    monthly: { every: 1, unit: "months" },
  };
  if (named[text]) return named[text];
  const match = /^(?:every )?(\d{1,3}) ?(h|hours?|d|days?|w|weeks?|mo|months?)$/.exec(text);
  if (!match) return null;
  const every = Number(match[1]);
  const unitText = match[2] as string;
  const unit = unitText.startsWith("mo")
    ? "months"
    : unitText.startsWith("h")
      ? "hours"
      : unitText.startsWith("d")
        ? "days"
        : "weeks";
  return every >= 1 && every <= 365 ? { every, unit } : null;
}
