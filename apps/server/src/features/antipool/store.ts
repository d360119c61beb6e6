import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export type PoolEventKind = "giveaway" | "lottery" | "raffle";
export type BlockReason = "recent_win" | "joined_after";

export interface PoolWin {
  userId: string;
  kind: PoolEventKind;
  eventId: string;
  label: string;
  wonAt: number;
  approvedBy: string | null;
}

export interface PoolBlock {
  id: number;
  serverId: string;
  userId: string;
  kind: PoolEventKind;
  eventId: string;
  label: string;
  channelId: string;
  reason: BlockReason;
  detail: Record<string, unknown>;
  status: "pending" | "approved";
  notified: "dm" | "log" | "none" | null;
  createdAt: number;
  decidedBy: string | null;
  decidedAt: number | null;
}

const toBlock = (row: Selectable<Database["antipool_blocks"]>): PoolBlock => ({
  id: row.id,
  serverId: row.server_id,
  userId: row.user_id,
  kind: row.event_kind as PoolEventKind,
  eventId: row.event_id,
  label: row.event_label,
  channelId: row.channel_id,
  reason: row.reason as BlockReason,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
  status: row.status as PoolBlock["status"],
  notified: row.notified as PoolBlock["notified"],
  createdAt: Number(row.created_at),
  decidedBy: row.decided_by,
  decidedAt: row.decided_at === null ? null : Number(row.decided_at),
});

/** The member's latest win in the server since `since`, other than this event's. */
export async function latestWinSince(
  db: Db,
  serverId: string,
  userId: string,
  since: number,
  except: { kind: PoolEventKind; eventId: string },
): Promise<PoolWin | null> {
  const row = await db
    .selectFrom("antipool_wins")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .where("won_at", ">=", since)
    .where((eb) => eb.or([eb("event_kind", "!=", except.kind), eb("event_id", "!=", except.eventId)]))
    .orderBy("won_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        userId: row.user_id,
        kind: row.event_kind as PoolEventKind,
        eventId: row.event_id,
        label: row.event_label,
        wonAt: Number(row.won_at),
        approvedBy: row.approved_by,
      }
    : null;
}

export async function insertWin(db: Db, serverId: string, win: PoolWin): Promise<void> {
  await db
    .insertInto("antipool_wins")
    .values({
      server_id: serverId,
      user_id: win.userId,
      event_kind: win.kind,
      event_id: win.eventId,
      event_label: win.label,
      won_at: win.wonAt,
      approved_by: win.approvedBy,
    })
    .onConflict((oc) => oc.columns(["server_id", "event_kind", "event_id", "user_id"]).doNothing())
    .execute();
}

/** Records a block once per member per event; answers the stored block (new or earlier). */
export async function insertBlock(
  db: Db,
  block: Omit<PoolBlock, "id" | "status" | "notified" | "decidedBy" | "decidedAt">,
): Promise<{ block: PoolBlock; created: boolean }> {
  const inserted = await db
    .insertInto("antipool_blocks")
    .values({
      server_id: block.serverId,
      user_id: block.userId,
      event_kind: block.kind,
      event_id: block.eventId,
      event_label: block.label,
      channel_id: block.channelId,
      reason: block.reason,
      detail: JSON.stringify(block.detail),
      status: "pending",
      notified: null,
      created_at: block.createdAt,
      decided_by: null,
      decided_at: null,
    })
    .onConflict((oc) => oc.columns(["server_id", "event_kind", "event_id", "user_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { block: toBlock(inserted), created: true };
  const existing = await db
    .selectFrom("antipool_blocks")
    .selectAll()
    .where("server_id", "=", block.serverId)
    .where("event_kind", "=", block.kind)
    .where("event_id", "=", block.eventId)
    .where("user_id", "=", block.userId)
    .executeTakeFirstOrThrow();
  return { block: toBlock(existing), created: false };
}

export async function findBlock(db: Db, id: number): Promise<PoolBlock | null> {
  const row = await db.selectFrom("antipool_blocks").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBlock(row) : null;
}

/** The blocks of one event (its blocked members are never drawn again). */
export async function blocksOfEvent(db: Db, serverId: string, kind: PoolEventKind, eventId: string) {
  const rows = await db
    .selectFrom("antipool_blocks")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("event_kind", "=", kind)
    .where("event_id", "=", eventId)
    .execute();
  return rows.map(toBlock);
}

export async function listPending(db: Db, serverId: string, limit = 25): Promise<PoolBlock[]> {
  const rows = await db
    .selectFrom("antipool_blocks")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "=", "pending")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toBlock);
}

export async function setNotified(db: Db, id: number, notified: "dm" | "log" | "none"): Promise<void> {
  await db.updateTable("antipool_blocks").set({ notified }).where("id", "=", id).execute();
}

/** Approves a pending block; false when it was decided already. */
export async function approve(db: Db, id: number, by: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("antipool_blocks")
    .set({ status: "approved", decided_by: by, decided_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
