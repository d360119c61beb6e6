const months = [
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

/** `1234567` → `"1,234,567"`; non-finite numbers as JavaScript writes them. */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const integer = Math.trunc(value);
  const digits = String(Math.abs(integer));
  let out = "";
  for (let index = 0; index < digits.length; index++) {
    if (index > 0 && (digits.length - index) % 3 === 0) out += ",";
    out += digits[index];
  }
  return integer < 0 ? `-${out}` : out;
}

/** The English ordinal suffix of an integer: 1 → "st", 12 → "th", 22 → "nd", 103 → "rd". */
export function ordinalSuffix(value: number): string {
  const n = Math.abs(Math.trunc(value));
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  switch (n % 10) {
    case 1:
      return "st";
    case 2:
      return "nd";
    case 3:
      return "rd";
    default:
      return "th";
  }
}

/** `321` → `"321st"`, `1002` → `"1,002nd"`. */
export function formatOrdinal(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return `${groupDigits(value)}${ordinalSuffix(value)}`;
}

/** A UTC calendar date: `"June 2, 2017"`; empty for an invalid time. */
export function formatDate(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return "";
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A UTC wall-clock time: `"18:05 UTC"`; empty for an invalid time. */
export function formatTime(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return "";
  const hours = String(date.getUTCHours()).padStart(2, "0");
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  return `${hours}:${minutes} UTC`;
}

/** Whole seconds since the epoch (Discord's and Unix's unit). */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Discord's own timestamp markup, shown in each reader's time zone and language (e.g. "3 years ago" for R). */
export function discordTimestamp(ms: number, style: "R" | "D" | "f" | "t"): string {
  if (!Number.isFinite(ms)) return "";
  return `<t:${unixSeconds(ms)}:${style}>`;
}
