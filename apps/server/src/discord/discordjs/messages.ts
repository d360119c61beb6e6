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

/** The port's message, emoji and reaction calls over discord.js, for the adapter to assemble with the other parts. */
export function messagesPart(context: DiscordJsContext, port: DiscordPort) {
  return {
    async sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage> {
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
    },
    async editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
      await call(() =>
        context.rest.patch(Routes.channelMessage(channelId, messageId), {
          body: messageBody(sendable(message, { edit: true }), { replace: true }),
        }),
      );
    },
    async deleteMessage(channelId: string, messageId: string): Promise<void> {
      await call(() => context.rest.delete(Routes.channelMessage(channelId, messageId)));
    },
    async sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage> {
      const channel = (await call(() =>
        context.rest.post(Routes.userChannels(), { body: { recipient_id: userId } }),
      )) as { id: string };
      return port.sendMessage(channel.id, message);
    },
    async getMessage(channelId: string, messageId: string): Promise<MessageInfo | null> {
      const message = (await orNull(
        () => context.rest.get(Routes.channelMessage(channelId, messageId)),
        "unknown_message",
        "unknown_channel",
      )) as ApiMessage | null;
      if (!message) return null;
      // REST messages don't say their guild: the channel does.
      const guildId = message.guild_id ?? (await port.getChannel(channelId))?.guildId ?? null;
      return messageFromApi(message, guildId);
    },
    /** Over REST, briefly cached: the gateway's emoji cache is off (see clientOptions). */
    listEmojis(guildId: string): Promise<EmojiInfo[]> {
      return context.emojis.getOrLoad(guildId, async () => {
        const rows = await orNull(() => context.rest.get(Routes.guildEmojis(guildId)), "unknown_guild");
        return ((rows ?? []) as ApiEmoji[]).filter((emoji) => emoji.id).map(emojiFromApi);
      });
    },
    async listReactionUsers(
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
    },
    async addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void> {
      await call(() =>
        context.rest.put(Routes.channelMessageOwnReaction(channelId, messageId, reactionRoute(emoji))),
      );
    },
  } satisfies Partial<DiscordPort>;
}
