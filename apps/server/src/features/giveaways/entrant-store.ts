import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Db } from "../../db/schema.ts";

// The managers' entrant list (paged, searched), removals with their reasons, and blocks.

export interface EntrantRow {
  userId: string;
  username: string;
  entries: number;
  hasBypass: boolean;
  enteredAt: number;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The smallest digit string above every string starting with `digits` (null: none, all nines). */
function afterDigits(digits: string): string | null {
  const trimmed = digits.replace(/9+$/, "");
  if (trimmed === "") return null;
  return `${trimmed.slice(0, -1)}${Number(trimmed.at(-1)) + 1}`;
}

/**
 * Username starts with `q` in any case (or, for digits, the user id does); null without a search.
 * Both are ranges of an index (`giveaway_entries_name` on the lower-cased name, the primary key on
 * the id), so a search of a 100,000-entrant giveaway reads its matches, not every entry.
 * PostgreSQL lower-cases any letter; SQLite's lower() only ASCII ones, so the search does the same.
 */
function searchCondition(q: string | undefined, dialect: Dialect) {
  const text = q?.trim();
  if (!text) return null;
  let name: RawBuilder<boolean>;
  if (dialect === "postgres") {
    name = sql<boolean>`lower(username) like ${`${escapeLike(text.toLowerCase())}%`} escape '\\'`;
  } else {
    const key = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    name = sql<boolean>`(lower(username) >= ${key} and lower(username) < ${`${key}\u{10FFFF}`})`;
  }
  if (!/^\d+$/.test(text)) return name;
  const upper = afterDigits(text);
  const id =
    upper === null
      ? sql<boolean>`user_id >= ${text}`
      : sql<boolean>`(user_id >= ${text} and user_id < ${upper})`;
  return sql<boolean>`(${name} or ${id})`;
}

/**
 * A page of entrants in the order they entered, from after `cursor` (the last row's entered_at and
 * user id): a keyset read of the (giveaway_id, entered_at, user_id) index, as fast on page 2,000 as
 * on the first. One more row than asked tells whether a next page exists.
 */
export async function pageEntrants(
  db: Db,
  giveawayId: number,
  options: {
    q?: string | undefined;
    limit: number;
    after?: { enteredAt: number; userId: string } | undefined;
    dialect: Dialect;
  },
): Promise<{ rows: EntrantRow[]; more: boolean }> {
  let query = db
    .selectFrom("giveaway_entries")
    .select(["user_id", "username", "entries", "has_bypass", "entered_at"])
    .where("giveaway_id", "=", giveawayId);
  const search = searchCondition(options.q, options.dialect);
  if (search) query = query.where(search);
  const after = options.after;
  if (after) {
    // A row-value comparison: both databases read it as a range of the (giveaway, time, user) index.
    query = query.where(sql<boolean>`(entered_at, user_id) > (${after.enteredAt}, ${after.userId})`);
  }
  const rows = await query
    .orderBy("entered_at")
    .orderBy("user_id")
    .limit(options.limit + 1)
    .execute();
  return {
    more: rows.length > options.limit,
    rows: rows.slice(0, options.limit).map((row) => ({
      userId: row.user_id,
      username: row.username,
      entries: row.entries,
      hasBypass: row.has_bypass === 1,
      enteredAt: Number(row.entered_at),
    })),
  };
}

/**
 * How many entrants match `q` (all of them without it), counting no further than `cap` (one more
 * tells there are more): an index range of at most `cap` entries, however many entered.
 */
export async function countEntrants(
  db: Db,
  giveawayId: number,
  q: string | undefined,
  cap: number,
  dialect: Dialect,
): Promise<number> {
  let matches = db.selectFrom("giveaway_entries").select("user_id").where("giveaway_id", "=", giveawayId);
  const search = searchCondition(q, dialect);
  if (search) matches = matches.where(search);
  const row = await db
    .selectFrom(matches.limit(cap + 1).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordRemoval(
  db: Db,
  removal: {
    giveawayId: number;
    userId: string;
    reason: string;
    removedBy: string | null;
    removedAt: number;
  },
): Promise<void> {
  await db
    .insertInto("giveaway_entry_removals")
    .values({
      giveaway_id: removal.giveawayId,
      user_id: removal.userId,
      reason: removal.reason,
      removed_by: removal.removedBy,
      removed_at: removal.removedAt,
      notified_at: null,
    })
    .onConflict((oc) =>
      oc.columns(["giveaway_id", "user_id"]).doUpdateSet({
        reason: removal.reason,
        removed_by: removal.removedBy,
        removed_at: removal.removedAt,
        notified_at: null,
      }),
    )
    .execute();
}

export async function listRemovals(db: Db, giveawayId: number, limit: number) {
  const rows = await db
    .selectFrom("giveaway_entry_removals")
    .selectAll()
    .where("giveaway_id", "=", giveawayId)
    .orderBy("removed_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    reason: row.reason,
    removedBy: row.removed_by,
    removedAt: Number(row.removed_at),
  }));
}

export type Refusal = { kind: "blocked" | "removed"; reason: string };

/** Members named in one `in (…)` at most: well under either database's parameter limit. */
const refusalChunk = 1000;

/**
 * Why these members may not enter one giveaway: blocked from the server's giveaways, or removed from
 * this one by a manager (a block wins); members without a refusal are absent. A removal is marked
 * told when it is read here (the member sees it on this press). Two reads for any number of members.
 */
export async function refusalsOf(
  db: Db,
  serverId: string,
  giveawayId: number,
  userIds: string[],
  now: number,
): Promise<Map<string, Refusal>> {
  const refusals = new Map<string, Refusal>();
  const untold: string[] = [];
  for (let start = 0; start < userIds.length; start += refusalChunk) {
    const chunk = userIds.slice(start, start + refusalChunk);
    const [blocks, removals] = await Promise.all([
      db
        .selectFrom("giveaway_blocks")
        .select(["user_id", "reason"])
        .where("server_id", "=", serverId)
        .where("user_id", "in", chunk)
        .execute(),
      db
        .selectFrom("giveaway_entry_removals")
        .select(["user_id", "reason", "notified_at"])
        .where("giveaway_id", "=", giveawayId)
        .where("user_id", "in", chunk)
        .execute(),
    ]);
    for (const block of blocks) refusals.set(block.user_id, { kind: "blocked", reason: block.reason });
    for (const removal of removals) {
      if (refusals.has(removal.user_id)) continue;
      refusals.set(removal.user_id, { kind: "removed", reason: removal.reason });
      if (removal.notified_at === null) untold.push(removal.user_id);
    }
  }
  for (let start = 0; start < untold.length; start += refusalChunk) {
    await db
      .updateTable("giveaway_entry_removals")
      .set({ notified_at: now })
      .where("giveaway_id", "=", giveawayId)
      .where("user_id", "in", untold.slice(start, start + refusalChunk))
      .where("notified_at", "is", null)
      .execute();
  }
  return refusals;
}

export async function listBlocks(db: Db, serverId: string) {
  const rows = await db
    .selectFrom("giveaway_blocks")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at", "desc")
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    reason: row.reason,
    blockedBy: row.blocked_by,
    createdAt: Number(row.created_at),
  }));
}

/** Blocks a member; false when they were blocked already (the reason is updated). */
export async function insertBlock(
  db: Db,
  block: { serverId: string; userId: string; reason: string; blockedBy: string | null; createdAt: number },
): Promise<void> {
  await db
    .insertInto("giveaway_blocks")
    .values({
      server_id: block.serverId,
      user_id: block.userId,
      reason: block.reason,
      blocked_by: block.blockedBy,
      created_at: block.createdAt,
    })
    .onConflict((oc) => oc.columns(["server_id", "user_id"]).doUpdateSet({ reason: block.reason }))
    .execute();
}

export async function deleteBlock(db: Db, serverId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("giveaway_blocks")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * PostgreSQL: removes an entrant of a running giveaway in one statement: the giveaway's row lock
 * (the end, rerolls and entries take it too), the entry's delete and the removal with its reason.
 * Null when nothing was removed (no such running giveaway, or not an entrant).
 */
export async function removeLockedEntry(
  db: Db,
  serverId: string,
  messageId: string,
  removal: { userId: string; reason: string; removedBy: string | null; removedAt: number },
): Promise<{ prize: string } | null> {
  const result = await sql<{ prize: string }>`
    with g as (
      select id, prize from giveaways
      where server_id = ${serverId} and message_id = ${messageId} and status = 'active'
      for update
    ), d as (
      delete from giveaway_entries e using g
      where e.giveaway_id = g.id and e.user_id = ${removal.userId}
      returning e.giveaway_id
    ), r as (
      insert into giveaway_entry_removals (giveaway_id, user_id, reason, removed_by, removed_at, notified_at)
      select giveaway_id, ${removal.userId}, ${removal.reason}, ${removal.removedBy}, ${removal.removedAt}, null
      from d
      on conflict (giveaway_id, user_id) do update set
        reason = excluded.reason, removed_by = excluded.removed_by, removed_at = excluded.removed_at,
        notified_at = null
      returning giveaway_id
    )
    select g.prize from g join r on r.giveaway_id = g.id`.execute(db);
  return result.rows[0] ?? null;
}
