const suffixes: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * What `readAmount` made of a text: the amount, or why it can't be read (a phrase naming the
 * problem). `misreadable`: the text looks like an amount but could be read two ways (a comma or a
 * point that may group thousands) or names a fraction of a unit; callers show `reason` as it is.
 */
export type AmountReading = { ok: true; value: number } | { ok: false; reason: string; misreadable: boolean };

const example = "such as 250000, 250,000, 250k or 1.5m";

function refuse(reason: string, misreadable = false): AmountReading {
  return { ok: false, reason, misreadable };
}

/** True when the digits before a decimal point have no comma, or commas grouping thousands in threes. */
export function groupsThousands(whole: string): boolean {
  return !whole.includes(",") || /^\d{1,3}(?:,\d{3})+$/.test(whole);
}

/**
 * Reads an amount as users type it: `1500`, `1,500`, `1,500,000`, `1.5k`, `2M`, `0.25b`. A comma
 * only groups thousands in threes, so text that could be read two ways is refused with a reason
 * naming the ambiguity instead of guessing: `1,5m` (1.5m or 15m?), `1,50`, `1.500` (1.5 or 1,500?).
 * Amounts are whole units: text naming a fraction of one (`2.5`, `1.2345k`) is refused too; a
 * number (JSON) is rounded. Negative, empty and unknown suffixes are refused.
 */
export function readAmount(input: string | number): AmountReading {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return refuse(`must be a positive amount ${example}`);
    if (input > Number.MAX_SAFE_INTEGER) return refuse("is too large");
    return { ok: true, value: Math.round(input) };
  }
  const text = input.trim();
  const match = /^(\d[\d,]*|)(?:\.(\d+))?\s*([kmb])?$/i.exec(text);
  if (!text || !match || (!match[1] && !match[2])) return refuse(`must be an amount ${example}`);
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  const suffix = match[3]?.toLowerCase();
  if (!groupsThousands(whole)) {
    const decimal =
      /^\d+,\d{1,2}$/.test(whole) && !fraction ? ` or ${whole.replace(",", ".")}${suffix ?? ""}` : "";
    return refuse(
      `"${text}" is ambiguous: a comma only groups thousands in threes (1,500,000), so it could be ${whole.replaceAll(",", "")}${suffix ?? ""}${decimal}; write it without the comma, or with a decimal point (1.5m)`,
      true,
    );
  }
  if (!suffix && fraction.length === 3 && /^\d{1,3}$/.test(whole)) {
    return refuse(
      `"${text}" is ambiguous: it reads as ${whole}.${fraction}, but could mean ${whole}${fraction} with a point grouping thousands; write ${whole},${fraction} or ${whole}${fraction}`,
      true,
    );
  }
  const scale = suffix ? (suffixes[suffix] ?? 1) : 1;
  const value = Number(`${whole.replaceAll(",", "") || "0"}.${fraction || "0"}`) * scale;
  if (!Number.isFinite(value) || value > Number.MAX_SAFE_INTEGER) return refuse("is too large");
  const rounded = Math.round(value);
  // Floating point: 1.1k is 1100.0000000000002; only a real fraction of a unit is refused.
  if (Math.abs(value - rounded) > 1e-6 * Math.max(1, value)) {
    return refuse(`"${text}" is not a whole amount (${value}); amounts are whole units`, true);
  }
  return { ok: true, value: rounded };
}

/** `readAmount`'s value, or null when the text can't be read as one amount. */
export function parseAmount(input: string | number): number | null {
  const reading = readAmount(input);
  return reading.ok ? reading.value : null;
}

const units: [number, string][] = [
  [1e3, "K"],
  [1e6, "M"],
  [1e9, "B"],
];

/**
 * Abbreviates a number for display: K above 1e3, M above 1e6, B above 1e9, one decimal
 * (`1500` → `1.5K`, `2000000` → `2.0M`); smaller numbers are shown whole. A value that rounds up to
 * the next unit is shown in it: 999,950 is `1.0M`, never `1000.0K`.
 */
export function abbreviateNumber(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  const whole = Math.round(abs);
  if (whole < 1000) return whole === 0 ? "0" : `${sign}${whole}`;
  for (const [size, unit] of units) {
    const scaled = Math.round((abs / size) * 10) / 10;
    if (scaled < 1000 || unit === "B") return `${sign}${scaled.toFixed(1)}${unit}`;
  }
  return `${sign}${whole}`;
}
