import type { ServerTrigger, TriggerMatchMode, TriggerReplyType } from "@hearth/core";
import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

type Row = Selectable<Database["server_triggers"]>;

export type StoredTrigger = ServerTrigger & { serverId: string };

function toTrigger(row: Row): StoredTrigger {
  return {
    id: row.id,
    serverId: row.server_id,
    keyword: row.keyword,
    match: row.match_mode as TriggerMatchMode,
    replyType: row.reply_type as TriggerReplyType,
    response: row.response,
    embedTitle: row.embed_title,
    staff: row.staff === 1,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The server's triggers, oldest first (the order matching tries them in). */
export async function listTriggers(db: Db, serverId: string): Promise<StoredTrigger[]> {
  const rows = await db
    .selectFrom("server_triggers")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("id")
    .execute();
  return rows.map(toTrigger);
}

export async function findTriggerByKey(db: Db, serverId: string, key: string): Promise<StoredTrigger | null> {
  const row = await db
    .selectFrom("server_triggers")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("keyword_key", "=", key)
    .executeTakeFirst();
  return row ? toTrigger(row) : null;
}

export async function findTriggerById(db: Db, serverId: string, id: number): Promise<StoredTrigger | null> {
  const row = await db
    .selectFrom("server_triggers")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTrigger(row) : null;
}

export async function countTriggers(db: Db, serverId: string, memberId?: string): Promise<number> {
  let query = db
    .selectFrom("server_triggers")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("server_id", "=", serverId);
  if (memberId !== undefined) query = query.where("created_by", "=", memberId).where("staff", "=", 0);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export interface TriggerValues {
  keyword: string;
  keywordKey: string;
  match: TriggerMatchMode;
  replyType: TriggerReplyType;
  response: string;
  embedTitle: string | null;
}

export async function insertTrigger(
  db: Db,
  serverId: string,
  values: TriggerValues & { staff: boolean; createdBy: string },
  now: number,
): Promise<StoredTrigger> {
  const row = await db
    .insertInto("server_triggers")
    .values({
      server_id: serverId,
      keyword: values.keyword,
      keyword_key: values.keywordKey,
      match_mode: values.match,
      reply_type: values.replyType,
      response: values.response,
      embed_title: values.embedTitle,
      staff: Number(values.staff),
      created_by: values.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrigger(row);
}

export async function updateTrigger(
  db: Db,
  serverId: string,
  id: number,
  values: TriggerValues,
  now: number,
): Promise<StoredTrigger> {
  const row = await db
    .updateTable("server_triggers")
    .set({
      keyword: values.keyword,
      keyword_key: values.keywordKey,
      match_mode: values.match,
      reply_type: values.replyType,
      response: values.response,
      embed_title: values.embedTitle,
      updated_at: now,
    })
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrigger(row);
}

export async function deleteTrigger(db: Db, serverId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("server_triggers")
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
