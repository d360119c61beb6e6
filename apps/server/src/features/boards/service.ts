import { serverCaps } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { boardsChanged } from "./cache.ts";
import { sameEmoji } from "./match.ts";
import type { Board } from "./store.ts";
import * as store from "./store.ts";
import { deleteQuietly } from "./sync.ts";
import {
  boardLimits,
  readChannel,
  readEmoji,
  readName,
  readThreshold,
  readType,
  typeEmoji,
} from "./validate.ts";

export type { BoardMessage } from "./board-message.ts";
export type { Board, BoardType } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

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
  /** Who asked (the dashboard's token); the command's member otherwise. */
  actor?: AuditActor;
}

/** A change no one in particular asked for (the commands and the dashboard always name theirs). */
const unnamedActor: AuditActor = { tokenId: null, userId: null };

/** What the audit log keeps of a board. */
const auditOf = (board: Board) => ({
  id: board.id,
  name: board.name,
  emoji: board.emojiMarkup,
  channelId: board.channelId,
  type: board.type,
  minReactions: board.minReactions,
});

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
  checkCap(serverCaps.boards, boards.length);
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
  const created = await store.insertBoard(
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
  boardsChanged(serverId);
  await recordAudit(db, serverId, input.actor ?? { tokenId: null, userId: input.userId }, "boards.create", {
    after: auditOf(created),
  });
  return created;
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
  actor: AuditActor = unnamedActor,
): Promise<{ board: Board; changed: string[] }> {
  return editFoundBoard(deps, serverId, await requireBoard(deps, serverId, boardName), input, actor);
}

/** The dashboard's edit: the board by id (404 for another server's or a deleted board). */
export async function editBoardById(
  deps: Deps,
  serverId: string,
  boardId: number,
  input: EditBoardInput,
  actor: AuditActor,
): Promise<{ board: Board; changed: string[] }> {
  const board = await store.findBoard(deps.storage.db, boardId);
  if (!board || board.serverId !== serverId) throw notFound("That board doesn't exist any more.");
  return editFoundBoard(deps, serverId, board, input, actor);
}

async function editFoundBoard(
  deps: Deps,
  serverId: string,
  board: Board,
  input: EditBoardInput,
  actor: AuditActor,
): Promise<{ board: Board; changed: string[] }> {
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
  boardsChanged(serverId);
  await recordAudit(deps.storage.db, serverId, actor, "boards.edit", {
    before: auditOf(board),
    after: auditOf(updated),
    changed,
  });
  return { board: updated, changed };
}

/** Deletes a board, the messages stored for it and the posts it made in its channel. */
export async function deleteBoard(
  deps: Deps,
  serverId: string,
  boardId: number,
  actor: AuditActor = unnamedActor,
): Promise<{ board: Board; posts: number; messages: number }> {
  const board = await store.findBoard(deps.storage.db, boardId);
  if (!board || board.serverId !== serverId) throw notFound("That board doesn't exist any more.");
  const deleted = await store.deleteBoard(deps.storage.db, boardId);
  if (!deleted) throw notFound("That board doesn't exist any more.");
  boardsChanged(serverId);
  await recordAudit(deps.storage.db, serverId, actor, "boards.delete", {
    before: auditOf(deleted.board),
    posts: deleted.posts.length,
  });
  for (const post of deleted.posts) await deleteQuietly(deps, post.channelId, post.messageId);
  return { board: deleted.board, posts: deleted.posts.length, messages: deleted.messages };
}

/** The boards a report or a cleanup covers: the one named, else all of the server's. */
export async function boardsFor(deps: Pick<Deps, "storage">, serverId: string, name?: string | null) {
  return name ? [await requireBoard(deps, serverId, name)] : store.listBoards(deps.storage.db, serverId);
}

export function listBoards(deps: Pick<Deps, "storage">, serverId: string): Promise<Board[]> {
  return store.listBoards(deps.storage.db, serverId);
}
