import { AllowedMentionsTypes, type APIAllowedMentions, type APIUser, ComponentType } from "discord.js";
import type { Attachment, MessageInfo, OutgoingMessage } from "../port/port.ts";
import { type ApiComponent, componentBody, componentsFromApi } from "./mapping-components.ts";
import { type ApiEmbed, embedBody, embedFromApi } from "./mapping-embeds.ts";
import { type ApiEmoji, reactionEmojiFromApi } from "./mapping-emojis.ts";
import { userFromApi } from "./mapping-users.ts";

// Messages read back over REST, and the bodies of the messages the port sends.

export interface ApiAttachment {
  id: string;
  url: string;
  filename: string;
  content_type?: string;
}

export const attachmentFromApi = (attachment: ApiAttachment): Attachment => ({
  id: attachment.id,
  url: attachment.url,
  filename: attachment.filename,
  contentType: attachment.content_type ?? null,
});

/** A message as REST answers it (GET channel message). */
export interface ApiMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: APIUser;
  content?: string;
  embeds?: ApiEmbed[];
  components?: ApiComponent[];
  attachments?: ApiAttachment[];
  reactions?: { emoji: ApiEmoji; count: number }[];
  mention_roles?: string[];
  webhook_id?: string;
  timestamp: string;
}

/** REST messages carry no guild id: the caller says which guild the channel is in (null for DMs). */
export const messageFromApi = (message: ApiMessage, guildId: string | null): MessageInfo => ({
  id: message.id,
  channelId: message.channel_id,
  guildId: message.guild_id ?? guildId,
  author: userFromApi(message.author),
  content: message.content ?? "",
  embeds: (message.embeds ?? []).map(embedFromApi),
  ...(message.components?.length ? { components: componentsFromApi(message.components) } : {}),
  attachments: (message.attachments ?? []).map(attachmentFromApi),
  reactions: (message.reactions ?? []).map((reaction) => ({
    emoji: reactionEmojiFromApi(reaction.emoji),
    count: reaction.count,
  })),
  mentionRoleIds: message.mention_roles ?? [],
  webhookId: message.webhook_id ?? null,
  createdAt: Date.parse(message.timestamp),
});

/** Nothing pings unless named: user text in a welcome message must not mass-mention. */
function allowedMentionsBody(allowed: OutgoingMessage["allowedMentions"]): APIAllowedMentions {
  return {
    parse: allowed?.everyone ? [AllowedMentionsTypes.Everyone] : [],
    users: allowed?.users ?? [],
    roles: allowed?.roles ?? [],
  };
}

/**
 * A message body for Discord. `replace` (edits) sends every part, so an edit makes the message
 * exactly this one, as the sandbox does, rather than keeping parts the edit didn't name.
 */
export function messageBody(message: OutgoingMessage, options: { replace?: boolean } = {}) {
  const empty = options.replace ? [] : undefined;
  return {
    content: message.content ?? (options.replace ? "" : undefined),
    embeds: message.embeds?.map(embedBody) ?? empty,
    components:
      message.components?.map((row) => ({
        type: ComponentType.ActionRow,
        components: row.map(componentBody),
      })) ?? empty,
    allowed_mentions: allowedMentionsBody(message.allowedMentions),
    ...(message.replyTo
      ? { message_reference: { message_id: message.replyTo, fail_if_not_exists: false } }
      : {}),
    ...(message.files?.length
      ? // Discord types an attachment's id as a snowflake string: a new upload's is its part's index.
        { attachments: message.files.map((file, index) => ({ id: String(index), filename: file.name })) }
      : {}),
  };
}

/** The files of a message as @discordjs/rest uploads them (multipart, `files[n]`), or undefined. */
export function filesOf(message: OutgoingMessage) {
  return message.files?.map((file) => ({
    name: file.name,
    data: Buffer.from(file.data, "utf8"),
    contentType: file.contentType ?? "text/plain; charset=utf-8",
  }));
}
