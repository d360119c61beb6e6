import type { BoardPreviewBody, BotMessagePreview } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import type { BoardMessage } from "./board-message.ts";
import { boardPost } from "./post.ts";
import type { Board } from "./store.ts";
import { boardLimits, readEmoji, readName, readThreshold, typeEmoji } from "./validate.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** The sample message the preview shows on the board (a plausible message, never a real member's). */
const sample = {
  authorName: "A member",
  content: "This is how a message that reaches the board looks: its text, its image and a link back to it.",
  messageId: "1100000000000000000",
};

/**
 * A board post of a sample message, built by `boardPost` (what the bot posts) for a board with the
 * given settings, as the dashboard previews it before the board is saved. Nothing is stored or sent.
 */
export async function previewBoardPost(
  deps: Deps,
  serverId: string,
  input: BoardPreviewBody,
): Promise<BotMessagePreview> {
  const name = readName(input.name);
  const type = input.type ?? null;
  const emojiText = input.emoji?.trim() || (type && type !== "custom" ? typeEmoji[type] : null) || "⭐";
  const emoji = await readEmoji(deps, serverId, emojiText);
  const minReactions = readThreshold(input.minReactions ?? boardLimits.defaultReactions);
  const now = Date.now();
  const channelId = input.channelId ?? "1100000000000000001";
  const board: Board = {
    id: 0,
    serverId,
    name,
    emojiKey: emoji.key,
    emojiMarkup: emoji.markup,
    channelId,
    type: type ?? (emoji.key === "⭐" ? "starboard" : emoji.key === "💀" ? "skullboard" : "custom"),
    minReactions,
    allowSelf: false,
    allowBots: false,
    removeBelow: true,
    enabled: true,
    disabledReason: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  };
  const row: BoardMessage = {
    id: 0,
    boardId: 0,
    serverId,
    channelId,
    messageId: sample.messageId,
    authorId: "0",
    authorName: sample.authorName,
    authorAvatar: null,
    authorBot: false,
    content: sample.content,
    imageUrl: null,
    sourceNsfw: false,
    messageCreatedAt: now,
    seededKey: "",
    reactionCount: minReactions,
    postChannelId: null,
    postMessageId: null,
    postedCount: 0,
    postedAt: null,
    postingAt: null,
    dismissed: false,
    originalDeleted: false,
    createdAt: now,
    updatedAt: now,
  };
  return messagePreview(boardPost(board, row, minReactions));
}
