import { type DiscordPort, type EmojiInfo, emojiKey, type ReactionEmoji } from "../port/port.ts";
import { requireMessage, type SandboxContext } from "./context.ts";
import { record } from "./outbox.ts";

// The sandbox's reactions and the guilds' custom emojis they may use.

/**
 * A strictly increasing time for reactions: Discord lists a message's reactions in the order
 * each emoji was first used, and two reactions in the same millisecond must keep their order.
 */
export function reactionClock(): () => number {
  let last = 0;
  return () => {
    const now = Date.now();
    last = now > last ? now : last + 1;
    return last;
  };
}

/** Stores one member's reaction; false when it was already there (Discord ignores a repeat). */
export async function storeReaction(
  context: SandboxContext,
  channelId: string,
  messageId: string,
  userId: string,
  emoji: ReactionEmoji,
): Promise<boolean> {
  const result = await context.db
    .insertInto("sandbox_reactions")
    .values({
      channel_id: channelId,
      message_id: messageId,
      emoji_key: emojiKey(emoji),
      emoji_id: emoji.id,
      emoji_name: emoji.name,
      animated: emoji.animated ? 1 : 0,
      user_id: userId,
      created_at: context.reactionStamp(),
    })
    .onConflict((oc) => oc.columns(["message_id", "emoji_key", "user_id"]).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  if (added) context.changes.notify(null);
  return added;
}

/** The port's emoji and reaction calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function reactionsPart(context: SandboxContext) {
  return {
    async listEmojis(guildId: string): Promise<EmojiInfo[]> {
      const rows = await context.db
        .selectFrom("sandbox_emojis")
        .selectAll()
        .where("guild_id", "=", guildId)
        .orderBy("name")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, animated: row.animated === 1 }));
    },
    async listReactionUsers(
      channelId: string,
      messageId: string,
      emoji: ReactionEmoji,
      limit = 1000,
    ): Promise<string[]> {
      await requireMessage(context, channelId, messageId);
      const rows = await context.db
        .selectFrom("sandbox_reactions")
        .select("user_id")
        .where("message_id", "=", messageId)
        .where("emoji_key", "=", emojiKey(emoji))
        .orderBy("created_at")
        .orderBy("user_id")
        .limit(Math.max(0, Math.floor(limit)))
        .execute();
      return rows.map((row) => row.user_id);
    },
    async addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void> {
      const message = await requireMessage(context, channelId, messageId);
      const added = await storeReaction(context, channelId, messageId, context.botUserId, emoji);
      await record(context, message.guild_id, "reaction.add", { channelId, messageId, emoji, added });
      if (added && message.guild_id) {
        await context.events.emit("reactionAdd", {
          guildId: message.guild_id,
          channelId,
          messageId,
          userId: context.botUserId,
          emoji,
          messageAuthorId: message.author_id,
        });
      }
    },
  } satisfies Partial<DiscordPort>;
}
