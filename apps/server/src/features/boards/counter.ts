import type { ReactionEvent } from "../../bot/events.ts";
import type { AppContext } from "../../context.ts";
import { cdnUrl, DiscordError, emojiKey, parseEmoji, type ReactionEmoji } from "../../discord/port.ts";
import { defaultAvatarUrl } from "../welcome/render.ts";
import { boardPost, firstImage, messageText } from "./post.ts";
import type { Board, BoardMessage } from "./store.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** A post claim older than this belongs to a process that died mid-post; another may take over. */
const claimStaleMs = 60_000;

/** Why a message is (or isn't) on a board. */
export type Standing =
  | { qualifies: true }
  | {
      qualifies: false;
      reason: "disabled" | "below" | "bot" | "nsfw" | "deleted" | "dismissed" | "channel";
    };

/** The board's emoji as a reaction. */
export function boardEmoji(board: Pick<Board, "emojiKey" | "emojiMarkup">): ReactionEmoji {
  return parseEmoji(board.emojiMarkup) ?? { id: null, name: board.emojiKey };
}

/** Deletes a message, tolerating that it is gone already. */
async function deleteQuietly(deps: Deps, channelId: string, messageId: string): Promise<void> {
  try {
    await deps.discord.deleteMessage(channelId, messageId);
  } catch (error) {
    if (
      error instanceof DiscordError &&
      (error.code === "unknown_message" || error.code === "unknown_channel")
    )
      return;
    deps.logger.warn({ err: error, channelId, messageId }, "boards: could not delete a board post");
  }
}

/**
 * The row of a message on a board, reading the message from Discord the first time the board sees
 * it (author, text, first image, whether its channel is age-restricted) and seeding its reactors
 * from Discord's list, so reactions made before the bot saw the message count too. Null when the
 * message is gone.
 */
export async function ensureRow(
  deps: Deps,
  board: Board,
  channelId: string,
  messageId: string,
): Promise<BoardMessage | null> {
  const db = deps.storage.db;
  const existing = await store.findMessage(db, board.id, messageId);
  if (existing && existing.seededKey === board.emojiKey) return existing;
  const emoji = boardEmoji(board);
  if (existing) {
    // The board's emoji changed since: its reactors are those of the new emoji.
    const userIds = await deps.discord.listReactionUsers(channelId, messageId, emoji).catch(() => []);
    await store.reseedReactors(db, existing, { emojiKey: board.emojiKey, userIds }, Date.now());
    return store.findMessage(db, board.id, messageId);
  }
  const message = await deps.discord.getMessage(channelId, messageId);
  if (!message) return null;
  const channel = await deps.discord.getChannel(channelId);
  const userIds = await deps.discord.listReactionUsers(channelId, messageId, emoji);
  const author = message.author;
  return store.insertMessage(
    db,
    board.id,
    {
      serverId: board.serverId,
      channelId,
      messageId,
      authorId: author.id,
      authorName: author.globalName ?? author.username,
      authorAvatar: cdnUrl("avatars", author.id, author.avatar) ?? defaultAvatarUrl(author.id),
      authorBot: author.bot || message.webhookId !== null,
      content: messageText(message),
      imageUrl: firstImage(message.attachments) ?? message.embeds.find((e) => e.image)?.image?.url ?? null,
      sourceNsfw: channel?.nsfw ?? false,
      messageCreatedAt: message.createdAt,
    },
    { emojiKey: board.emojiKey, userIds },
    Date.now(),
  );
}

/** The qualifying reactions of a stored message (the author's own left out unless allowed). */
export function countFor(deps: Pick<Deps, "storage">, board: Board, row: BoardMessage): Promise<number> {
  return store.countReactors(deps.storage.db, board.id, row.messageId, board.allowSelf ? null : row.authorId);
}

/** Whether a message belongs on the board now, and if not, why. */
export async function standingOf(
  deps: Pick<Deps, "discord">,
  board: Board,
  row: BoardMessage,
  count: number,
): Promise<Standing> {
  if (!board.enabled) return { qualifies: false, reason: "disabled" };
  if (row.originalDeleted) return { qualifies: false, reason: "deleted" };
  if (row.dismissed) return { qualifies: false, reason: "dismissed" };
  if (row.authorBot && !board.allowBots) return { qualifies: false, reason: "bot" };
  if (row.sourceNsfw) {
    // An age-restricted message never reaches a board channel that isn't age-restricted too.
    const channel = await deps.discord.getChannel(board.channelId);
    if (!channel) return { qualifies: false, reason: "channel" };
    if (!channel.nsfw) return { qualifies: false, reason: "nsfw" };
  }
  if (count < board.minReactions) return { qualifies: false, reason: "below" };
  return { qualifies: true };
}

/** The board's channel is gone: the board turns itself off and says why in `/boards list`. */
async function disableForChannel(deps: Deps, board: Board, error: unknown): Promise<void> {
  const reason =
    error instanceof DiscordError && error.code === "missing_permissions"
      ? "Hearth can't post in the board channel (missing permissions)"
      : "the board channel no longer exists";
  await store.updateBoard(deps.storage.db, board.id, { enabled: false, disabledReason: reason }, Date.now());
  deps.logger.warn({ err: error, boardId: board.id }, `boards: board disabled: ${reason}`);
}

/**
 * Brings a message's board post in line with its count: posts it once when it reaches the
 * threshold, edits the count as it changes, deletes the post when it falls below (when the board
 * says so) or stops qualifying. The post is made under a database claim, so however many callers
 * (in any process) sync the same message at once, one posts. Counts are re-read after every
 * Discord call, so reactions arriving meanwhile are reflected before this returns.
 */
export async function syncMessage(deps: Deps, boardId: number, messageId: string): Promise<void> {
  const db = deps.storage.db;
  for (let pass = 0; pass < 10; pass++) {
    const board = await store.findBoard(db, boardId);
    const row = board ? await store.findMessage(db, boardId, messageId) : null;
    if (!board || !row) return;
    const count = await countFor(deps, board, row);
    if (count !== row.reactionCount) await store.setCount(db, row.id, count, Date.now());
    const standing = await standingOf(deps, board, row, count);
    if (!standing.qualifies && standing.reason === "disabled") return;

    if (!row.postMessageId || !row.postChannelId) {
      if (!standing.qualifies) return;
      const claimedAt = Date.now();
      if (!(await store.claimPost(db, row.id, claimedAt, claimStaleMs))) return;
      let sentId: string;
      try {
        sentId = (await deps.discord.sendMessage(board.channelId, boardPost(board, row, count))).id;
      } catch (error) {
        await store.releaseClaim(db, row.id, claimedAt);
        if (
          error instanceof DiscordError &&
          (error.code === "unknown_channel" || error.code === "missing_permissions")
        ) {
          await disableForChannel(deps, board, error);
          return;
        }
        throw error;
      }
      const post = { channelId: board.channelId, messageId: sentId, count };
      if (!(await store.setPost(db, row.id, claimedAt, post, Date.now()))) {
        await deleteQuietly(deps, board.channelId, sentId);
        return;
      }
    } else if (standing.qualifies || (standing.reason === "below" && !board.removeBelow)) {
      if (count !== row.postedCount) {
        try {
          await deps.discord.editMessage(row.postChannelId, row.postMessageId, boardPost(board, row, count));
          await store.setPostedCount(db, row.id, row.postMessageId, count);
        } catch (error) {
          if (!(error instanceof DiscordError && error.code === "unknown_message")) throw error;
          // Someone deleted the post: it stays off the board.
          await store.takePost(db, row.id, row.postMessageId, Date.now(), { dismissed: true });
          return;
        }
      }
    } else {
      if (await store.takePost(db, row.id, row.postMessageId, Date.now())) {
        await deleteQuietly(deps, row.postChannelId, row.postMessageId);
      }
    }
    // Reactions that arrived during the Discord calls: another pass when the count moved.
    if ((await countFor(deps, board, row)) === count) return;
  }
}

/** Runs tasks one at a time per key (in this process). */
class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

/**
 * The gateway side of boards: stores reactors as reactions come and go, and syncs posts. Reactor
 * writes of one message are serialised (the first one reads the message from Discord once);
 * syncs of one message are coalesced: a burst of 50 reactions runs a handful of passes, each
 * reading the latest count, and every caller resolves only after a pass that saw its reaction.
 */
export class BoardCounter {
  private readonly locks = new KeyedLock();
  private readonly syncs = new Map<string, { dirty: boolean; done: Promise<void> }>();
  private readonly botIds = new Map<string, string | null>();

  constructor(private readonly deps: Deps) {}

  /** Syncs a message's post; joins a sync already running for it (which then runs once more). */
  sync(boardId: number, messageId: string): Promise<void> {
    const key = `${boardId}:${messageId}`;
    const running = this.syncs.get(key);
    if (running) {
      running.dirty = true;
      return running.done;
    }
    const entry = { dirty: true, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        while (entry.dirty) {
          entry.dirty = false;
          await syncMessage(this.deps, boardId, messageId);
        }
      } finally {
        this.syncs.delete(key);
      }
    })();
    this.syncs.set(key, entry);
    return entry.done;
  }

  private async botId(guildId: string): Promise<string | null> {
    if (!this.botIds.has(guildId)) {
      this.botIds.set(guildId, (await this.deps.discord.getBotMember(guildId))?.user.id ?? null);
    }
    return this.botIds.get(guildId) ?? null;
  }

  async onReaction(event: ReactionEvent, removed: boolean): Promise<void> {
    const db = this.deps.storage.db;
    const boards = await store.boardsForEmoji(db, event.guildId, emojiKey(event.emoji));
    if (boards.length === 0) return;
    if (event.userId === (await this.botId(event.guildId))) return;
    // Reactions on board posts never count, on any board.
    if ((await store.rowsOfPost(db, event.messageId)).length > 0) return;
    await Promise.all(
      boards
        .filter((board) => board.channelId !== event.channelId)
        .map(async (board) => {
          const changed = await this.locks.run(`${board.id}:${event.messageId}`, async () => {
            if (removed) {
              const row = await store.findMessage(db, board.id, event.messageId);
              if (!row) return false;
              if (row.seededKey !== board.emojiKey) {
                await ensureRow(this.deps, board, event.channelId, event.messageId);
              }
              await store.removeReactor(db, board.id, event.messageId, event.userId);
              return true;
            }
            const row = await ensureRow(this.deps, board, event.channelId, event.messageId);
            if (!row) return false;
            await store.addReactor(db, board.id, event.messageId, event.userId, Date.now());
            return true;
          });
          if (changed) await this.sync(board.id, event.messageId);
        }),
    );
  }

  /** All reactions (or all of one emoji) were cleared from a message. */
  async onReactionClear(event: {
    guildId: string;
    messageId: string;
    emoji: ReactionEmoji | null;
  }): Promise<void> {
    const db = this.deps.storage.db;
    const rows = await store.rowsOfMessage(db, event.guildId, event.messageId);
    const key = event.emoji ? emojiKey(event.emoji) : null;
    await Promise.all(
      rows.map(async (row) => {
        const board = await store.findBoard(db, row.boardId);
        if (!board || (key && board.emojiKey !== key)) return;
        await this.locks.run(`${board.id}:${row.messageId}`, () =>
          store.clearReactors(db, board.id, row.messageId),
        );
        await this.sync(board.id, row.messageId);
      }),
    );
  }

  /**
   * A message was deleted. A board post deleted by someone keeps its message off that board for
   * good; a deleted original takes its board posts with it (and is forgotten).
   */
  async onMessageDelete(event: { guildId: string | null; messageId: string }): Promise<void> {
    if (!event.guildId) return;
    const db = this.deps.storage.db;
    for (const row of await store.rowsOfPost(db, event.messageId)) {
      await store.takePost(db, row.id, event.messageId, Date.now(), { dismissed: true });
    }
    for (const row of await store.rowsOfMessage(db, event.guildId, event.messageId)) {
      await this.forgetOriginal(row);
    }
  }

  /** A channel was deleted: boards posting there turn off; messages from it leave every board. */
  async onChannelDelete(event: { guildId: string; channelId: string }): Promise<void> {
    const db = this.deps.storage.db;
    for (const board of await store.boardsInChannel(db, event.channelId)) {
      await store.updateBoard(
        db,
        board.id,
        { enabled: false, disabledReason: "the board channel was deleted" },
        Date.now(),
      );
      // Its posts went with the channel; they can be posted again once the board has a new channel.
      await db
        .updateTable("board_messages")
        .set({ post_channel_id: null, post_message_id: null, posted_count: 0 })
        .where("board_id", "=", board.id)
        .where("post_channel_id", "=", event.channelId)
        .execute();
    }
    for (const row of await store.rowsOfChannel(db, event.guildId, event.channelId)) {
      await this.forgetOriginal(row);
    }
  }

  private async forgetOriginal(row: BoardMessage): Promise<void> {
    await this.locks.run(`${row.boardId}:${row.messageId}`, async () => {
      const db = this.deps.storage.db;
      await store.markOriginalDeleted(db, row.id, Date.now());
      const current = await store.findMessageById(db, row.id);
      if (current?.postMessageId && current.postChannelId) {
        if (await store.takePost(db, row.id, current.postMessageId, Date.now(), { originalDeleted: true })) {
          await deleteQuietly(this.deps, current.postChannelId, current.postMessageId);
        }
      }
      await store.deleteMessageRow(db, row);
    });
  }
}

export { deleteQuietly };
