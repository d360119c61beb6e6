import type { Kysely } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import type { DevtoolsTables } from "./tables.ts";

export type BlockKind = "user" | "server";

export interface Block {
  id: string;
  kind: BlockKind;
  reason: string | null;
  blockedBy: string;
  blockedAt: number;
}

export interface Lockdown {
  reason: string | null;
  startedBy: string;
  startedAt: number;
}

const toBlock = (row: DevtoolsTables["dev_blocks"]): Block => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  blockedBy: row.blocked_by,
  blockedAt: Number(row.blocked_at),
});

export async function listBlocks(db: Db): Promise<Block[]> {
  const rows = await db.selectFrom("dev_blocks").selectAll().orderBy("blocked_at").orderBy("id").execute();
  return rows.map(toBlock);
}

export async function findBlock(db: Db, id: string): Promise<Block | null> {
  const row = await db.selectFrom("dev_blocks").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBlock(row) : null;
}

/** Adds or replaces a block (a second ban of the same id updates its reason). */
export async function upsertBlock(db: Db, block: Block): Promise<void> {
  const values = {
    id: block.id,
    kind: block.kind,
    reason: block.reason,
    blocked_by: block.blockedBy,
    blocked_at: block.blockedAt,
  };
  await db
    .insertInto("dev_blocks")
    .values(values)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ kind: block.kind, reason: block.reason, blocked_by: block.blockedBy }),
    )
    .execute();
}

export async function deleteBlock(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("dev_blocks").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findLockdown(db: Db): Promise<Lockdown | null> {
  const row = await db.selectFrom("dev_lockdown").selectAll().where("id", "=", 1).executeTakeFirst();
  return row ? { reason: row.reason, startedBy: row.started_by, startedAt: Number(row.started_at) } : null;
}

export async function saveLockdown(db: Db, lockdown: Lockdown): Promise<void> {
  const values = { reason: lockdown.reason, started_by: lockdown.startedBy, started_at: lockdown.startedAt };
  await db
    .insertInto("dev_lockdown")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

export async function deleteLockdown(db: Db): Promise<boolean> {
  const result = await db.deleteFrom("dev_lockdown").where("id", "=", 1).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface Notice {
  id: number;
  message: string;
  startedBy: string;
  startedAt: number;
  finishedAt: number | null;
}

export type RecipientStatus = DevtoolsTables["dev_notice_recipients"]["status"];

/** A notice and its recipients (each owner once), in one transaction. */
export async function insertNotice(
  db: Kysely<Database>,
  notice: { message: string; startedBy: string; startedAt: number },
  ownerIds: readonly string[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("dev_notices")
      .values({
        message: notice.message,
        started_by: notice.startedBy,
        started_at: notice.startedAt,
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rows = [...new Set(ownerIds)].map((userId) => ({
      notice_id: id,
      user_id: userId,
      status: "pending" as const,
      error: null,
      updated_at: notice.startedAt,
    }));
    // Chunks keep each insert under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto("dev_notice_recipients")
        .values(rows.slice(i, i + 100))
        .execute();
    }
    return id;
  });
}

export async function findNotice(db: Db, id: number): Promise<Notice | null> {
  const row = await db.selectFrom("dev_notices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    message: row.message,
    startedBy: row.started_by,
    startedAt: Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

export async function pendingRecipients(db: Db, noticeId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("dev_notice_recipients")
    .select("user_id")
    .where("notice_id", "=", noticeId)
    .where("status", "=", "pending")
    .orderBy("user_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Moves a recipient on, only from the status it is expected in; answers whether it moved. */
export async function moveRecipient(
  db: Db,
  noticeId: number,
  userId: string,
  from: RecipientStatus,
  to: RecipientStatus,
  error: string | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("dev_notice_recipients")
    .set({ status: to, error, updated_at: now })
    .where("notice_id", "=", noticeId)
    .where("user_id", "=", userId)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Recipients left "sending" by a run that stopped mid-DM: their DM may or may not have gone out, so
 * they are counted failed rather than sent again.
 */
export async function failInterrupted(db: Db, noticeId: number, now: number): Promise<number> {
  const result = await db
    .updateTable("dev_notice_recipients")
    .set({ status: "failed", error: "interrupted by a restart (not sent again)", updated_at: now })
    .where("notice_id", "=", noticeId)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function recipientCounts(db: Db, noticeId: number): Promise<Record<RecipientStatus, number>> {
  const rows = await db
    .selectFrom("dev_notice_recipients")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .where("notice_id", "=", noticeId)
    .groupBy("status")
    .execute();
  const counts: Record<RecipientStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export async function markNoticeFinished(db: Db, noticeId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("dev_notices")
    .set({ finished_at: now })
    .where("id", "=", noticeId)
    .where("finished_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
