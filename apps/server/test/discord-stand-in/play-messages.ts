import { type AttachmentInput, attachmentPayload } from "./interactions.ts";
import { parseMentions, type StandInState, type StoredMessage, type StoredReactionEmoji } from "./state.ts";

// What other members do with messages, played by the stand-in: each changes the state and dispatches
// the gateway event Discord would.

type Dispatch = (event: string, data: unknown) => Promise<void>;

/** Where a reaction happens, and whose it is. `emoji` is `⭐`, `name:id`, `<:name:id>` or an object. */
export interface ReactionInput {
  /** Defaults to the channel's guild. */
  guildId?: string;
  channelId: string;
  messageId: string;
  userId: string;
  emoji: string | StoredReactionEmoji;
}

export interface PostMessageInput {
  guildId?: string;
  channelId: string;
  authorId: string;
  content?: string;
  attachments?: AttachmentInput[];
  /** Users mentioned besides those written as `<@id>` (a reply pinging its author, say). */
  mentions?: string[];
  embeds?: unknown[];
  webhookId?: string;
}

/**
 * A member (or a webhook, with `webhookId`) posts a message: stored (so it can be read back and
 * reacted to) and dispatched as MESSAGE_CREATE with the author's member, the mentions parsed from
 * `<@id>` / `<@&id>` plus `mentions`, and the attachments. Resolves with the message as Discord
 * shows it.
 */
export async function postMessage(state: StandInState, dispatch: Dispatch, input: PostMessageInput) {
  const guild = state.channelGuild(input.channelId);
  if (!guild) throw new Error(`The stand-in has no guild channel ${input.channelId}`);
  if (input.guildId && input.guildId !== guild.id) {
    throw new Error(`Channel ${input.channelId} is not in guild ${input.guildId}`);
  }
  const content = input.content ?? "";
  const parsed = parseMentions(content);
  const message: StoredMessage = {
    id: state.snowflake(),
    channel_id: input.channelId,
    guild_id: guild.id,
    author: state.apiUser(input.authorId),
    content,
    embeds: input.embeds ?? [],
    components: [],
    flags: 0,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    attachments: (input.attachments ?? []).map((attachment) =>
      attachmentPayload(state.snowflake(), attachment),
    ),
    mentionUserIds: [...new Set([...parsed.users, ...(input.mentions ?? [])])],
    mentionRoleIds: parsed.roles,
    ...(input.webhookId ? { webhook_id: input.webhookId } : {}),
  };
  state.messages.set(message.id, message);
  const member = input.webhookId ? undefined : guild.members.get(input.authorId);
  const apiMessage = state.apiMessage(message);
  let memberPart = {};
  if (member) {
    const { user: _, ...partial } = state.apiMember(member);
    memberPart = { member: partial };
  }
  const mentions = apiMessage.mentions.map((user) => {
    const mentioned = guild.members.get(user.id);
    if (!mentioned) return user;
    const { user: _, ...partial } = state.apiMember(mentioned);
    return { ...user, member: partial };
  });
  await dispatch("MESSAGE_CREATE", { ...apiMessage, ...memberPart, mentions });
  return apiMessage;
}

/** Someone deletes a stored message: removed, and MESSAGE_DELETE dispatched. */
export async function deleteMessage(
  state: StandInState,
  dispatch: Dispatch,
  input: { channelId: string; messageId: string },
): Promise<void> {
  const guild = state.channelGuild(input.channelId);
  state.messages.delete(input.messageId);
  await dispatch("MESSAGE_DELETE", {
    id: input.messageId,
    channel_id: input.channelId,
    ...(guild ? { guild_id: guild.id } : {}),
  });
}

/** A moderator bulk-deletes messages: removed, and one MESSAGE_DELETE_BULK dispatched. */
export async function deleteMessages(
  state: StandInState,
  dispatch: Dispatch,
  input: { channelId: string; messageIds: string[] },
): Promise<void> {
  const guild = state.channelGuild(input.channelId);
  for (const id of input.messageIds) state.messages.delete(id);
  await dispatch("MESSAGE_DELETE_BULK", {
    ids: input.messageIds,
    channel_id: input.channelId,
    ...(guild ? { guild_id: guild.id } : {}),
  });
}

/**
 * A member reacts to a stored message: the reaction is stored (GET reactions lists it) and
 * MESSAGE_REACTION_ADD is dispatched with the member and `message_author_id`. Resolves false, and
 * dispatches nothing, when they had already reacted with that emoji (as on Discord).
 */
export async function addReaction(
  state: StandInState,
  dispatch: Dispatch,
  input: ReactionInput,
): Promise<boolean> {
  const { guild, message, emoji } = reactionTarget(state, input);
  if (!state.react(message, emoji, input.userId)) return false;
  const member = guild.members.get(input.userId);
  await dispatch("MESSAGE_REACTION_ADD", {
    user_id: input.userId,
    channel_id: message.channel_id,
    message_id: message.id,
    guild_id: guild.id,
    ...(member ? { member: state.apiMember(member) } : {}),
    emoji: reactionEmojiPayload(emoji),
    message_author_id: message.author.id,
    burst: false,
    burst_colors: [],
    type: 0,
  });
  return true;
}

/** A member takes their reaction back: MESSAGE_REACTION_REMOVE (no member, no author, as on Discord). */
export async function removeReaction(
  state: StandInState,
  dispatch: Dispatch,
  input: ReactionInput,
): Promise<boolean> {
  const { guild, message, emoji } = reactionTarget(state, input);
  if (!state.unreact(message, emoji, input.userId)) return false;
  await dispatch("MESSAGE_REACTION_REMOVE", {
    user_id: input.userId,
    channel_id: message.channel_id,
    message_id: message.id,
    guild_id: guild.id,
    emoji: reactionEmojiPayload(emoji),
    burst: false,
    type: 0,
  });
  return true;
}

/**
 * A moderator removes every reaction of a stored message (MESSAGE_REACTION_REMOVE_ALL), or every
 * reaction of one emoji (MESSAGE_REACTION_REMOVE_EMOJI).
 */
export async function clearReactions(
  state: StandInState,
  dispatch: Dispatch,
  input: {
    channelId: string;
    messageId: string;
    emoji?: string | StoredReactionEmoji;
  },
): Promise<void> {
  const { guild, message } = reactionTarget(state, { ...input, userId: "", emoji: "" });
  const base = { channel_id: message.channel_id, message_id: message.id, guild_id: guild.id };
  if (input.emoji === undefined) {
    message.reactions?.clear();
    await dispatch("MESSAGE_REACTION_REMOVE_ALL", base);
    return;
  }
  const emoji = state.reactionEmoji(input.emoji);
  message.reactions?.delete(emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name);
  await dispatch("MESSAGE_REACTION_REMOVE_EMOJI", { ...base, emoji: reactionEmojiPayload(emoji) });
}

function reactionTarget(state: StandInState, input: ReactionInput) {
  const message = state.messages.get(input.messageId);
  if (!message || message.channel_id !== input.channelId) {
    throw new Error(`The stand-in has no message ${input.messageId} in channel ${input.channelId}`);
  }
  const guild = state.channelGuild(input.channelId);
  if (!guild) throw new Error("Reactions are followed in guild channels only");
  if (input.guildId && input.guildId !== guild.id) {
    throw new Error(`Channel ${input.channelId} is not in guild ${input.guildId}`);
  }
  return { guild, message, emoji: state.reactionEmoji(input.emoji) };
}

function reactionEmojiPayload(emoji: StoredReactionEmoji) {
  return emoji.id
    ? { id: emoji.id, name: emoji.name, animated: emoji.animated ?? false }
    : { id: null, name: emoji.name };
}
