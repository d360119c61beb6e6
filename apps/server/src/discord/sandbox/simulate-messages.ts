import {
  type Attachment,
  DiscordError,
  type DiscordPort,
  type Embed,
  emojiKey,
  type OutgoingMessage,
  parseEmoji,
  type ReactionEmoji,
  type SentMessage,
} from "../port/port.ts";
import { requireChannel, requireMessage, type SandboxContext } from "./context.ts";
import { removeMessage, storeMessage } from "./messages.ts";
import { storeReaction } from "./reactions.ts";
import { mentionedUserIds } from "./rows.ts";

// What members do with messages in the sandbox: posting, editing, deleting and reacting, each heard
// as the gateway event Discord would send.

export interface SimulatedReaction {
  channelId: string;
  messageId: string;
  userId: string;
  emoji: ReactionEmoji | string;
  remove?: boolean;
}

export interface SimulatedReactionClear {
  channelId: string;
  messageId: string;
  emoji?: ReactionEmoji | string;
}

/** What members do with messages (posting, editing, deleting, reacting), for SandboxAdapter to assemble with the other parts. */
export function messageSimulation(context: SandboxContext, port: DiscordPort) {
  return {
    /**
     * A member posts in a channel: stored (attachments too, so `getMessage` returns them) and heard
     * as `messageCreate` with the author's roles and the users the text mentions.
     */
    async simulateMessage(
      channelId: string,
      authorId: string,
      content: string,
      options: { attachments?: Attachment[]; embeds?: Embed[] } = {},
    ): Promise<SentMessage> {
      const channel = await requireChannel(context, channelId);
      const author = await port.getUser(authorId);
      if (!author) throw new DiscordError("unknown_user", `Unknown user ${authorId}`);
      const attachments = options.attachments ?? [];
      const embeds = options.embeds ?? [];
      const payload = embeds.length > 0 ? { content, embeds } : { content };
      const id = await storeMessage(context, channelId, channel.guild_id, payload, authorId, attachments);
      const member = await port.getMember(channel.guild_id, authorId);
      await context.events.emit("messageCreate", {
        id,
        channelId,
        guildId: channel.guild_id,
        author,
        content,
        memberRoleIds: member ? member.roleIds : null,
        mentionUserIds: mentionedUserIds(content),
        attachments,
        embeds,
        webhookId: null,
        createdAt: Date.now(),
      });
      return { id, channelId };
    },
    /** The author edits a message's text (its attachments stay) and the bot hears `messageUpdate`. */
    async simulateMessageEdit(channelId: string, messageId: string, content: string): Promise<void> {
      const message = await requireMessage(context, channelId, messageId);
      const row = await context.db
        .selectFrom("sandbox_messages")
        .select("payload")
        .where("id", "=", messageId)
        .executeTakeFirstOrThrow();
      const payload = { ...(JSON.parse(row.payload) as OutgoingMessage), content };
      await context.db
        .updateTable("sandbox_messages")
        .set({ content, payload: JSON.stringify(payload), edited_at: Date.now() })
        .where("id", "=", messageId)
        .execute();
      await context.events.emit("messageUpdate", { guildId: message.guild_id, channelId, messageId });
    },
    /** Someone else (the author, a moderator) deletes a message. */
    async simulateMessageDelete(channelId: string, messageId: string): Promise<void> {
      const message = await requireMessage(context, channelId, messageId);
      await removeMessage(context, channelId, messageId);
      await context.events.emit("messageDelete", { guildId: message.guild_id, channelId, messageId });
    },
    /**
     * A member adds (or, with `remove`, takes back) a reaction. As on Discord, reacting twice with the
     * same emoji changes nothing and is not heard again; answers whether anything changed. Removals
     * carry no `messageAuthorId` (Discord's remove event doesn't either).
     */
    async simulateReaction(input: SimulatedReaction): Promise<boolean> {
      const emoji = typeof input.emoji === "string" ? parseEmoji(input.emoji) : input.emoji;
      if (!emoji) throw new Error(`Not an emoji: ${String(input.emoji)}`);
      const { channelId, messageId, userId } = input;
      const message = await requireMessage(context, channelId, messageId);
      const guildId = message.guild_id;
      if (!guildId)
        throw new DiscordError("unknown_channel", "Reactions are simulated in server channels only");
      if (input.remove) {
        const result = await context.db
          .deleteFrom("sandbox_reactions")
          .where("message_id", "=", messageId)
          .where("emoji_key", "=", emojiKey(emoji))
          .where("user_id", "=", userId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await context.events.emit("reactionRemove", {
          guildId,
          channelId,
          messageId,
          userId,
          emoji,
          messageAuthorId: null,
        });
        return true;
      }
      const added = await storeReaction(context, channelId, messageId, userId, emoji);
      if (!added) return false;
      await context.events.emit("reactionAdd", {
        guildId,
        channelId,
        messageId,
        userId,
        emoji,
        messageAuthorId: message.author_id,
      });
      return true;
    },
    /** A moderator clears every reaction of a message, or only those of one emoji. */
    async simulateReactionClear(input: SimulatedReactionClear): Promise<void> {
      const emoji = typeof input.emoji === "string" ? parseEmoji(input.emoji) : (input.emoji ?? null);
      if (input.emoji !== undefined && !emoji) throw new Error(`Not an emoji: ${String(input.emoji)}`);
      const message = await requireMessage(context, input.channelId, input.messageId);
      if (!message.guild_id) {
        throw new DiscordError("unknown_channel", "Reactions are simulated in server channels only");
      }
      let query = context.db.deleteFrom("sandbox_reactions").where("message_id", "=", input.messageId);
      if (emoji) query = query.where("emoji_key", "=", emojiKey(emoji));
      await query.execute();
      await context.events.emit("reactionClear", {
        guildId: message.guild_id,
        channelId: input.channelId,
        messageId: input.messageId,
        emoji,
      });
    },
  };
}
