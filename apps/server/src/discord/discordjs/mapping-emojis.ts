import type { APIMessageComponentEmoji } from "discord.js";
import { type EmojiInfo, emojiKey, type ReactionEmoji } from "../port/port.ts";

// Emojis: a guild's custom ones, reactions' emojis and the emoji of a button or menu option.

/** An emoji as reactions and the emoji list carry it (a deleted custom emoji may have lost its name). */
export interface ApiEmoji {
  id: string | null;
  name: string | null;
  animated?: boolean;
}

export const reactionEmojiFromApi = (emoji: ApiEmoji): ReactionEmoji =>
  emoji.id
    ? { id: emoji.id, name: emoji.name ?? "", ...(emoji.animated ? { animated: true } : {}) }
    : { id: null, name: emoji.name ?? "" };

export const emojiFromApi = (emoji: ApiEmoji): EmojiInfo => ({
  id: emoji.id ?? "",
  name: emoji.name ?? "",
  animated: emoji.animated ?? false,
});

/** The emoji as the reaction routes name it (`⭐` or `name:id`), URL-encoded. */
export const reactionRoute = (emoji: ReactionEmoji): string => encodeURIComponent(emojiKey(emoji));

/** Discord's emoji object as the port writes it: "🎉", "<:name:id>" or "<a:name:id>". */
export function emojiText(emoji: Partial<ApiEmoji> | undefined): string | undefined {
  if (!emoji?.name) return undefined;
  return emoji.id ? `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>` : emoji.name;
}

/** "🎉", "<:name:id>" or "<a:name:id>" as Discord's emoji object. */
export function emojiBody(emoji: string): APIMessageComponentEmoji {
  const custom = /^<(a?):(\w+):(\d+)>$/.exec(emoji);
  if (!custom) return { name: emoji };
  return { id: custom[3], name: custom[2], animated: custom[1] === "a" };
}
