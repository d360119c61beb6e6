import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

type Row = Database["sticky_messages"];

export interface Sticky {
  id: number;
  serverId: string;
  channelId: string;
  message: string;
  triggerCount: number;
  messageCount: number;
  lastMessageId: string | null;
  enabled: boolean;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

function toSticky(row: Selectable<Row>): Sticky {
  return {
    id: row.id,
    serverId: row.server_id,
    channelId: row.channel_id,
    message: row.message,
    triggerCount: row.trigger_count,
    messageCount: row.message_count,
    lastMessageId: row.last_message_id,
    enabled: row.enabled === 1,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Sets the channel's sticky, replacing the one it had (its posted copy id is answered to delete). */
export async function upsertSticky(
  db: Db,
  input: { serverId: string; channelId: string; message: string; triggerCount: number; createdBy: string },
  now: number,
): Promise<{ sticky: Sticky; replaced: Sticky | null }> {
  const replaced = await findSticky(db, input.channelId);
  if (replaced) {
    const row = await db
      .updateTable("sticky_messages")
      .set({
        server_id: input.serverId,
        message: input.message,
        trigger_count: input.triggerCount,
        message_count: 0,
        last_message_id: null,
        enabled: 1,
        created_by: input.createdBy,
        updated_at: now,
      })
      .where("channel_id", "=", input.channelId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { sticky: toSticky(row), replaced };
  }
  const row = await db
    .insertInto("sticky_messages")
    .values({
      server_id: input.serverId,
      channel_id: input.channelId,
      message: input.message,
      trigger_count: input.triggerCount,
      message_count: 0,
      last_message_id: null,
      enabled: 1,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { sticky: toSticky(row), replaced: null };
}

export async function findSticky(db: Db, channelId: string): Promise<Sticky | null> {
  const row = await db
    .selectFrom("sticky_messages")
    .selectAll()
    .where("channel_id", "=", channelId)
    .executeTakeFirst();
  return row ? toSticky(row) : null;
}

export async function listStickies(db: Db, serverId: string): Promise<Sticky[]> {
  const rows = await db
    .selectFrom("sticky_messages")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toSticky);
}

/** Deletes the server's sticky of a channel; answers it, or null when there was none. */
export async function deleteSticky(db: Db, serverId: string, channelId: string): Promise<Sticky | null> {
  const row = await db
    .deleteFrom("sticky_messages")
    .where("server_id", "=", serverId)
    .where("channel_id", "=", channelId)
    .returningAll()
    .executeTakeFirst();
  return row ? toSticky(row) : null;
}

/** Counts messages in the channel; answers the new count and the trigger, or null without a sticky. */
export async function countMessage(
  db: Db,
  channelId: string,
  count = 1,
): Promise<{ messageCount: number; triggerCount: number } | null> {
  const row = await db
    .updateTable("sticky_messages")
    .set((eb) => ({ message_count: eb("message_count", "+", count) }))
    .where("channel_id", "=", channelId)
    .where("enabled", "=", 1)
    .returning(["message_count", "trigger_count"])
    .executeTakeFirst();
  return row ? { messageCount: row.message_count, triggerCount: row.trigger_count } : null;
}

/**
 * Claims the right to repost: resets the count in the same statement that checks it reached the
 * trigger, so of two processes (or two timers) only one gets the row. Answers the sticky with the
 * copy to replace, or null when it isn't due (or another claimed it first).
 */
export async function claimRepost(db: Db, channelId: string): Promise<Sticky | null> {
  const row = await db
    .updateTable("sticky_messages")
    .set({ message_count: 0 })
    .where("channel_id", "=", channelId)
    .where("enabled", "=", 1)
    .where((eb) => eb("message_count", ">=", eb.ref("trigger_count")))
    .returningAll()
    .executeTakeFirst();
  return row ? toSticky(row) : null;
}

/**
 * Notes the copy now in the channel; false when the sticky was removed or its text replaced
 * meanwhile (the copy posted is then stale and should go).
 */
export async function setPostedCopy(
  db: Db,
  posted: Sticky,
  messageId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("sticky_messages")
    .set({ last_message_id: messageId, updated_at: now })
    .where("id", "=", posted.id)
    .where("message", "=", posted.message)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
