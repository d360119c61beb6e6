import type { AppContext } from "../../context.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { defaultAvatarUrl } from "../../discord/people/template-context.ts";
import { isDiscordFailure } from "../../discord/port/display-lookups.ts";
import { cdnUrl, DiscordError, parseEmoji, type ReactionEmoji } from "../../discord/port/port.ts";
import type { BoardMessage } from "./board-message.ts";
import { boardsChanged } from "./cache.ts";
import { ageRestricted } from "./match.ts";
import * as messageStore from "./message-store.ts";
import { boardPost, messageImage, messageText } from "./post.ts";
import * as postStore from "./post-store.ts";
import * as reactorStore from "./reactor-store.ts";
import type { Board } from "./store.ts";
import * as store from "./store.ts";

// One message on one board: reading it the first time, deciding whether it belongs on the board,
// and bringing its board post in line (post, edit, delete) safely against concurrent callers.

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** A post or edit claim older than this belongs to a process that died holding it; another may take over. */
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
export async function deleteQuietly(deps: Deps, channelId: string, messageId: string): Promise<void> {
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
 * from Discord's list, so reactions made before the bot saw the message count too. `emoji` is the
 * reaction as Discord sent it (its spelling of the emoji is the one its reaction list answers to).
 * Null when the message is gone.
 */
export async function ensureRow(
  deps: Deps,
  board: Board,
  channelId: string,
  messageId: string,
  emoji: ReactionEmoji = boardEmoji(board),
): Promise<BoardMessage | null> {
  const db = deps.storage.db;
  const existing = await messageStore.findMessage(db, board.id, messageId);
  if (existing && existing.seededKey === board.emojiKey) return existing;
  if (existing) {
    // The board's emoji changed since: its reactors are those of the new emoji.
    const userIds = await deps.discord.listReactionUsers(channelId, messageId, emoji).catch(() => []);
    await reactorStore.reseedReactors(db, existing, { emojiKey: board.emojiKey, userIds }, Date.now());
    return messageStore.findMessage(db, board.id, messageId);
  }
  // Discord failing a read (403, an outage) is "not now", not an error: the message isn't recorded
  // yet, and the next reaction on it tries again.
  const notNow = (error: unknown) => {
    if (isDiscordFailure(error)) return undefined;
    throw error;
  };
  const message = await deps.discord.getMessage(channelId, messageId).catch(notNow);
  if (!message) return null;
  const sourceNsfw = await ageRestricted(deps, channelId);
  const userIds = await deps.discord.listReactionUsers(channelId, messageId, emoji).catch(notNow);
  if (!userIds) return null;
  const author = message.author;
  return messageStore.insertMessage(
    db,
    board.id,
    {
      serverId: board.serverId,
      channelId,
      messageId,
      authorId: author.id,
      authorName: displayName(author),
      authorAvatar: cdnUrl("avatars", author.id, author.avatar) ?? defaultAvatarUrl(author.id),
      authorBot: author.bot || message.webhookId !== null,
      content: messageText(message),
      imageUrl: messageImage(message),
      // A channel the bot can't read counts as age-restricted: the rule must never leak a message.
      sourceNsfw: sourceNsfw ?? true,
      messageCreatedAt: message.createdAt,
    },
    { emojiKey: board.emojiKey, userIds },
    Date.now(),
  );
}

/** The qualifying reactions of a stored message (the author's own left out unless allowed). */
export function countFor(deps: Pick<Deps, "storage">, board: Board, row: BoardMessage): Promise<number> {
  return reactorStore.countReactors(
    deps.storage.db,
    board.id,
    row.messageId,
    board.allowSelf ? null : row.authorId,
  );
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
  // An age-restricted message never reaches a board channel that isn't age-restricted too. Both
  // are read now: either channel may have been marked (or unmarked) since the message was stored.
  if ((await ageRestricted(deps, row.channelId)) ?? row.sourceNsfw) {
    const boardNsfw = await ageRestricted(deps, board.channelId);
    if (boardNsfw === null) return { qualifies: false, reason: "channel" };
    if (!boardNsfw) return { qualifies: false, reason: "nsfw" };
  }
  if (count < board.minReactions) return { qualifies: false, reason: "below" };
  return { qualifies: true };
}

/** Errors meaning the board channel is gone or closed to the bot (not a passing failure). */
function channelUnavailable(error: unknown): boolean {
  return (
    error instanceof DiscordError &&
    (error.code === "unknown_channel" || error.code === "missing_permissions")
  );
}

/** The board's channel is gone: the board turns itself off and says why in `/boards list`. */
async function disableForChannel(deps: Deps, board: Board, error: unknown): Promise<void> {
  const reason =
    error instanceof DiscordError && error.code === "missing_permissions"
      ? "Hearth can't post in the board channel (missing permissions)"
      : "the board channel no longer exists";
  await store.updateBoard(deps.storage.db, board.id, { enabled: false, disabledReason: reason }, Date.now());
  boardsChanged(board.serverId);
  deps.logger.warn({ err: error, boardId: board.id }, `boards: board disabled: ${reason}`);
}

/**
 * Brings a message's board post in line with its count: posts it once when it reaches the
 * threshold, edits the count as it changes, deletes the post when it falls below (when the board
 * says so) or stops qualifying. The post is made under a database claim, so however many callers
 * (in any process) sync the same message at once, one posts. Counts are re-read after every
 * Discord call, so reactions arriving meanwhile are reflected before this returns. `refresh` edits
 * the post even when its count is unchanged (the original message was edited).
 */
export async function syncMessage(
  deps: Deps,
  boardId: number,
  messageId: string,
  refresh = false,
): Promise<void> {
  const db = deps.storage.db;
  for (let pass = 0; pass < 10; pass++) {
    const board = await store.findBoard(db, boardId);
    const row = board ? await messageStore.findMessage(db, boardId, messageId) : null;
    if (!board || !row) return;
    const count = await countFor(deps, board, row);
    if (count !== row.reactionCount) await reactorStore.setCount(db, row.id, count, Date.now());
    const standing = await standingOf(deps, board, row, count);
    if (!standing.qualifies && standing.reason === "disabled") return;

    // The post this pass leaves behind; another caller changing it meanwhile means another pass.
    let postAfter = row.postMessageId;
    if (!row.postMessageId || !row.postChannelId) {
      if (!standing.qualifies) return;
      const claimedAt = Date.now();
      // Another caller holds the claim and looks again after releasing it: nothing for us to do.
      if (!(await postStore.claimPost(db, row.id, claimedAt, claimStaleMs))) return;
      let sentId: string;
      try {
        sentId = (await deps.discord.sendMessage(board.channelId, boardPost(board, row, count))).id;
      } catch (error) {
        await postStore.releaseClaim(db, row.id, claimedAt);
        if (!channelUnavailable(error)) throw error;
        await disableForChannel(deps, board, error);
        return;
      }
      const post = { channelId: board.channelId, messageId: sentId, count };
      if (!(await postStore.setPost(db, row.id, claimedAt, post, Date.now()))) {
        await deleteQuietly(deps, board.channelId, sentId);
        return;
      }
      postAfter = sentId;
    } else if (standing.qualifies || (standing.reason === "below" && !board.removeBelow)) {
      if (count !== row.postedCount || refresh) {
        // One editor at a time, in any process: edits landing out of order could leave an old count.
        const claimedAt = Date.now();
        if (!(await postStore.claimEdit(db, row.id, row.postMessageId, claimedAt, claimStaleMs))) return;
        try {
          await deps.discord.editMessage(row.postChannelId, row.postMessageId, boardPost(board, row, count));
          await postStore.setPostedCount(db, row.id, row.postMessageId, count);
          refresh = false;
        } catch (error) {
          if (channelUnavailable(error)) {
            await disableForChannel(deps, board, error);
            return;
          }
          if (!(error instanceof DiscordError && error.code === "unknown_message")) throw error;
          // Someone deleted the post: it stays off the board.
          await postStore.takePost(db, row.id, row.postMessageId, Date.now(), { dismissed: true });
          return;
        } finally {
          await postStore.releaseClaim(db, row.id, claimedAt);
        }
      }
    } else {
      if (await postStore.takePost(db, row.id, row.postMessageId, Date.now())) {
        await deleteQuietly(deps, row.postChannelId, row.postMessageId);
      }
      postAfter = null;
    }
    // What changed during the Discord calls (reactions, an edit of the original, another caller
    // posting or taking the post down) gets another pass.
    const latest = await messageStore.findMessage(db, boardId, messageId);
    if (!latest) return;
    const edited = latest.content !== row.content || latest.imageUrl !== row.imageUrl;
    if (edited) refresh = true;
    if (!edited && latest.postMessageId === postAfter && (await countFor(deps, board, latest)) === count) {
      return;
    }
  }
}
