import type { ExpressionBuilder } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

// A message's post on the board channel: who may post or edit it (claims on the row), and what it shows.

/** The row has no claim, or only one older than `staleMs` (its process died mid-post). */
const unclaimed = (now: number, staleMs: number) => (eb: ExpressionBuilder<Database, "board_messages">) =>
  eb.or([eb("posting_at", "is", null), eb("posting_at", "<", now - staleMs)]);

/**
 * Claims the right to post the message: one conditional update, so of any number of callers (in
 * any process) exactly one sees a changed row. A claim older than `staleMs` (its process died
 * mid-post) can be taken over.
 */
export async function claimPost(db: Db, id: number, now: number, staleMs: number): Promise<boolean> {
  const result = await db
    .updateTable("board_messages")
    .set({ posting_at: now })
    .where("id", "=", id)
    .where("post_message_id", "is", null)
    .where("dismissed", "=", 0)
    .where("original_deleted", "=", 0)
    .where(unclaimed(now, staleMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the right to edit the message's post, like `claimPost`: editors (in any process) take
 * turns, so the last edit to land always shows the latest count.
 */
export async function claimEdit(
  db: Db,
  id: number,
  postMessageId: string,
  now: number,
  staleMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable("board_messages")
    .set({ posting_at: now })
    .where("id", "=", id)
    .where("post_message_id", "=", postMessageId)
    .where(unclaimed(now, staleMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes the post made under a claim; false when the claim was lost meanwhile (the post must go). */
export async function setPost(
  db: Db,
  id: number,
  claimedAt: number,
  post: { channelId: string; messageId: string; count: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("board_messages")
    .set({
      post_channel_id: post.channelId,
      post_message_id: post.messageId,
      posted_count: post.count,
      posted_at: now,
      posting_at: null,
      updated_at: now,
    })
    .where("id", "=", id)
    .where("posting_at", "=", claimedAt)
    .where("post_message_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseClaim(db: Db, id: number, claimedAt: number): Promise<void> {
  await db
    .updateTable("board_messages")
    .set({ posting_at: null })
    .where("id", "=", id)
    .where("posting_at", "=", claimedAt)
    .execute();
}

export async function setPostedCount(db: Db, id: number, postMessageId: string, count: number) {
  await db
    .updateTable("board_messages")
    .set({ posted_count: count })
    .where("id", "=", id)
    .where("post_message_id", "=", postMessageId)
    .execute();
}

/**
 * Takes the post off the row (the caller then deletes it on Discord); false when another caller
 * took it first. `dismissed` keeps the message off the board for good.
 */
export async function takePost(
  db: Db,
  id: number,
  postMessageId: string,
  now: number,
  changes: { dismissed?: boolean; originalDeleted?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("board_messages")
    .set({
      post_channel_id: null,
      post_message_id: null,
      posted_count: 0,
      updated_at: now,
      ...(changes.dismissed ? { dismissed: 1 } : {}),
      ...(changes.originalDeleted ? { original_deleted: 1 } : {}),
    })
    .where("id", "=", id)
    .where("post_message_id", "=", postMessageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The board channel went away with the board's posts in it: they can be posted again elsewhere. */
export async function forgetChannelPosts(db: Db, boardId: number, channelId: string): Promise<void> {
  await db
    .updateTable("board_messages")
    .set({ post_channel_id: null, post_message_id: null, posted_count: 0 })
    .where("board_id", "=", boardId)
    .where("post_channel_id", "=", channelId)
    .execute();
}
