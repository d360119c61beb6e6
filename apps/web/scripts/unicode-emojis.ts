import { createRequire } from "node:module";
import type { Plugin } from "vite";

/**
 * `virtual:unicode-emojis`: the emoji picker's list, generated at build time from emojibase-data
 * (Unicode's emoji set with CLDR names, and the shortcodes Slack and Discord use, iamcal's), so the
 * site carries a compact list rather than the package. One row per emoji: the emoji, its name, its
 * shortcodes (space-separated). Skin-tone variants, the components (hair, skin tones) and the bare
 * regional letters are left out; so are emojis newer than Unicode 15, which Discord may not know
 * as reactions yet. Imported lazily by the picker: its own chunk, ~20 KB gzip (issue 28 #3).
 */
export const unicodeEmojisModule = "virtual:unicode-emojis";
const resolvedId = `\0${unicodeEmojisModule}`;
const newestVersion = 15;
/** emojibase's group of the components (skin tones, hair styles): not emojis one reacts with. */
const componentGroup = 2;

interface EmojibaseEmoji {
  emoji: string;
  label: string;
  hexcode: string;
  group?: number;
  order?: number;
  version: number;
}

export type UnicodeEmojiRow = [emoji: string, name: string, shortcodes: string];

export function unicodeEmojiRows(): UnicodeEmojiRow[] {
  const require = createRequire(import.meta.url);
  const data = require("emojibase-data/en/data.json") as EmojibaseEmoji[];
  const shortcodes = require("emojibase-data/en/shortcodes/iamcal.json") as Record<string, string | string[]>;
  return data
    .filter((e) => e.group !== undefined && e.group !== componentGroup && e.version <= newestVersion)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((e) => [e.emoji, e.label, [shortcodes[e.hexcode] ?? []].flat().join(" ")]);
}

export function unicodeEmojis(): Plugin {
  return {
    name: "hearth-unicode-emojis",
    resolveId: (source) => (source === unicodeEmojisModule ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? `export default ${JSON.stringify(unicodeEmojiRows())};` : undefined),
  };
}
