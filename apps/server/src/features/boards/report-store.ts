import type { Db } from "../../db/schema.ts";
import { type BoardMessage, toMessage } from "./board-message.ts";

// What `/boards stats`, `top` and `recent` read: counts over the stored messages.

export interface BoardStats {
  boardId: number;
  /** Messages on the board now. */
  posted: number;
  /** Messages that ever had a counted reaction. */
  tracked: number;
  /** Reactions counted on the board's messages (its members' reactions, as stored). */
  reactions: number;
  topAuthors: { authorId: string; authorName: string; posts: number }[];
}

export async function boardStats(db: Db, boardId: number): Promise<BoardStats> {
  const totals = await db
    .selectFrom("board_messages")
    .select((eb) => [
      eb.fn.countAll<number>().as("tracked"),
      eb.fn.count<number>("post_message_id").as("posted"),
      eb.fn.coalesce(eb.fn.sum<number>("reaction_count"), eb.lit(0)).as("reactions"),
    ])
    .where("board_id", "=", boardId)
    .executeTakeFirstOrThrow();
  const authors = await db
    .selectFrom("board_messages")
    .select((eb) => [
      "author_id",
      eb.fn.max("author_name").as("author_name"),
      eb.fn.countAll<number>().as("posts"),
    ])
    .where("board_id", "=", boardId)
    .where("post_message_id", "is not", null)
    .groupBy("author_id")
    .orderBy("posts", "desc")
    .orderBy("author_id")
    .limit(3)
    .execute();
  return {
    boardId,
    posted: Number(totals.posted),
    tracked: Number(totals.tracked),
    reactions: Number(totals.reactions),
    topAuthors: authors.map((row) => ({
      authorId: row.author_id,
      authorName: String(row.author_name),
      posts: Number(row.posts),
    })),
  };
}

/** The messages on the boards with the highest counts. */
export async function topMessages(db: Db, boardIds: number[], limit: number): Promise<BoardMessage[]> {
  if (boardIds.length === 0) return [];
  const rows = await db
    .selectFrom("board_messages")
    .selectAll()
    .where("board_id", "in", boardIds)
    .where("post_message_id", "is not", null)
    .orderBy("reaction_count", "desc")
    .orderBy("posted_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

/** The messages posted to the boards since `since`, newest first. */
export async function recentMessages(
  db: Db,
  boardIds: number[],
  since: number,
  limit: number,
): Promise<{ messages: BoardMessage[]; total: number }> {
  if (boardIds.length === 0) return { messages: [], total: 0 };
  const base = db
    .selectFrom("board_messages")
    .where("board_id", "in", boardIds)
    .where("post_message_id", "is not", null)
    .where("posted_at", ">=", since);
  const rows = await base
    .selectAll()
    .orderBy("posted_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return { messages: rows.map(toMessage), total: Number(total.count) };
}
