import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { boardsChanged } from "./cache.ts";
import * as messageStore from "./message-store.ts";
import * as postStore from "./post-store.ts";
import { boardsFor } from "./service.ts";
import * as store from "./store.ts";
import { deleteQuietly } from "./sync.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

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
  const boards = await boardsFor(deps, serverId, boardName);
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
      await postStore.forgetChannelPosts(db, board.id, board.channelId);
      if (board.enabled || !board.disabledReason) {
        await store.updateBoard(
          db,
          board.id,
          { enabled: false, disabledReason: "the board channel no longer exists" },
          Date.now(),
        );
        boardsChanged(serverId);
      }
      report.unavailable.push(board.name);
    }
    for (const row of await messageStore.rowsToCheck(db, board.id)) {
      report.checked++;
      const original = row.originalDeleted ? null : await readMessage(deps, row.channelId, row.messageId);
      if (original === "unknown") continue;
      if (!original) {
        if (row.postMessageId && row.postChannelId) {
          if (
            await postStore.takePost(db, row.id, row.postMessageId, Date.now(), { originalDeleted: true })
          ) {
            await deleteQuietly(deps, row.postChannelId, row.postMessageId);
            report.orphans++;
          }
        }
        await messageStore.deleteMessageRow(db, row);
        continue;
      }
      if (row.postMessageId && row.postChannelId) {
        const post = await readMessage(deps, row.postChannelId, row.postMessageId);
        if (
          !post &&
          (await postStore.takePost(db, row.id, row.postMessageId, Date.now(), { dismissed: true }))
        ) {
          report.missingPosts++;
        }
      }
    }
  }
  return report;
}
