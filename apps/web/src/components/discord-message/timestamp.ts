// Discord's timestamp markup, `<t:unix:style>`, as its client shows it (en-US).

const styles: Record<string, Intl.DateTimeFormatOptions> = {
  t: { hour: "numeric", minute: "2-digit" },
  T: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  d: { month: "2-digit", day: "2-digit", year: "numeric" },
  D: { month: "long", day: "numeric", year: "numeric" },
  f: { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  F: { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
};

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });

/** `in 2 hours`, `3 minutes ago`: the largest whole unit, as Discord's `R` style. */
export function relativeTime(at: number, now: number): string {
  const diff = at - now;
  for (const [unit, ms] of units) {
    if (Math.abs(diff) >= ms || unit === "second") {
      return relative.format(Math.round(diff / ms), unit);
    }
  }
  return relative.format(0, "second");
}

/** One timestamp in one of Discord's styles (`f` when none is given). */
export function formatTimestamp(seconds: number, style: string | undefined, now: number): string {
  const at = seconds * 1000;
  if (style === "R") return relativeTime(at, now);
  return new Date(at).toLocaleString("en-US", styles[style ?? "f"] ?? styles.f);
}
