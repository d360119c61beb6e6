import type { BotMessagePreview } from "@hearth/core";
import type { OutgoingMessage } from "./port.ts";

/**
 * What the dashboard's `MessagePreview` shows of a message the bot would send: a feature's preview
 * route builds the message with the code its post uses and answers `messagePreview(message)`, so the
 * preview can't drift from what is posted. Files, replies, nonces and allowed mentions don't show.
 */
export function messagePreview(message: OutgoingMessage): BotMessagePreview {
  return {
    content: message.content ?? "",
    embeds: (message.embeds ?? []).map((embed) => ({ ...embed })),
    components: (message.components ?? []).map((row) => row.map((component) => ({ ...component }))),
  };
}
