import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

type BoardRow = Database["boards"];

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

const flag = (value: boolean) => (value ? 1 : 0);

/** What a new board is given; the rest (id, enabled, times) the store sets. */
export type BoardInput = Pick<
  Board,
  | "serverId"
  | "name"
  | "emojiKey"
  | "emojiMarkup"
  | "channelId"
  | "type"
  | "minReactions"
  | "allowSelf"
  | "allowBots"
  | "removeBelow"
  | "createdBy"
>;

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
