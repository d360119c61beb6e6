import type { AppContext } from "../../context.ts";
import { channelPermissions, Permission } from "../../discord/permissions.ts";
import { DiscordError, emojiKey, emojiMarkup, parseEmoji } from "../../discord/port.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { requireTextChannel } from "../servers/validate.ts";
import { sameEmoji } from "./match.ts";
import type { Board, BoardMessage, BoardType } from "./store.ts";
import * as store from "./store.ts";
import { countFor, deleteQuietly, type Standing, standingOf } from "./sync.ts";

export type { Board, BoardMessage, BoardType } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export const boardLimits = {
  nameMax: 50,
  minReactions: 1,
  maxReactions: 100,
  defaultReactions: 3,
  /** Boards per server: `/boards list` shows each as one embed field (Discord allows 25). */
  boardsPerServer: 25,
  topDefault: 10,
  topMax: 25,
  recentDefaultHours: 24,
  recentMaxHours: 168,
} as const;

export const boardTypes: readonly BoardType[] = ["starboard", "skullboard", "custom"];
const typeEmoji: Record<Exclude<BoardType, "custom">, string> = { starboard: "⭐", skullboard: "💀" };

function readName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name === "") throw badRequest("name: give the board a name.", "name");
  if (name.length > boardLimits.nameMax) {
    throw badRequest(
      `name: "${name.slice(0, 20)}…" is ${name.length} characters; a board name can have at most ${boardLimits.nameMax}.`,
      "name",
    );
  }
  return name;
}

function readThreshold(value: number): number {
  if (!Number.isInteger(value) || value < boardLimits.minReactions || value > boardLimits.maxReactions) {
    throw badRequest(
      `min_reactions must be a whole number from ${boardLimits.minReactions} to ${boardLimits.maxReactions}.`,
      "min_reactions",
    );
  }
  return value;
}

function readType(value: string): BoardType {
  if (!(boardTypes as readonly string[]).includes(value)) {
    throw badRequest(`type must be one of ${boardTypes.join(", ")}.`, "type");
  }
  return value as BoardType;
}

/** A unicode emoji, or a custom emoji of this server. */
async function readEmoji(deps: Deps, serverId: string, raw: string) {
  const emoji = parseEmoji(raw);
  if (!emoji) {
    throw badRequest(
      `emoji: "${raw.trim().slice(0, 40)}" isn't an emoji. Use one emoji, like ⭐ or 💀, or one of this server's custom emojis.`,
      "emoji",
    );
  }
  if (emoji.id) {
    const own = (await deps.discord.listEmojis(serverId)).find((candidate) => candidate.id === emoji.id);
    if (!own) {
      throw badRequest(
        `emoji: :${emoji.name}: isn't an emoji of this server; a board can use unicode emojis and this server's custom emojis.`,
        "emoji",
      );
    }
    return { key: emojiKey(own), markup: emojiMarkup(own) };
  }
  return { key: emojiKey(emoji), markup: emojiMarkup(emoji) };
}

/** The board channel: a text channel of the server where Hearth can post embeds. */
async function readChannel(deps: Deps, serverId: string, channelId: string) {
  const channel = await requireTextChannel(deps, serverId, channelId, "channel");
  const [guild, roles, bot] = await Promise.all([
    deps.discord.getGuild(serverId),
    deps.discord.listRoles(serverId),
    deps.discord.getBotMember(serverId),
  ]);
  if (guild && bot) {
    const bits = channelPermissions({
      ownerId: guild.ownerId,
      roles,
      member: { userId: bot.user.id, roleIds: bot.roleIds },
      channel,
    });
    const missing = (
      [
        ["View Channel", Permission.ViewChannel],
        ["Send Messages", Permission.SendMessages],
        ["Embed Links", Permission.EmbedLinks],
      ] as const
    )
      .filter(([, bit]) => (bits & bit) === 0n)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw badRequest(
        `channel: Hearth can't post board messages in <#${channel.id}>: it lacks ${missing.join(", ")} there.`,
        "channel",
      );
    }
  }
  return channel;
}

export interface CreateBoardInput {
  name: string;
  emoji?: string | null;
  channelId: string;
  minReactions?: number | null;
  type?: string | null;
  allowSelf?: boolean | null;
  allowBots?: boolean | null;
  removeBelow?: boolean | null;
  userId: string | null;
}

/**
 * Creates a board. The type defaults from the emoji (⭐ starboard, 💀 skullboard, else custom) and
 * the emoji from the type; self-reactions and bot messages don't count unless allowed; posts that
 * fall below the threshold are removed unless `removeBelow` is false.
 */
export async function createBoard(deps: Deps, serverId: string, input: CreateBoardInput): Promise<Board> {
  const name = readName(input.name);
  let type = input.type ? readType(input.type) : null;
  const emojiText = input.emoji?.trim() || (type && type !== "custom" ? typeEmoji[type] : null);
  if (!emojiText) throw badRequest("emoji: a custom board needs an emoji.", "emoji");
  const emoji = await readEmoji(deps, serverId, emojiText);
  type ??= emoji.key === "⭐" ? "starboard" : emoji.key === "💀" ? "skullboard" : "custom";
  const minReactions = readThreshold(input.minReactions ?? boardLimits.defaultReactions);
  await readChannel(deps, serverId, input.channelId);

  const db = deps.storage.db;
  const boards = await store.listBoards(db, serverId);
  if (boards.length >= boardLimits.boardsPerServer) {
    throw badRequest(
      `This server already has ${boards.length} boards, the most it can have. Delete one with /boards delete first.`,
    );
  }
  const clash = boards.find((board) => board.name.toLowerCase() === name.toLowerCase());
  if (clash) throw conflict(`name: there is already a board called "${clash.name}".`, "name");
  const twin = boards.find(
    (board) => sameEmoji(board.emojiKey, emoji.key) && board.channelId === input.channelId,
  );
  if (twin) {
    throw conflict(
      `emoji: the board "${twin.name}" already posts ${twin.emojiMarkup} messages to <#${input.channelId}>.`,
      "emoji",
    );
  }
  return store.insertBoard(
    db,
    {
      serverId,
      name,
      emojiKey: emoji.key,
      emojiMarkup: emoji.markup,
      channelId: input.channelId,
      type,
      minReactions,
      allowSelf: input.allowSelf ?? false,
      allowBots: input.allowBots ?? false,
      removeBelow: input.removeBelow ?? true,
      createdBy: input.userId,
    },
    Date.now(),
  );
}

/** A server's board by name (case-insensitive), or a 404 listing the board names. */
export async function requireBoard(deps: Pick<Deps, "storage">, serverId: string, name: string) {
  const board = await store.findBoardByName(deps.storage.db, serverId, name);
  if (board) return board;
  const names = (await store.listBoards(deps.storage.db, serverId)).map((b) => `**${b.name}**`);
  throw notFound(
    names.length === 0
      ? "This server has no boards yet. An admin can create one with /boards create."
      : `There's no board called "${name.trim().slice(0, 50)}". Boards here: ${names.join(", ")}.`,
  );
}

export interface EditBoardInput {
  name?: string | null;
  emoji?: string | null;
  channelId?: string | null;
  minReactions?: number | null;
  type?: string | null;
  allowSelf?: boolean | null;
  allowBots?: boolean | null;
  removeBelow?: boolean | null;
  enabled?: boolean | null;
}

/**
 * Changes a board. New rules apply to each message at its next reaction; a new emoji counts from
 * the message's reactions of that emoji (read from Discord when it is next reacted to).
 */
export async function editBoard(
  deps: Deps,
  serverId: string,
  boardName: string,
  input: EditBoardInput,
): Promise<{ board: Board; changed: string[] }> {
  const board = await requireBoard(deps, serverId, boardName);
  const changes: store.BoardChanges = {};
  const changed: string[] = [];
  const boards = await store.listBoards(deps.storage.db, serverId);
  if (input.name != null) {
    const name = readName(input.name);
    const clash = boards.find((b) => b.id !== board.id && b.name.toLowerCase() === name.toLowerCase());
    if (clash) throw conflict(`name: there is already a board called "${clash.name}".`, "name");
    if (name !== board.name) {
      changes.name = name;
      changed.push(`name → **${name}**`);
    }
  }
  if (input.emoji != null) {
    const emoji = await readEmoji(deps, serverId, input.emoji);
    if (emoji.key !== board.emojiKey) {
      changes.emojiKey = emoji.key;
      changes.emojiMarkup = emoji.markup;
      changed.push(`emoji → ${emoji.markup}`);
    }
  }
  if (input.channelId != null && input.channelId !== board.channelId) {
    await readChannel(deps, serverId, input.channelId);
    changes.channelId = input.channelId;
    changed.push(`channel → <#${input.channelId}>`);
  }
  const emojiAfter = changes.emojiKey ?? board.emojiKey;
  const channelAfter = changes.channelId ?? board.channelId;
  const twin = boards.find(
    (b) => b.id !== board.id && sameEmoji(b.emojiKey, emojiAfter) && b.channelId === channelAfter,
  );
  if (twin) {
    throw conflict(
      `emoji: the board "${twin.name}" already posts ${twin.emojiMarkup} messages to <#${channelAfter}>.`,
      "emoji",
    );
  }
  if (input.minReactions != null) {
    changes.minReactions = readThreshold(input.minReactions);
    changed.push(`minimum reactions → ${changes.minReactions}`);
  }
  if (input.type != null) {
    changes.type = readType(input.type);
    changed.push(`type → ${changes.type}`);
  }
  const toggles = [
    ["allowSelf", input.allowSelf, "self-reactions"],
    ["allowBots", input.allowBots, "bot messages"],
    ["removeBelow", input.removeBelow, "remove below threshold"],
  ] as const;
  for (const [key, value, label] of toggles) {
    if (value == null) continue;
    changes[key] = value;
    changed.push(`${label} → ${value ? "on" : "off"}`);
  }
  if (input.enabled != null) {
    changes.enabled = input.enabled;
    changed.push(input.enabled ? "enabled" : "disabled");
    if (input.enabled) changes.disabledReason = null;
  } else if (changes.channelId && !board.enabled && board.disabledReason) {
    // A new channel fixes a board the bot turned off because its channel went away.
    changes.enabled = true;
    changes.disabledReason = null;
    changed.push("enabled");
  }
  if (changed.length === 0) {
    throw badRequest(
      "Nothing to change: give at least one of name, emoji, channel, min_reactions, type, self_react, bot_messages, remove_below or enabled.",
    );
  }
  const updated = await store.updateBoard(deps.storage.db, board.id, changes, Date.now());
  return { board: updated, changed };
}

/** Deletes a board, the messages stored for it and the posts it made in its channel. */
export async function deleteBoard(
  deps: Deps,
  serverId: string,
  boardId: number,
): Promise<{ board: Board; posts: number; messages: number }> {
  const board = await store.findBoard(deps.storage.db, boardId);
  if (!board || board.serverId !== serverId) throw notFound("That board doesn't exist any more.");
  const deleted = await store.deleteBoard(deps.storage.db, boardId);
  if (!deleted) throw notFound("That board doesn't exist any more.");
  for (const post of deleted.posts) await deleteQuietly(deps, post.channelId, post.messageId);
  return { board: deleted.board, posts: deleted.posts.length, messages: deleted.messages };
}

export interface CleanupReport {
  boards: number;
  checked: number;
  /** Posts removed because their original message was deleted. */
  orphans: number;
  /** Posts found deleted from the board channel (those messages stay off the board). */
  missingPosts: number;
  /** Boards turned off because their channel is gone or closed to the bot. */
  unavailable: string[];
}

/** Reads a message, answering "unknown" when Discord won't say (no access, outage) rather than "gone". */
async function readMessage(deps: Deps, channelId: string, messageId: string) {
  try {
    return await deps.discord.getMessage(channelId, messageId);
  } catch (error) {
    if (error instanceof DiscordError) return "unknown" as const;
    throw error;
  }
}

/**
 * Finds what changed while the bot wasn't listening: a board whose channel is gone is turned off
 * (its posts can be made again in a new channel); posts whose original is gone are deleted (and
 * the message forgotten); posts someone deleted from the board channel are marked so the message
 * isn't posted again. A message Discord won't show is left alone: unreadable isn't deleted.
 */
export async function cleanupBoards(deps: Deps, serverId: string, boardName?: string | null) {
  const db = deps.storage.db;
  const boards = boardName
    ? [await requireBoard(deps, serverId, boardName)]
    : await store.listBoards(db, serverId);
  const report: CleanupReport = {
    boards: boards.length,
    checked: 0,
    orphans: 0,
    missingPosts: 0,
    unavailable: [],
  };
  for (const board of boards) {
    const boardChannel = await deps.discord.getChannel(board.channelId);
    if (!boardChannel || boardChannel.guildId !== serverId) {
      await store.forgetChannelPosts(db, board.id, board.channelId);
      if (board.enabled || !board.disabledReason) {
        await store.updateBoard(
          db,
          board.id,
          { enabled: false, disabledReason: "the board channel no longer exists" },
          Date.now(),
        );
      }
      report.unavailable.push(board.name);
    }
    for (const row of await store.rowsToCheck(db, board.id)) {
      report.checked++;
      const original = row.originalDeleted ? null : await readMessage(deps, row.channelId, row.messageId);
      if (original === "unknown") continue;
      if (!original) {
        if (row.postMessageId && row.postChannelId) {
          if (await store.takePost(db, row.id, row.postMessageId, Date.now(), { originalDeleted: true })) {
            await deleteQuietly(deps, row.postChannelId, row.postMessageId);
            report.orphans++;
          }
        }
        await store.deleteMessageRow(db, row);
        continue;
      }
      if (row.postMessageId && row.postChannelId) {
        const post = await readMessage(deps, row.postChannelId, row.postMessageId);
        if (!post && (await store.takePost(db, row.id, row.postMessageId, Date.now(), { dismissed: true }))) {
          report.missingPosts++;
        }
      }
    }
  }
  return report;
}

export function listBoards(deps: Pick<Deps, "storage">, serverId: string): Promise<Board[]> {
  return store.listBoards(deps.storage.db, serverId);
}

/** The boards a report covers: the one named, else all of the server's. */
async function boardsFor(deps: Pick<Deps, "storage">, serverId: string, name?: string | null) {
  return name ? [await requireBoard(deps, serverId, name)] : store.listBoards(deps.storage.db, serverId);
}

export async function boardStats(deps: Pick<Deps, "storage">, serverId: string, name?: string | null) {
  const boards = await boardsFor(deps, serverId, name);
  return Promise.all(
    boards.map(async (board) => ({ board, stats: await store.boardStats(deps.storage.db, board.id) })),
  );
}

export async function topMessages(
  deps: Pick<Deps, "storage">,
  serverId: string,
  input: { board?: string | null; limit?: number | null },
) {
  const limit = input.limit ?? boardLimits.topDefault;
  if (!Number.isInteger(limit) || limit < 1 || limit > boardLimits.topMax) {
    throw badRequest(`limit must be a whole number from 1 to ${boardLimits.topMax}.`, "limit");
  }
  const boards = await boardsFor(deps, serverId, input.board);
  const messages = await store.topMessages(
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
  const hours = input.hours ?? boardLimits.recentDefaultHours;
  if (!Number.isInteger(hours) || hours < 1 || hours > boardLimits.recentMaxHours) {
    throw badRequest(`hours must be a whole number from 1 to ${boardLimits.recentMaxHours}.`, "hours");
  }
  const boards = await boardsFor(deps, serverId, input.board);
  const recent = await store.recentMessages(
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
  const rows = await store.rowsOfMessage(db, serverId, ref.messageId);
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
