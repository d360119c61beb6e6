import type { Kysely, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export interface Responder {
  id: number;
  userId: string;
  trigger: string;
  response: string | null;
  embed: { title?: string; description?: string; color?: number } | null;
  createdAt: number;
}

export interface AfkNote {
  userId: string;
  message: string;
  since: number;
}

export interface AfkMention {
  authorId: string;
  channelId: string;
  messageId: string;
  at: number;
}

function toResponder(row: Selectable<Database["perk_responders"]>): Responder {
  return {
    id: row.id,
    userId: row.user_id,
    trigger: row.trigger,
    response: row.response,
    embed: row.embed === null ? null : (JSON.parse(row.embed) as Responder["embed"]),
    createdAt: Number(row.created_at),
  };
}

/** Every keyword of the server by member, for the highlight index. */
export async function listKeywords(db: Db, serverId: string): Promise<{ userId: string; keyword: string }[]> {
  const rows = await db
    .selectFrom("perk_keywords")
    .select(["user_id", "keyword"])
    .where("server_id", "=", serverId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ userId: row.user_id, keyword: row.keyword }));
}

export async function memberKeywords(db: Db, serverId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("perk_keywords")
    .select("keyword")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.keyword);
}

/** Replaces the member's keywords with the given (already normalised, distinct) list. */
export async function replaceKeywords(
  db: Kysely<Database>,
  serverId: string,
  userId: string,
  keywords: string[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("perk_keywords")
      .where("server_id", "=", serverId)
      .where("user_id", "=", userId)
      .execute();
    if (keywords.length === 0) return;
    await trx
      .insertInto("perk_keywords")
      .values(keywords.map((keyword) => ({ server_id: serverId, user_id: userId, keyword, created_at: now })))
      .execute();
  });
}

export async function listResponders(db: Db, serverId: string, userId?: string): Promise<Responder[]> {
  let query = db.selectFrom("perk_responders").selectAll().where("server_id", "=", serverId);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  return rows.map(toResponder);
}

export async function insertResponder(
  db: Db,
  input: { serverId: string; userId: string; trigger: string } & Pick<Responder, "response" | "embed">,
  now: number,
): Promise<Responder> {
  const row = await db
    .insertInto("perk_responders")
    .values({
      server_id: input.serverId,
      user_id: input.userId,
      trigger: input.trigger,
      trigger_key: input.trigger.toLowerCase(),
      response: input.response,
      embed: input.embed === null ? null : JSON.stringify(input.embed),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toResponder(row);
}

export async function findResponderByTrigger(
  db: Db,
  serverId: string,
  userId: string,
  trigger: string,
): Promise<Responder | null> {
  const row = await db
    .selectFrom("perk_responders")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .where("trigger_key", "=", trigger.toLowerCase())
    .executeTakeFirst();
  return row ? toResponder(row) : null;
}

export async function deleteResponders(db: Db, serverId: string, userId: string, ids: number[]) {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom("perk_responders")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listAfk(db: Db, serverId: string): Promise<AfkNote[]> {
  const rows = await db.selectFrom("perk_afk").selectAll().where("server_id", "=", serverId).execute();
  return rows.map((row) => ({ userId: row.user_id, message: row.message, since: Number(row.since) }));
}

/** Sets the member's AFK note, starting afresh (mentions of an earlier AFK spell are forgotten). */
export async function setAfk(db: Kysely<Database>, serverId: string, note: AfkNote): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("perk_afk_mentions")
      .where("server_id", "=", serverId)
      .where("user_id", "=", note.userId)
      .execute();
    await trx
      .insertInto("perk_afk")
      .values({ server_id: serverId, user_id: note.userId, message: note.message, since: note.since })
      .onConflict((oc) =>
        oc.columns(["server_id", "user_id"]).doUpdateSet({ message: note.message, since: note.since }),
      )
      .execute();
  });
}

/**
 * Clears the member's AFK note and answers it with the mentions recorded meanwhile, or null when
 * they weren't AFK. The delete is the claim: of two messages racing, only one gets the note.
 */
export async function clearAfk(
  db: Kysely<Database>,
  serverId: string,
  userId: string,
): Promise<{ note: AfkNote; mentions: AfkMention[] } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("perk_afk")
      .where("server_id", "=", serverId)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const mentions = await trx
      .deleteFrom("perk_afk_mentions")
      .where("server_id", "=", serverId)
      .where("user_id", "=", userId)
      .returningAll()
      .execute();
    return {
      note: { userId, message: row.message, since: Number(row.since) },
      mentions: mentions
        .map((m) => ({
          authorId: m.author_id,
          channelId: m.channel_id,
          messageId: m.message_id,
          at: Number(m.at),
        }))
        .sort((a, b) => a.at - b.at),
    };
  });
}

export async function addMention(
  db: Db,
  serverId: string,
  userId: string,
  mention: AfkMention,
): Promise<void> {
  await db
    .insertInto("perk_afk_mentions")
    .values({
      server_id: serverId,
      user_id: userId,
      author_id: mention.authorId,
      channel_id: mention.channelId,
      message_id: mention.messageId,
      at: mention.at,
    })
    .execute();
}
