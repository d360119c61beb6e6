import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;
type BoardRow = Database["boards"];
type MessageRow = Database["board_messages"];

export type BoardType = "starboard" | "skullboard" | "custom";

export interface Board {
  id: number;
  serverId: string;
  name: string;
  emojiKey: string;
  emojiMarkup: string;
  channelId: string;
  type: BoardType;
  minReactions: number;
  allowSelf: boolean;
  allowBots: boolean;
  removeBelow: boolean;
  enabled: boolean;
  disabledReason: string | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface BoardMessage {
  id: number;
  boardId: number;
  serverId: string;
  channelId: string;
  messageId: string;
  authorId: string;
  authorName: string;
  authorAvatar: string | null;
  authorBot: boolean;
  content: string;
  imageUrl: string | null;
  sourceNsfw: boolean;
  messageCreatedAt: number;
  seededKey: string;
  reactionCount: number;
  postChannelId: string | null;
  postMessageId: string | null;
  postedCount: number;
  postedAt: number | null;
  postingAt: number | null;
  dismissed: boolean;
  originalDeleted: boolean;
  createdAt: number;
  updatedAt: number;
}

const toBoard = (row: Selectable<BoardRow>): Board => ({
  id: row.id,
  serverId: row.server_id,
  name: row.name,
  emojiKey: row.emoji_key,
  emojiMarkup: row.emoji_markup,
  channelId: row.channel_id,
  type: row.type as BoardType,
  minReactions: row.min_reactions,
  allowSelf: row.allow_self === 1,
  allowBots: row.allow_bots === 1,
  removeBelow: row.remove_below === 1,
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  createdBy: row.created_by,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const toMessage = (row: Selectable<MessageRow>): BoardMessage => ({
  id: row.id,
  boardId: row.board_id,
  serverId: row.server_id,
  channelId: row.channel_id,
  messageId: row.message_id,
  authorId: row.author_id,
  authorName: row.author_name,
  authorAvatar: row.author_avatar,
  authorBot: row.author_bot === 1,
  content: row.content,
  imageUrl: row.image_url,
  sourceNsfw: row.source_nsfw === 1,
  messageCreatedAt: Number(row.message_created_at),
  seededKey: row.seeded_key,
  reactionCount: row.reaction_count,
  postChannelId: row.post_channel_id,
  postMessageId: row.post_message_id,
  postedCount: row.posted_count,
  postedAt: row.posted_at === null ? null : Number(row.posted_at),
  postingAt: row.posting_at === null ? null : Number(row.posting_at),
  dismissed: row.dismissed === 1,
  originalDeleted: row.original_deleted === 1,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const flag = (value: boolean) => (value ? 1 : 0);

// ---- boards ---------------------------------------------------------------------------------

export interface BoardInput {
  serverId: string;
  name: string;
  emojiKey: string;
  emojiMarkup: string;
  channelId: string;
  type: BoardType;
  minReactions: number;
  allowSelf: boolean;
  allowBots: boolean;
  removeBelow: boolean;
  createdBy: string | null;
}

export async function insertBoard(db: Db, input: BoardInput, now: number): Promise<Board> {
  const row = await db
    .insertInto("boards")
    .values({
      server_id: input.serverId,
      name: input.name,
      name_key: input.name.toLowerCase(),
      emoji_key: input.emojiKey,
      emoji_markup: input.emojiMarkup,
      channel_id: input.channelId,
      type: input.type,
      min_reactions: input.minReactions,
      allow_self: flag(input.allowSelf),
      allow_bots: flag(input.allowBots),
      remove_below: flag(input.removeBelow),
      enabled: 1,
      disabled_reason: null,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBoard(row);
}

export type BoardChanges = Partial<
  Pick<
    Board,
    | "name"
    | "emojiKey"
    | "emojiMarkup"
    | "channelId"
    | "type"
    | "minReactions"
    | "allowSelf"
    | "allowBots"
    | "removeBelow"
    | "enabled"
    | "disabledReason"
  >
>;

export async function updateBoard(db: Db, id: number, changes: BoardChanges, now: number): Promise<Board> {
  const set: Updateable<BoardRow> = { updated_at: now };
  if (changes.name !== undefined) {
    set.name = changes.name;
    set.name_key = changes.name.toLowerCase();
  }
  if (changes.emojiKey !== undefined) set.emoji_key = changes.emojiKey;
  if (changes.emojiMarkup !== undefined) set.emoji_markup = changes.emojiMarkup;
  if (changes.channelId !== undefined) set.channel_id = changes.channelId;
  if (changes.type !== undefined) set.type = changes.type;
  if (changes.minReactions !== undefined) set.min_reactions = changes.minReactions;
  if (changes.allowSelf !== undefined) set.allow_self = flag(changes.allowSelf);
  if (changes.allowBots !== undefined) set.allow_bots = flag(changes.allowBots);
  if (changes.removeBelow !== undefined) set.remove_below = flag(changes.removeBelow);
  if (changes.enabled !== undefined) set.enabled = flag(changes.enabled);
  if (changes.disabledReason !== undefined) set.disabled_reason = changes.disabledReason;
  const row = await db
    .updateTable("boards")
    .set(set)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBoard(row);
}

export async function findBoard(db: Db, id: number): Promise<Board | null> {
  const row = await db.selectFrom("boards").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBoard(row) : null;
}

/** A server's board by name, case-insensitively. */
export async function findBoardByName(db: Db, serverId: string, name: string): Promise<Board | null> {
  const row = await db
    .selectFrom("boards")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("name_key", "=", name.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toBoard(row) : null;
}

export async function listBoards(db: Db, serverId: string): Promise<Board[]> {
  const rows = await db
    .selectFrom("boards")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toBoard);
}

/** The server's enabled boards (the caller matches emojis: by id, or unicode without variants). */
export async function enabledBoards(db: Db, serverId: string): Promise<Board[]> {
  const rows = await db
    .selectFrom("boards")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("enabled", "=", 1)
    .orderBy("id")
    .execute();
  return rows.map(toBoard);
}

/** Boards posting into a channel (every status). */
export async function boardsInChannel(db: Db, channelId: string): Promise<Board[]> {
  const rows = await db.selectFrom("boards").selectAll().where("channel_id", "=", channelId).execute();
  return rows.map(toBoard);
}

/**
 * Deletes a board with its stored messages and reactors (the foreign keys cascade); answers the
 * posts it had on the board channel, for the caller to delete there.
 */
export async function deleteBoard(
  db: Kysely<Database>,
  id: number,
): Promise<{ board: Board; posts: { channelId: string; messageId: string }[]; messages: number } | null> {
  return db.transaction().execute(async (trx) => {
    const board = await findBoard(trx, id);
    if (!board) return null;
    const rows = await trx
      .selectFrom("board_messages")
      .select(["post_channel_id", "post_message_id"])
      .where("board_id", "=", id)
      .execute();
    await trx.deleteFrom("board_reactors").where("board_id", "=", id).execute();
    await trx.deleteFrom("board_messages").where("board_id", "=", id).execute();
    await trx.deleteFrom("boards").where("id", "=", id).execute();
    const posts = rows.flatMap((row) =>
      row.post_channel_id && row.post_message_id
        ? [{ channelId: row.post_channel_id, messageId: row.post_message_id }]
        : [],
    );
    return { board, posts, messages: rows.length };
  });
}

// ---- messages -------------------------------------------------------------------------------

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

async function insertReactors(db: Db, boardId: number, messageId: string, userIds: string[], now: number) {
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
    .where((eb) => eb.or([eb("posting_at", "is", null), eb("posting_at", "<", now - staleMs)]))
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
    .where((eb) => eb.or([eb("posting_at", "is", null), eb("posting_at", "<", now - staleMs)]))
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

/** The board channel went away with the board's posts in it: they can be posted again elsewhere. */
export async function forgetChannelPosts(db: Db, boardId: number, channelId: string): Promise<void> {
  await db
    .updateTable("board_messages")
    .set({ post_channel_id: null, post_message_id: null, posted_count: 0 })
    .where("board_id", "=", boardId)
    .where("post_channel_id", "=", channelId)
    .execute();
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

// ---- reports --------------------------------------------------------------------------------

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
