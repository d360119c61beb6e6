import type { Kysely } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import type { BoardMessage } from "./board-message.ts";

// Who reacted with a board's emoji, one row a member, and the count stored from them.

/** The board's emoji changed since the message's reactors were stored: replaces them. */
export async function reseedReactors(
  db: Kysely<Database>,
  row: BoardMessage,
  seed: { emojiKey: string; userIds: string[] },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("board_messages")
      .set({ seeded_key: seed.emojiKey, updated_at: now })
      .where("id", "=", row.id)
      .where("seeded_key", "=", row.seededKey)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await trx
      .deleteFrom("board_reactors")
      .where("board_id", "=", row.boardId)
      .where("message_id", "=", row.messageId)
      .execute();
    await insertReactors(trx, row.boardId, row.messageId, seed.userIds, now);
  });
}

export async function insertReactors(
  db: Db,
  boardId: number,
  messageId: string,
  userIds: string[],
  now: number,
) {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 200) {
    await db
      .insertInto("board_reactors")
      .values(
        unique.slice(i, i + 200).map((userId) => ({
          board_id: boardId,
          message_id: messageId,
          user_id: userId,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(["board_id", "message_id", "user_id"]).doNothing())
      .execute();
  }
}

/** Counts a member's reaction; a repeat of the same member's reaction changes nothing. */
export async function addReactor(
  db: Db,
  boardId: number,
  messageId: string,
  userId: string,
  now: number,
): Promise<void> {
  await insertReactors(db, boardId, messageId, [userId], now);
}

export async function removeReactor(db: Db, boardId: number, messageId: string, userId: string) {
  await db
    .deleteFrom("board_reactors")
    .where("board_id", "=", boardId)
    .where("message_id", "=", messageId)
    .where("user_id", "=", userId)
    .execute();
}

export async function clearReactors(db: Db, boardId: number, messageId: string) {
  await db
    .deleteFrom("board_reactors")
    .where("board_id", "=", boardId)
    .where("message_id", "=", messageId)
    .execute();
}

/** Members who reacted, leaving out one user (the author, when self-reactions don't count). */
export async function countReactors(
  db: Db,
  boardId: number,
  messageId: string,
  excludeUserId: string | null,
): Promise<number> {
  let query = db
    .selectFrom("board_reactors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("board_id", "=", boardId)
    .where("message_id", "=", messageId);
  if (excludeUserId) query = query.where("user_id", "!=", excludeUserId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function setCount(db: Db, id: number, count: number, now: number): Promise<void> {
  await db
    .updateTable("board_messages")
    .set({ reaction_count: count, updated_at: now })
    .where("id", "=", id)
    .execute();
}
