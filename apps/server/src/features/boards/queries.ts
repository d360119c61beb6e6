import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { BoardMessage } from "./board-message.ts";
import { sameEmoji } from "./match.ts";
import * as messageStore from "./message-store.ts";
import * as reportStore from "./report-store.ts";
import { boardsFor } from "./service.ts";
import type { Board } from "./store.ts";
import * as store from "./store.ts";
import { countFor, type Standing, standingOf } from "./sync.ts";
import { boardLimits, readWholeNumber } from "./validate.ts";

// What members can ask about boards: stats, top and recent messages, and a message's standing.

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export async function boardStats(deps: Pick<Deps, "storage">, serverId: string, name?: string | null) {
  const boards = await boardsFor(deps, serverId, name);
  return Promise.all(
    boards.map(async (board) => ({ board, stats: await reportStore.boardStats(deps.storage.db, board.id) })),
  );
}

export async function topMessages(
  deps: Pick<Deps, "storage">,
  serverId: string,
  input: { board?: string | null; limit?: number | null },
) {
  const limit = readWholeNumber(input.limit ?? boardLimits.topDefault, 1, boardLimits.topMax, "limit");
  const boards = await boardsFor(deps, serverId, input.board);
  const messages = await reportStore.topMessages(
    deps.storage.db,
    boards.map((board) => board.id),
    limit,
  );
  return { boards, messages, limit };
}

export async function recentMessages(
  deps: Pick<Deps, "storage">,
  serverId: string,
  input: { board?: string | null; hours?: number | null },
  now = Date.now(),
) {
  const hours = readWholeNumber(
    input.hours ?? boardLimits.recentDefaultHours,
    1,
    boardLimits.recentMaxHours,
    "hours",
  );
  const boards = await boardsFor(deps, serverId, input.board);
  const recent = await reportStore.recentMessages(
    deps.storage.db,
    boards.map((board) => board.id),
    now - hours * 3_600_000,
    15,
  );
  return { boards, hours, ...recent };
}

/** A message id, or a message link (which names its server and channel too). */
export function parseMessageRef(raw: string): {
  messageId: string;
  channelId: string | null;
  serverId: string | null;
} {
  const text = raw.trim();
  const link =
    /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(\d+)\/(\d{17,20})\/(\d{17,20})\/?$/.exec(
      text,
    );
  if (link) return { serverId: link[1] ?? null, channelId: link[2] ?? null, messageId: link[3] ?? "" };
  if (/^\d{17,20}$/.test(text)) return { messageId: text, channelId: null, serverId: null };
  throw badRequest(
    "message_id: give a message ID (17 to 20 digits; right-click the message → Copy Message ID) or a message link.",
    "message_id",
  );
}

export interface BoardCheck {
  board: Board;
  count: number;
  posted: boolean;
  postChannelId: string | null;
  postMessageId: string | null;
  standing: Standing;
  /** Counted from Discord now: the bot hadn't stored the message for this board yet. */
  live: boolean;
}

/**
 * A message's standing on every board: the stored count when the board knows the message, else
 * the reactions Discord lists now (the author's own left out unless the board allows them).
 */
export async function checkMessage(
  deps: Deps,
  serverId: string,
  input: { message: string; channelId?: string | null },
): Promise<{ messageId: string; channelId: string | null; checks: BoardCheck[] }> {
  const ref = parseMessageRef(input.message);
  if (ref.serverId && ref.serverId !== serverId) {
    throw badRequest("message_id: that link is to a message in another server.", "message_id");
  }
  const db = deps.storage.db;
  const boards = await store.listBoards(db, serverId);
  if (boards.length === 0) {
    throw notFound("This server has no boards yet. An admin can create one with /boards create.");
  }
  const rows = await messageStore.rowsOfMessage(db, serverId, ref.messageId);
  const channelId = ref.channelId ?? input.channelId ?? rows[0]?.channelId ?? null;
  const checks: BoardCheck[] = [];
  let live: Awaited<ReturnType<typeof deps.discord.getMessage>> | undefined;
  for (const board of boards) {
    const row = rows.find((candidate) => candidate.boardId === board.id);
    if (row) {
      const count = await countFor(deps, board, row);
      checks.push({
        board,
        count,
        posted: row.postMessageId !== null,
        postChannelId: row.postChannelId,
        postMessageId: row.postMessageId,
        standing: await standingOf(deps, board, row, count),
        live: false,
      });
      continue;
    }
    if (!channelId) continue;
    if (live === undefined) {
      // Only this server's channels: the bot must not read other servers' messages for a member.
      const channel = await deps.discord.getChannel(channelId);
      if (!channel || channel.guildId !== serverId) {
        throw notFound(`No channel ${channelId} in this server: check the link or the channel.`);
      }
      try {
        live = await deps.discord.getMessage(channelId, ref.messageId);
      } catch (error) {
        if (!(error instanceof DiscordError)) throw error;
        live = null;
      }
      if (!live && rows.length === 0) {
        throw notFound(`No message ${ref.messageId} in <#${channelId}>: check the ID and the channel.`);
      }
    }
    if (!live) continue;
    const reaction = live.reactions.find((candidate) => sameEmoji(board.emojiKey, candidate.emoji));
    const userIds = reaction
      ? await deps.discord.listReactionUsers(channelId, ref.messageId, reaction.emoji)
      : [];
    const count = userIds.filter((id) => board.allowSelf || id !== live?.author.id).length;
    const channel = await deps.discord.getChannel(channelId);
    const unseen: BoardMessage = {
      id: 0,
      boardId: board.id,
      serverId,
      channelId,
      messageId: ref.messageId,
      authorId: live.author.id,
      authorName: live.author.username,
      authorAvatar: null,
      authorBot: live.author.bot || live.webhookId !== null,
      content: live.content,
      imageUrl: null,
      sourceNsfw: channel?.nsfw ?? false,
      messageCreatedAt: live.createdAt,
      seededKey: board.emojiKey,
      reactionCount: count,
      postChannelId: null,
      postMessageId: null,
      postedCount: 0,
      postedAt: null,
      postingAt: null,
      dismissed: false,
      originalDeleted: false,
      createdAt: 0,
      updatedAt: 0,
    };
    checks.push({
      board,
      count,
      posted: false,
      postChannelId: null,
      postMessageId: null,
      standing: await standingOf(deps, board, unseen, count),
      live: true,
    });
  }
  if (checks.length === 0) {
    throw badRequest(
      `No board has seen message ${ref.messageId} yet. Give its channel with **channel** (or paste the message link) so Hearth can read its reactions.`,
      "channel",
    );
  }
  return { messageId: ref.messageId, channelId, checks };
}

/** A sentence for a message's standing on a board. */
export function describeStanding(check: Pick<BoardCheck, "board" | "count" | "posted" | "standing">): string {
  const { board, count, standing } = check;
  if (standing.qualifies) return check.posted ? "on the board" : "qualifies (posting now)";
  switch (standing.reason) {
    case "disabled":
      return "the board is disabled";
    case "below": {
      const more = board.minReactions - count;
      return `needs ${more} more ${more === 1 ? "reaction" : "reactions"}${check.posted ? " (post kept below the threshold)" : ""}`;
    }
    case "bot":
      return "messages from bots and webhooks don't count on this board";
    case "nsfw":
      return "it's from an age-restricted channel and the board channel isn't age-restricted";
    case "deleted":
      return "the original message was deleted";
    case "dismissed":
      return "its board post was deleted by a moderator, so it stays off the board";
    case "channel":
      return "the board channel is unavailable";
  }
}
