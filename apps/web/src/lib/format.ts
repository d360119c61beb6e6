/** `1 winner`, `3 winners`; the plural form defaults to the singular plus `s`. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US");
}

/** `Jul 20, 2025`. */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** `Sunday, July 20, 2025 at 2:30 PM`. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  const day = date.toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return `${day} at ${time}`;
}

/** `Jul 20, 2025, 2:30 PM`. */
export function formatShortDateTime(ms: number): string {
  return new Date(ms).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
