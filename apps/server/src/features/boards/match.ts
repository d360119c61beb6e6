import type { AppContext } from "../../context.ts";
import type { ReactionEmoji } from "../../discord/port/port.ts";

/** A custom emoji's stored key (`name:id`): its id, which survives a rename. */
const customKey = /^[\w~]{2,32}:(\d{17,20})$/;

/**
 * The part of an emoji that identifies it: a custom emoji's id (Discord sends the current name, so
 * a renamed emoji must still count) or the unicode text without variation selectors (keyboards
 * write ⭐ and ⭐️ for the same reaction).
 */
export function emojiIdentity(emoji: ReactionEmoji | string): string {
  if (typeof emoji === "string") {
    const id = customKey.exec(emoji)?.[1];
    return id ? `id:${id}` : emoji.replace(/\uFE0F/g, "");
  }
  return emoji.id ? `id:${emoji.id}` : emoji.name.replace(/\uFE0F/g, "");
}

/** Whether a reaction is the board's emoji (the board's `emojiKey` against what Discord sent). */
export function sameEmoji(boardKey: string, emoji: ReactionEmoji | string): boolean {
  return emojiIdentity(boardKey) === emojiIdentity(emoji);
}

/** Discord's thread channel types: a thread is age-restricted when its parent channel is. */
const threadTypes = new Set([10, 11, 12]);

/**
 * Whether a channel is age-restricted now (a thread by its parent); null when the bot can't see it.
 * Read at every sync, so a channel marked age-restricted later stops its messages at once.
 */
export async function ageRestricted(deps: Pick<AppContext, "discord">, channelId: string) {
  const channel = await deps.discord.getChannel(channelId);
  if (!channel) return null;
  if (channel.nsfw || !threadTypes.has(channel.type) || !channel.parentId) return channel.nsfw;
  const parent = await deps.discord.getChannel(channel.parentId);
  return parent ? parent.nsfw : null;
}
