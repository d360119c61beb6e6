import { parseDuration } from "@hearth/core";

/** A heist starts at most this far ahead. */
export const maxLeadMs = 30 * 86_400_000;

/**
 * When a heist starts, from what an event manager types: a delay (`30m`, `2h`, `1h30m`, `in 45m`),
 * a Discord timestamp (`<t:1767225600:R>`), Unix seconds, or a UTC date and time
 * (`2026-07-04 20:00`, `2026-07-04T20:00Z`). Answers ms since the epoch, or null.
 */
export function parseHeistTime(input: string, now: number): number | null {
  const text = input.trim().replace(/^in\s+/i, "");
  const delay = parseDuration(text.replace(/\s+/g, ""));
  if (delay !== null) return now + delay;
  const stamp = /^<t:(\d{1,12})(?::[a-zA-Z])?>$/.exec(text)?.[1] ?? /^(\d{9,12})$/.exec(text)?.[1];
  if (stamp) return Number(stamp) * 1000;
  const date = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::\d{2})?\s*(?:z|utc)?$/i.exec(text);
  if (date) {
    const [, y, mo, d, h, mi] = date.map(Number) as number[];
    const at = Date.UTC(y as number, (mo as number) - 1, d, h, mi);
    return Number.isNaN(at) ? null : at;
  }
  return null;
}
