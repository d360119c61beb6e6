import type { Insertable, Kysely } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { type BoardMessage, toMessage } from "./board-message.ts";
import { insertReactors } from "./reactor-store.ts";

// The messages boards know: the original's facts, as stored the first time a board saw it.

type MessageRow = Database["board_messages"];

const flag = (value: boolean) => (value ? 1 : 0);

export type MessageFacts = Pick<
  BoardMessage,
  | "serverId"
  | "channelId"
  | "messageId"
  | "authorId"
  | "authorName"
  | "authorAvatar"
  | "authorBot"
  | "content"
  | "imageUrl"
  | "sourceNsfw"
  | "messageCreatedAt"
>;

export async function findMessage(db: Db, boardId: number, messageId: string): Promise<BoardMessage | null> {
  const row = await db
    .selectFrom("board_messages")
    .selectAll()
    .where("board_id", "=", boardId)
    .where("message_id", "=", messageId)
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}

export async function findMessageById(db: Db, id: number): Promise<BoardMessage | null> {
  const row = await db.selectFrom("board_messages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

/**
 * Stores a message the first time a board sees it, with its reactors as Discord lists them. When
 * another caller stored it first, nothing changes and the stored row is answered.
 */
export async function insertMessage(
  db: Kysely<Database>,
  boardId: number,
  facts: MessageFacts,
  seed: { emojiKey: string; userIds: string[] },
  now: number,
): Promise<BoardMessage> {
  return db.transaction().execute(async (trx) => {
    const values: Insertable<MessageRow> = {
      board_id: boardId,
      server_id: facts.serverId,
      channel_id: facts.channelId,
      message_id: facts.messageId,
      author_id: facts.authorId,
      author_name: facts.authorName,
      author_avatar: facts.authorAvatar,
      author_bot: flag(facts.authorBot),
      content: facts.content,
      image_url: facts.imageUrl,
      source_nsfw: flag(facts.sourceNsfw),
      message_created_at: facts.messageCreatedAt,
      seeded_key: seed.emojiKey,
      reaction_count: 0,
      posted_count: 0,
      dismissed: 0,
      original_deleted: 0,
      created_at: now,
      updated_at: now,
    };
    const inserted = await trx
      .insertInto("board_messages")
      .values(values)
      .onConflict((oc) => oc.columns(["board_id", "message_id"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) await insertReactors(trx, boardId, facts.messageId, seed.userIds, now);
    const row =
      inserted ??
      (await trx
        .selectFrom("board_messages")
        .selectAll()
        .where("board_id", "=", boardId)
        .where("message_id", "=", facts.messageId)
        .executeTakeFirstOrThrow());
    return toMessage(row);
  });
}

/** Rows of a server's message on every board. */
export async function rowsOfMessage(db: Db, serverId: string, messageId: string): Promise<BoardMessage[]> {
  const rows = await db
    .selectFrom("board_messages")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("message_id", "=", messageId)
    .orderBy("board_id")
    .execute();
  return rows.map(toMessage);
}

/** The rows whose board post is this message. */
export async function rowsOfPost(db: Db, postMessageId: string): Promise<BoardMessage[]> {
  const rows = await db
    .selectFrom("board_messages")
    .selectAll()
    .where("post_message_id", "=", postMessageId)
    .execute();
  return rows.map(toMessage);
}

/** Rows of messages from one channel (a deleted source channel). */
export async function rowsOfChannel(db: Db, serverId: string, channelId: string): Promise<BoardMessage[]> {
  const rows = await db
    .selectFrom("board_messages")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("channel_id", "=", channelId)
    .execute();
  return rows.map(toMessage);
}

/** The original was edited: its new text and image. */
export async function setMessageFacts(
  db: Db,
  id: number,
  facts: Pick<BoardMessage, "content" | "imageUrl">,
  now: number,
): Promise<void> {
  await db
    .updateTable("board_messages")
    .set({ content: facts.content, image_url: facts.imageUrl, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function markOriginalDeleted(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable("board_messages")
    .set({ original_deleted: 1, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** Forgets a stored message and its reactors. */
export async function deleteMessageRow(db: Kysely<Database>, row: BoardMessage): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("board_reactors")
      .where("board_id", "=", row.boardId)
      .where("message_id", "=", row.messageId)
      .execute();
    await trx.deleteFrom("board_messages").where("id", "=", row.id).execute();
  });
}

/** A board's rows that cleanup looks at: those with a post, and originals known to be deleted. */
export async function rowsToCheck(db: Db, boardId: number): Promise<BoardMessage[]> {
  const rows = await db
    .selectFrom("board_messages")
    .selectAll()
    .where("board_id", "=", boardId)
    .where((eb) => eb.or([eb("post_message_id", "is not", null), eb("original_deleted", "=", 1)]))
    .orderBy("id")
    .execute();
  return rows.map(toMessage);
}
