/**
 * Birthday calendar arithmetic, pure: validating dates and time zones, and finding the instant a
 * birthday starts (local midnight in the member's IANA time zone) in a given year.
 */

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const hour = 3_600_000;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1–12); February has 29 in leap years. */
export function daysInMonth(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `20 July`, `29 February`. */
export function formatBirthday(month: number, day: number): string {
  return `${day} ${monthNames[month - 1] ?? "?"}`;
}

/**
 * The canonical name of an IANA time zone (`europe/berlin` → `Europe/Berlin`), or null when Intl
 * doesn't know it. Offsets like `+02:00` are refused: they ignore daylight saving time.
 */
export function canonicalTimeZone(input: string): string | null {
  const name = input.trim();
  if (name === "" || name.length > 64 || /^[+-]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time at `instant` in `timeZone`. */
export function localParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a calendar day in a time zone: local midnight, or — where a daylight-saving
 * change skips midnight — the moment the day begins; where midnight happens twice, the first one.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const candidates = [
    wall - offsetAt(wall - 12 * hour, timeZone),
    wall - offsetAt(wall + 12 * hour, timeZone),
  ];
  const onTheDay = candidates
    .filter((instant) => {
      const p = localParts(instant, timeZone);
      return p.year === year && p.month === month && p.day === day;
    })
    .sort((a, b) => a - b);
  return onTheDay[0] ?? Math.min(...candidates);
}

/** The day a birthday falls on in `year`: 29 February is celebrated on 28 February in other years. */
export function observedDay(month: number, day: number, year: number): { month: number; day: number } {
  if (month === 2 && day === 29 && !isLeapYear(year)) return { month: 2, day: 28 };
  return { month, day };
}

/** When a birthday starts in `year`, as ms since the epoch. */
export function birthdayStart(month: number, day: number, timeZone: string, year: number): number {
  const observed = observedDay(month, day, year);
  return startOfLocalDay(year, observed.month, observed.day, timeZone);
}

/**
 * The next time this birthday starts strictly after `after`, and the calendar year it belongs to.
 * A birthday saved on the day itself (after its midnight) is next celebrated a year later.
 */
export function nextBirthday(
  month: number,
  day: number,
  timeZone: string,
  after: number,
): { at: number; year: number } {
  const { year } = localParts(after, timeZone);
  for (const candidate of [year - 1, year, year + 1, year + 2]) {
    const at = birthdayStart(month, day, timeZone, candidate);
    if (at > after) return { at, year: candidate };
  }
  throw new Error("no birthday within two years");
}

/** The age someone born in `birthYear` turns on their birthday in `year`. */
export const ageIn = (birthYear: number, year: number) => year - birthYear;
