const suffixes: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * Parses an amount as users type it: `1500`, `1,500`, `1.5k`, `2M`, `0.25b`. Answers null for
 * anything else (negative, empty, NaN, unknown suffix). Results are rounded to whole units.
 */
export function parseAmount(input: string | number): number | null {
  if (typeof input === "number") return Number.isFinite(input) && input >= 0 ? Math.round(input) : null;
  const match = /^\s*(\d[\d,]*(?:\.\d+)?|\.\d+)\s*([kmb])?\s*$/i.exec(input);
  if (!match?.[1]) return null;
  const digits = match[1].replaceAll(",", "");
  const value = Number(digits) * (match[2] ? (suffixes[match[2].toLowerCase()] ?? 1) : 1);
  if (!Number.isFinite(value) || value > Number.MAX_SAFE_INTEGER) return null;
  return Math.round(value);
}

/**
 * Abbreviates a number for display: K above 1e3, M above 1e6, B above 1e9, one decimal
 * (`1500` → `1.5K`, `2000000` → `2.0M`); smaller numbers are shown whole.
 */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${sign}${(abs / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${sign}${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${sign}${(abs / 1e3).toFixed(1)}K`;
  return `${sign}${Math.round(abs)}`;
}
