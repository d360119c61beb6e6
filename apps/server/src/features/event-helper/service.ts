import type { AppContext } from "../../context.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { settingsFor } from "../settings/service.ts";
import { type EventAnswer, parseGameEvent } from "./parser.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

const labels: Record<EventAnswer["kind"], string> = {
  type: "Type",
  reverse: "Backwards",
  unscramble: "Unscrambled",
  sum: "Answer",
};

/** The helper's post: the answer in a code span, so it's one tap to copy; it pings nobody. */
export function answerMessage(answer: EventAnswer): OutgoingMessage {
  const others = answer.alternatives?.length
    ? ` (or ${answer.alternatives.map((word) => `\`${word}\``).join(", ")})`
    : "";
  return { content: `🎯 **${labels[answer.kind]}:** \`${answer.answer}\`${others}`, allowedMentions: {} };
}

/**
 * The Event helper: when a game bot of the server (`gameBotIds`, Dank Memer by default) posts an
 * in-chat event with one right answer and `eventsCheatEnabled` is on, posts the answer in the same
 * channel at once. The switch and the bot list are read on every message (cached, see settingsFor).
 * Answers what it posted, or null.
 */
export async function answerGameEvent(deps: Deps, message: MessageEvent): Promise<EventAnswer | null> {
  if (!message.guildId || !message.author.bot || message.webhookId) return null;
  const settings = await settingsFor(deps, message.guildId);
  if (!settings.eventsCheatEnabled || !settings.gameBotIds.includes(message.author.id)) return null;
  const answer = parseGameEvent({ content: message.content, embeds: message.embeds ?? [] });
  if (!answer) return null;
  await deps.discord.sendMessage(message.channelId, answerMessage(answer));
  return answer;
}
