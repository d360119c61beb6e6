import { randomBytes } from "node:crypto";
import { type APIUser, Routes } from "discord.js";
import { sendable } from "../payload-rules/message-limits.ts";
import type {
  DiscordPort,
  EmojiInfo,
  MessageInfo,
  OutgoingMessage,
  ReactionEmoji,
  SentMessage,
} from "../port/port.ts";
import { call, type DiscordJsContext, orNull } from "./context.ts";
import { type ApiEmoji, emojiFromApi, reactionRoute } from "./mapping-emojis.ts";
import { type ApiMessage, filesOf, messageBody, messageFromApi } from "./mapping-messages.ts";

// Messages over discord.js: sending, editing and reading them, direct messages, reactions and the
// guild's emojis they use.

/**
 * A message's nonce: fresh per message, the same on every retry of it. With `enforce_nonce`, Discord
 * answers a retried post with the message the first attempt made when that attempt was handled but
 * its answer was lost (a timeout), instead of posting it twice. At most 25 characters.
 */
export function messageNonce(): string {
  return randomBytes(15).toString("base64url");
}

export async function sendMessage(
  context: DiscordJsContext,
  channelId: string,
  message: OutgoingMessage,
): Promise<SentMessage> {
  // One body for every attempt: discord.js retries a timed-out post with the same body.
  const body = {
    ...messageBody(sendable(message)),
    nonce: message.nonce ?? messageNonce(),
    enforce_nonce: true,
  };
  const sent = (await call(() =>
    context.rest.post(Routes.channelMessages(channelId), { body, files: filesOf(message) }),
  )) as { id: string; channel_id: string };
  return { id: sent.id, channelId: sent.channel_id };
}

export async function editMessage(
  context: DiscordJsContext,
  channelId: string,
  messageId: string,
  message: OutgoingMessage,
): Promise<void> {
  await call(() =>
    context.rest.patch(Routes.channelMessage(channelId, messageId), {
      body: messageBody(sendable(message, { edit: true }), { replace: true }),
    }),
  );
}

export async function deleteMessage(
  context: DiscordJsContext,
  channelId: string,
  messageId: string,
): Promise<void> {
  await call(() => context.rest.delete(Routes.channelMessage(channelId, messageId)));
}

export async function sendDirectMessage(
  context: DiscordJsContext,
  port: Pick<DiscordPort, "sendMessage">,
  userId: string,
  message: OutgoingMessage,
): Promise<SentMessage> {
  const channel = (await call(() =>
    context.rest.post(Routes.userChannels(), { body: { recipient_id: userId } }),
  )) as { id: string };
  return port.sendMessage(channel.id, message);
}

export async function getMessage(
  context: DiscordJsContext,
  port: Pick<DiscordPort, "getChannel">,
  channelId: string,
  messageId: string,
): Promise<MessageInfo | null> {
  const message = (await orNull(
    () => context.rest.get(Routes.channelMessage(channelId, messageId)),
    "unknown_message",
    "unknown_channel",
  )) as ApiMessage | null;
  if (!message) return null;
  // REST messages don't say their guild: the channel does.
  const guildId = message.guild_id ?? (await port.getChannel(channelId))?.guildId ?? null;
  return messageFromApi(message, guildId);
}

/** Over REST, briefly cached: the gateway's emoji cache is off (see clientOptions). */
export function listEmojis(context: DiscordJsContext, guildId: string): Promise<EmojiInfo[]> {
  return context.emojis.getOrLoad(guildId, async () => {
    const rows = await orNull(() => context.rest.get(Routes.guildEmojis(guildId)), "unknown_guild");
    return ((rows ?? []) as ApiEmoji[]).filter((emoji) => emoji.id).map(emojiFromApi);
  });
}

export async function listReactionUsers(
  context: DiscordJsContext,
  channelId: string,
  messageId: string,
  emoji: ReactionEmoji,
  limit = 1000,
): Promise<string[]> {
  const route = Routes.channelMessageReaction(channelId, messageId, reactionRoute(emoji));
  const ids: string[] = [];
  // Discord answers at most 100 users a page, in id order; `after` walks on from the last one.
  for (let after: string | null = null; ids.length < limit; ) {
    const size = Math.min(100, limit - ids.length);
    const query = new URLSearchParams({ limit: String(size) });
    if (after) query.set("after", after);
    const page = (await call(() => context.rest.get(route, { query }))) as APIUser[];
    ids.push(...page.map((user) => user.id));
    const last = page.at(-1);
    if (!last || page.length < size) break;
    after = last.id;
  }
  return ids;
}

export async function addReaction(
  context: DiscordJsContext,
  channelId: string,
  messageId: string,
  emoji: ReactionEmoji,
): Promise<void> {
  await call(() =>
    context.rest.put(Routes.channelMessageOwnReaction(channelId, messageId, reactionRoute(emoji))),
  );
}
