import { z } from "zod";
import type { LinkButtonDraft } from "./limits.ts";

/** Discord's component types and the link button style, as numbers in its message JSON. */
const actionRowType = 1;
const buttonType = 2;
const linkStyle = 5;

const discordEmojiSchema = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  animated: z.boolean().nullish(),
});

/** One component of a row; keys the builder doesn't use (custom_id, disabled …) are ignored. */
const discordComponentSchema = z.object({
  type: z.number().int(),
  style: z.number().int().nullish(),
  label: z.string().nullish(),
  url: z.string().nullish(),
  emoji: discordEmojiSchema.nullish(),
});

/**
 * A message's `components` in Discord's own JSON: action rows of buttons and menus. Only the rows'
 * shape is required; what each component is decides whether the builder can use it.
 */
export const discordComponentsSchema = z.array(
  z.object({
    type: z.number().int(),
    components: z.array(discordComponentSchema).nullish(),
  }),
);

export type DiscordComponents = z.infer<typeof discordComponentsSchema>;

/** Discord's emoji object as the builder writes it: "🎉", `<:name:id>` or `<a:name:id>`. */
function emojiText(emoji: z.infer<typeof discordEmojiSchema> | null | undefined): string | undefined {
  if (!emoji?.name) return undefined;
  if (!emoji.id) return emoji.name;
  return `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>`;
}

/**
 * The link buttons (style 5) of a message's rows, in order, and how many other components there
 * were (buttons that run an action, menus, anything outside a row): the builder makes link
 * buttons only, so those are left out and the importer says so.
 */
export function linkButtonsFromComponents(rows: DiscordComponents): {
  buttons: LinkButtonDraft[];
  skipped: number;
} {
  const buttons: LinkButtonDraft[] = [];
  let skipped = 0;
  for (const row of rows) {
    if (row.type !== actionRowType) {
      skipped += 1;
      continue;
    }
    for (const component of row.components ?? []) {
      if (component.type !== buttonType || component.style !== linkStyle) {
        skipped += 1;
        continue;
      }
      const emoji = emojiText(component.emoji);
      buttons.push({ label: component.label ?? "", url: component.url ?? "", ...(emoji ? { emoji } : {}) });
    }
  }
  return { buttons, skipped };
}
