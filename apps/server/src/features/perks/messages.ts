import { displayName } from "../../discord/people/display-name.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import type { OutgoingMessage, ReactionEmoji } from "../../discord/port/port.ts";
import { jumpLink } from "./rules.ts";
import type { Responder } from "./store-personal.ts";

export const perkColour = 0xf97316;

/** Reads a stored emoji key back (`name:id` for custom emojis, the unicode text otherwise). */
export function parseStoredEmoji(key: string): ReactionEmoji {
  const custom = /^([\w~]{2,32}):(\d{17,20})$/.exec(key);
  return custom ? { id: custom[2] ?? null, name: custom[1] ?? "" } : { id: null, name: key };
}

/** How a stored emoji key is written in a message. */
export function emojiText(key: string): string {
  const emoji = parseStoredEmoji(key);
  return emoji.id ? `<:${emoji.name}:${emoji.id}>` : emoji.name;
}

const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The DM a highlight sends: keyword, author, channel, the message and a link to it. */
export function highlightMessage(input: {
  guildId: string;
  message: MessageEvent;
  keyword: string;
  channelName: string;
}): OutgoingMessage {
  const { message } = input;
  const link = jumpLink(input.guildId, message.channelId, message.id);
  const author = displayName(message.author);
  return {
    embeds: [
      {
        title: `🔔 "${input.keyword}" was mentioned in #${input.channelName}`,
        url: link,
        description: excerpt(message.content),
        color: perkColour,
        author: { name: author },
        fields: [
          { name: "Author", value: `<@${message.author.id}>`, inline: true },
          { name: "Channel", value: `<#${message.channelId}>`, inline: true },
        ],
        timestamp: new Date(message.createdAt).toISOString(),
        footer: { text: "Highlights · manage your keywords with /perks" },
      },
    ],
    components: [[{ type: "button", style: "link", label: "Jump to message", url: link }]],
  };
}

/** What an auto-responder posts. */
export function responderMessage(responder: Pick<Responder, "response" | "embed">): OutgoingMessage {
  return {
    ...(responder.response ? { content: responder.response } : {}),
    ...(responder.embed ? { embeds: [{ color: perkColour, ...responder.embed }] } : {}),
    allowedMentions: { users: [] },
  };
}
