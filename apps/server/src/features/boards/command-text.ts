import type { Board } from "./service.ts";

/** Wording both the reading and the managing commands use. */

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const yesNo = (value: boolean) => (value ? "yes" : "no");

/** A board's channel, threshold, type, state and rules, for the list and the create and edit replies. */
export function describeBoard(board: Board): string {
  const status = board.enabled
    ? "✅ enabled"
    : board.disabledReason
      ? `⚠️ disabled: ${board.disabledReason}`
      : "⏸️ disabled";
  return [
    `<#${board.channelId}> · ${plural(board.minReactions, "reaction")} needed · ${board.type} · ${status}`,
    `Self-reactions: ${yesNo(board.allowSelf)} · Bot messages: ${yesNo(board.allowBots)} · Below threshold: ${board.removeBelow ? "removed" : "kept"}`,
  ].join("\n");
}
