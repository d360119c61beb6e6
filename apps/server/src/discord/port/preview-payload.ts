import type { BotMessagePreview } from "@hearth/core";
import type { OutgoingMessage } from "./port.ts";

/**
 * What a dashboard preview shows of a message the bot would send: a feature's `…/preview` route
 * builds the message with the function its post uses and answers `previewPayload(message)`, so the
 * preview can't drift from what is posted. Files, replies and allowed mentions don't show.
 */
export function previewPayload(message: OutgoingMessage): BotMessagePreview {
  return {
    content: message.content ?? "",
    embeds: (message.embeds ?? []).map((embed) => ({ ...embed })),
    components: (message.components ?? []).map((row) => row.map((component) => ({ ...component }))),
  };
}
