import type { Db } from "../../db/schema.ts";

export interface Entry {
  userId: string;
  username: string;
  entries: number;
  hasBypass: boolean;
  enteredAt: number;
}

export async function countEntries(db: Db, giveawayId: number): Promise<number> {
  const row = await db
    .selectFrom("giveaway_entries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("giveaway_id", "=", giveawayId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores an entry; false when this member had entered already. */
export async function insertEntry(db: Db, giveawayId: number, entry: Entry): Promise<boolean> {
  const result = await db
    .insertInto("giveaway_entries")
    .values({
      giveaway_id: giveawayId,
      user_id: entry.userId,
      username: entry.username,
      entries: entry.entries,
      has_bypass: entry.hasBypass ? 1 : 0,
      entered_at: entry.enteredAt,
    })
    .onConflict((oc) => oc.columns(["giveaway_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Stores several members' entries in one statement; answers the members whose entry was stored
 * (the others had entered already). Each member at most once in `entries`.
 */
export async function insertEntries(db: Db, giveawayId: number, entries: Entry[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const rows = await db
    .insertInto("giveaway_entries")
    .values(
      entries.map((entry) => ({
        giveaway_id: giveawayId,
        user_id: entry.userId,
        username: entry.username,
        entries: entry.entries,
        has_bypass: entry.hasBypass ? 1 : 0,
        entered_at: entry.enteredAt,
      })),
    )
    .onConflict((oc) => oc.columns(["giveaway_id", "user_id"]).doNothing())
    .returning("user_id")
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export async function deleteEntry(db: Db, giveawayId: number, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("giveaway_entries")
    .where("giveaway_id", "=", giveawayId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Entrants in the order they entered. */
export async function listEntries(
  db: Db,
  giveawayId: number,
  page: { limit: number; offset: number },
): Promise<Entry[]> {
  const rows = await db
    .selectFrom("giveaway_entries")
    .selectAll()
    .where("giveaway_id", "=", giveawayId)
    .orderBy("entered_at")
    .orderBy("user_id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    username: row.username,
    entries: row.entries,
    hasBypass: row.has_bypass === 1,
    enteredAt: Number(row.entered_at),
  }));
}

/** Everyone in the draw, with their tickets; all of it, because a draw needs the whole pool. */
export async function loadDrawPool(
  db: Db,
  giveawayId: number,
): Promise<{ id: string; username: string; entries: number }[]> {
  const rows = await db
    .selectFrom("giveaway_entries")
    .select(["user_id", "username", "entries"])
    .where("giveaway_id", "=", giveawayId)
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({ id: row.user_id, username: row.username, entries: row.entries }));
}
