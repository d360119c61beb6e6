import { displayName } from "./display";

/** A winner or participant as the detail page shows it, after the defensive checks of spec §5. */
export interface PersonRow {
  /** Unique within its list, even when a user appears twice (a winner drawn again on a reroll). */
  key: string;
  userId: string;
  name: string;
  entries: number;
  /** Won at (winners) or entered at (participants), ms; null shows 'Unknown date'. */
  at: number | null;
  hasBypass: boolean;
}

function toTime(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return value;
  if (typeof value === "string") {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/**
 * Keeps the rows that can be shown: non-objects are skipped, rows without a userId are skipped
 * with a console warning, missing names become 'User 1234' and missing entries 1.
 */
export function normalisePeople(rows: unknown, timeField: "wonAt" | "timestamp", kind: string): PersonRow[] {
  if (!Array.isArray(rows)) return [];
  const people: PersonRow[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row || typeof row !== "object") continue;
    const record = row as Record<string, unknown>;
    const rawId = record.userId;
    const userId = typeof rawId === "string" ? rawId : typeof rawId === "number" ? String(rawId) : "";
    if (!userId) {
      console.warn(`Skipping a ${kind} without a userId`, row);
      continue;
    }
    const entries = typeof record.entries === "number" && record.entries > 0 ? record.entries : 1;
    const occurrence = seen.get(userId) ?? 0;
    seen.set(userId, occurrence + 1);
    people.push({
      key: occurrence === 0 ? userId : `${userId}#${occurrence}`,
      userId,
      name: displayName(record.username, userId),
      entries,
      at: toTime(record[timeField]),
      hasBypass: record.hasBypass === true,
    });
  }
  return people;
}
