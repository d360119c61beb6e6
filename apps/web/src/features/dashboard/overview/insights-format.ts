/** `Jul 20` (UTC: buckets are UTC days). */
export function dayLabel(at: number): string {
  return new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** `Jul 20, 14:00 UTC`. */
export function hourLabel(at: number): string {
  const date = new Date(at);
  return `${dayLabel(at)}, ${String(date.getUTCHours()).padStart(2, "0")}:00 UTC`;
}

/** `2025-07-20` or `2025-07-20 14:00` for CSV files. */
export function isoBucket(at: number, resolution: "day" | "hour"): string {
  const iso = new Date(at).toISOString();
  return resolution === "day" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** `+12.5%`, `−4%`, or `new` when the previous period had none. */
export function changeLabel(change: number | null, current: number): string {
  if (change === null) return current > 0 ? "new" : "—";
  if (change === 0) return "±0%";
  return `${change > 0 ? "+" : "−"}${Math.abs(change)}%`;
}
