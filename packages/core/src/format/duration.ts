const units: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  mo: 30 * 86_400_000,
};

/**
 * Parses a duration like `30s`, `15m`, `12h`, `1d`, `1w`, or combined `1d12h`. `m` is minutes;
 * months are written `mo` (30 days). Answers milliseconds, or null when it isn't a duration.
 */
export function parseDuration(input: string): number | null {
  const text = input.trim().toLowerCase();
  if (text === "") return null;
  let total = 0;
  let rest = text;
  const part = /^(\d+(?:\.\d+)?)\s*(mo|[smhdw])\s*/;
  while (rest.length > 0) {
    const match = part.exec(rest);
    if (!match?.[1] || !match[2]) return null;
    total += Number(match[1]) * (units[match[2]] ?? Number.NaN);
    rest = rest.slice(match[0].length);
  }
  return Number.isFinite(total) ? Math.round(total) : null;
}

/** Formats a remaining time the way the site shows it: `2d 5h`, `3h 12m`, `7m`, or `Ended`. */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return "Ended";
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

/**
 * Writes seconds the way `parseDuration` reads them back, largest units first: `1w`, `1d12h`,
 * `2h30m`, `45m`, `90s`. Used where a duration is shown for editing (templates, the bulk table).
 */
export function formatDurationShort(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return "0s";
  const parts: string[] = [];
  for (const [unit, size] of [
    ["w", 604_800],
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join("");
}
