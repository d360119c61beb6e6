import type { AppContext } from "../../context.ts";
import { isDiscordFailure } from "../../discord/port/display-lookups.ts";
import type { ReactionEvent } from "../../discord/port/events.ts";
import type { ReactionEmoji } from "../../discord/port/port.ts";
import type { BoardMessage } from "./board-message.ts";
import { boardsChanged, serverBoards } from "./cache.ts";
import { sameEmoji } from "./match.ts";
import * as messageStore from "./message-store.ts";
import { messageImage, messageText } from "./post.ts";
import * as postStore from "./post-store.ts";
import * as reactorStore from "./reactor-store.ts";
import * as store from "./store.ts";
import { deleteQuietly, ensureRow, syncMessage } from "./sync.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Runs tasks one at a time per key (in this process), in the order they were asked for. */
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
  private readonly syncs = new Map<string, { dirty: boolean; refresh: boolean; done: Promise<void> }>();
  private readonly botIds = new Map<string, string | null>();

  constructor(private readonly deps: Deps) {}

  /**
   * Syncs a message's post; joins a sync already running for it (which then runs once more).
   * `refresh` rewrites the post's text even when the count didn't move.
   */
  sync(boardId: number, messageId: string, refresh = false): Promise<void> {
    const key = `${boardId}:${messageId}`;
    const running = this.syncs.get(key);
    if (running) {
      running.dirty = true;
      running.refresh ||= refresh;
      return running.done;
    }
    const entry = { dirty: true, refresh, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        while (entry.dirty) {
          entry.dirty = false;
          const refreshing = entry.refresh;
          entry.refresh = false;
          await syncMessage(this.deps, boardId, messageId, refreshing);
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
      // A lookup Discord fails is not remembered: the next reaction asks again.
      const bot = await this.deps.discord.getBotMember(guildId).then(
        (member) => ({ id: member?.user.id ?? null }),
        (error: unknown) => {
          if (isDiscordFailure(error)) return null;
          throw error;
        },
      );
      if (!bot) return null;
      this.botIds.set(guildId, bot.id);
    }
    return this.botIds.get(guildId) ?? null;
  }

  /**
   * A reaction came or went. The reactor rows are written under the message's lock, taken before
   * anything is awaited, so one message's events apply in the order Discord sent them (a member's
   * quick add-then-remove never ends with the add); the posts are synced afterwards, coalesced.
   */
  async onReaction(event: ReactionEvent, removed: boolean): Promise<void> {
    const changed = await this.locks.run(event.messageId, () => this.storeReaction(event, removed));
    await Promise.all(changed.map((boardId) => this.sync(boardId, event.messageId)));
  }

  /** Stores a reaction on every board of its emoji; answers the boards whose count may have moved. */
  private async storeReaction(event: ReactionEvent, removed: boolean): Promise<number[]> {
    const db = this.deps.storage.db;
    // Reactions in a board's own channel never count on that board.
    const boards = (await serverBoards(this.deps.storage, event.guildId)).filter(
      (board) =>
        board.enabled && sameEmoji(board.emojiKey, event.emoji) && board.channelId !== event.channelId,
    );
    if (boards.length === 0) return [];
    if (event.userId === (await this.botId(event.guildId))) return [];
    // Reactions on board posts never count, on any board.
    if ((await messageStore.rowsOfPost(db, event.messageId)).length > 0) return [];
    const changed: number[] = [];
    for (const board of boards) {
      if (removed) {
        const row = await messageStore.findMessage(db, board.id, event.messageId);
        if (!row) continue;
        if (row.seededKey !== board.emojiKey) {
          await ensureRow(this.deps, board, event.channelId, event.messageId, event.emoji);
        }
        await reactorStore.removeReactor(db, board.id, event.messageId, event.userId);
      } else {
        const row = await ensureRow(this.deps, board, event.channelId, event.messageId, event.emoji);
        if (!row) continue;
        await reactorStore.addReactor(db, board.id, event.messageId, event.userId, Date.now());
      }
      changed.push(board.id);
    }
    return changed;
  }

  /** All reactions (or all of one emoji) were cleared from a message. */
  async onReactionClear(event: {
    guildId: string;
    messageId: string;
    emoji: ReactionEmoji | null;
  }): Promise<void> {
    const db = this.deps.storage.db;
    const cleared = await this.locks.run(event.messageId, async () => {
      const boardIds: number[] = [];
      for (const row of await messageStore.rowsOfMessage(db, event.guildId, event.messageId)) {
        const board = await store.findBoard(db, row.boardId);
        if (!board || (event.emoji && !sameEmoji(board.emojiKey, event.emoji))) continue;
        await reactorStore.clearReactors(db, board.id, row.messageId);
        boardIds.push(board.id);
      }
      return boardIds;
    });
    await Promise.all(cleared.map((boardId) => this.sync(boardId, event.messageId)));
  }

  /**
   * A message was deleted. A board post deleted by someone keeps its message off that board for
   * good; a deleted original takes its board posts with it (and is forgotten).
   */
  async onMessageDelete(event: { guildId: string | null; messageId: string }): Promise<void> {
    if (!event.guildId) return;
    const db = this.deps.storage.db;
    for (const row of await messageStore.rowsOfPost(db, event.messageId)) {
      await postStore.takePost(db, row.id, event.messageId, Date.now(), { dismissed: true });
    }
    for (const row of await messageStore.rowsOfMessage(db, event.guildId, event.messageId)) {
      await this.forgetOriginal(row);
    }
  }

  /** The original was edited: the boards keep its new text and image, and its posts show them. */
  async onMessageUpdate(event: { guildId: string | null; channelId: string; messageId: string }) {
    if (!event.guildId) return;
    // A server without boards has no message on one: nothing to read.
    if ((await serverBoards(this.deps.storage, event.guildId)).length === 0) return;
    const db = this.deps.storage.db;
    const rows = await messageStore.rowsOfMessage(db, event.guildId, event.messageId);
    if (rows.length === 0) return;
    // Discord failing the read leaves the stored text as it was; the next edit brings it in line.
    const message = await this.deps.discord
      .getMessage(event.channelId, event.messageId)
      .catch((error: unknown) => {
        if (isDiscordFailure(error)) return null;
        throw error;
      });
    if (!message) return;
    const facts = { content: messageText(message), imageUrl: messageImage(message) };
    await Promise.all(
      rows.map(async (row) => {
        if (row.content === facts.content && row.imageUrl === facts.imageUrl) return;
        await messageStore.setMessageFacts(db, row.id, facts, Date.now());
        if (row.postMessageId) await this.sync(row.boardId, row.messageId, true);
      }),
    );
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
      boardsChanged(board.serverId);
      // Its posts went with the channel; they can be posted again once the board has a new channel.
      await postStore.forgetChannelPosts(db, board.id, event.channelId);
    }
    for (const row of await messageStore.rowsOfChannel(db, event.guildId, event.channelId)) {
      await this.forgetOriginal(row);
    }
  }

  private async forgetOriginal(row: BoardMessage): Promise<void> {
    await this.locks.run(row.messageId, async () => {
      const db = this.deps.storage.db;
      await messageStore.markOriginalDeleted(db, row.id, Date.now());
      const current = await messageStore.findMessageById(db, row.id);
      if (current?.postMessageId && current.postChannelId) {
        if (
          await postStore.takePost(db, row.id, current.postMessageId, Date.now(), { originalDeleted: true })
        ) {
          await deleteQuietly(this.deps, current.postChannelId, current.postMessageId);
        }
      }
      await messageStore.deleteMessageRow(db, row);
    });
  }
}
