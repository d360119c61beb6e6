/**
 * Discord's own embed limits. The old product's docs gave smaller or contradicting numbers (title
 * 156, footer 128, total 4096 or 6000); Discord refuses anything past these, so these are enforced
 * and the docs say so.
 */
export const embedLimits = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** Title, description, field names and values, footer and author name together. */
  total: 6000,
  /** Embeds per message. */
  perMessage: 10,
  /** An imported template file. */
  importBytes: 1024 * 1024,
} as const;

/**
 * Discord's limits for the link buttons sent under an embed. The builder keeps them to one row
 * (five buttons, Discord's most per row), so they fit a message that has other rows of buttons.
 */
export const linkButtonLimits = {
  perMessage: 5,
  label: 80,
  url: 512,
} as const;

/** A button under the embed that opens a web page; `emoji` is "🎉" or a custom `<:name:id>`. */
export interface LinkButtonDraft {
  label: string;
  url: string;
  emoji?: string;
}

/** An embed as members write it; colours are `#RRGGBB`. */
export interface EmbedDraft {
  title?: string;
  description?: string;
  url?: string;
  color?: string;
  footer?: { text: string; iconUrl?: string };
  author?: { name: string; iconUrl?: string; url?: string };
  thumbnailUrl?: string;
  imageUrl?: string;
  fields?: { name: string; value: string; inline?: boolean }[];
  timestamp?: boolean;
  /** Link buttons sent under the embed (part of the message, not of the embed itself). */
  buttons?: LinkButtonDraft[];
}

export interface EmbedProblem {
  /** The part that is wrong: `title`, `fields[2].value`, `color` … */
  field: string;
  /** A sentence for the member, naming the limit. */
  message: string;
}

const hexColour = /^#[0-9a-fA-F]{6}$/;
const webUrl = /^https?:\/\/[^\s]+$/i;

/** The image formats Discord shows in an embed (by file extension). */
export const embedImageFormats = ["png", "jpg", "jpeg", "gif", "webp"] as const;
const imageFormats: ReadonlySet<string> = new Set(embedImageFormats);

/**
 * The file extension of a link's path (lower case), or null when it has none. Links without one
 * are accepted: image hosts and Discord's own CDN often serve images from such paths, and only the
 * file itself could tell its format.
 */
function imageExtension(url: string): string | null {
  // The path alone: after the host, before any query or fragment (no URL global in core's lib).
  const path = /^[a-z]+:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? "";
  const last = path.slice(path.lastIndexOf("/") + 1);
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(last);
  return match ? (match[1] as string).toLowerCase() : null;
}

const customEmoji = /^<a?:\w{2,32}:\d{15,25}>$/;
/**
 * One unicode emoji: a flag (two regional indicators), a keycap (1️⃣), or a pictograph with an
 * optional variation selector or skin tone, subdivision tags (🏴󠁧󠁢󠁳󠁣󠁴󠁿) and joined pictographs (👨‍👩‍👧).
 */
const unicodeEmoji =
  /^(?:\p{Regional_Indicator}{2}|[0-9#*]\uFE0F?\u20E3|\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?(?:[\u{E0020}-\u{E007E}]+\u{E007F})?(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)*)$/u;

/** True when the text is one emoji a button can show: unicode (🎉) or custom (`<:name:id>`). */
export function isButtonEmoji(text: string): boolean {
  return customEmoji.test(text) || unicodeEmoji.test(text);
}

/** Every way the link buttons break Discord's rules, each naming the limit. */
export function validateLinkButtons(buttons: readonly LinkButtonDraft[]): EmbedProblem[] {
  const problems: EmbedProblem[] = [];
  if (buttons.length > linkButtonLimits.perMessage) {
    problems.push({
      field: "buttons",
      message: `The message has ${buttons.length} link buttons; the limit is ${linkButtonLimits.perMessage} (one row of Discord buttons).`,
    });
  }
  buttons.forEach((button, index) => {
    const label = `Link button ${index + 1}`;
    const at = `buttons[${index}]`;
    if (button.label.trim() === "") {
      problems.push({ field: `${at}.label`, message: `${label} needs a label.` });
    } else if (button.label.length > linkButtonLimits.label) {
      problems.push({
        field: `${at}.label`,
        message: `${label}'s label is ${button.label.length} characters; the limit is ${linkButtonLimits.label}.`,
      });
    }
    if (button.url.length > linkButtonLimits.url) {
      problems.push({
        field: `${at}.url`,
        message: `${label}'s link is ${button.url.length} characters; the limit is ${linkButtonLimits.url}.`,
      });
    } else if (!webUrl.test(button.url)) {
      problems.push({
        field: `${at}.url`,
        message: `${label}'s link must be a web address starting with http:// or https://.`,
      });
    }
    if (button.emoji !== undefined && button.emoji !== "" && !isButtonEmoji(button.emoji)) {
      problems.push({
        field: `${at}.emoji`,
        message: `${label}'s emoji must be one emoji (🎉) or a custom emoji written <:name:id>; “${button.emoji.slice(0, 40)}” isn't one.`,
      });
    }
  });
  return problems;
}

/** `#RRGGBB` as Discord's integer colour, or null when it isn't one. */
export function parseHexColour(text: string): number | null {
  const trimmed = text.trim();
  return hexColour.test(trimmed) ? Number.parseInt(trimmed.slice(1), 16) : null;
}

/** An integer colour as `#RRGGBB`. */
export function formatHexColour(colour: number): string {
  return `#${colour.toString(16).padStart(6, "0").toUpperCase()}`;
}

/** The characters Discord counts towards an embed's 6,000 total. */
export function embedLength(embed: EmbedDraft): number {
  let total = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  total += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const field of embed.fields ?? []) total += field.name.length + field.value.length;
  return total;
}

/**
 * Every way the embed breaks Discord's rules, each naming the limit; empty when it can be sent.
 * An embed needs at least one visible part (title, description, field, image, author or footer).
 */
export function validateEmbed(embed: EmbedDraft): EmbedProblem[] {
  const problems: EmbedProblem[] = [];
  const over = (field: string, label: string, text: string | undefined, max: number) => {
    if (text !== undefined && text.length > max) {
      problems.push({ field, message: `${label} is ${text.length} characters; the limit is ${max}.` });
    }
  };
  over("title", "The title", embed.title, embedLimits.title);
  over("description", "The description", embed.description, embedLimits.description);
  over("footer.text", "The footer", embed.footer?.text, embedLimits.footerText);
  over("author.name", "The author name", embed.author?.name, embedLimits.authorName);
  const fields = embed.fields ?? [];
  if (fields.length > embedLimits.fields) {
    problems.push({
      field: "fields",
      message: `The embed has ${fields.length} fields; the limit is ${embedLimits.fields}.`,
    });
  }
  fields.forEach((field, index) => {
    const label = `Field ${index + 1}`;
    if (field.name.trim() === "") {
      problems.push({ field: `fields[${index}].name`, message: `${label} needs a name.` });
    }
    if (field.value.trim() === "") {
      problems.push({ field: `fields[${index}].value`, message: `${label} needs a value.` });
    }
    over(`fields[${index}].name`, `${label}'s name`, field.name, embedLimits.fieldName);
    over(`fields[${index}].value`, `${label}'s value`, field.value, embedLimits.fieldValue);
  });
  if (embed.color !== undefined && parseHexColour(embed.color) === null) {
    problems.push({ field: "color", message: "Colours are written #RRGGBB, for example #FF8C00." });
  }
  const links: [string, string, string | undefined, boolean][] = [
    ["url", "The title link", embed.url, false],
    ["thumbnailUrl", "The thumbnail", embed.thumbnailUrl, true],
    ["imageUrl", "The image", embed.imageUrl, true],
    ["footer.iconUrl", "The footer icon", embed.footer?.iconUrl, true],
    ["author.iconUrl", "The author icon", embed.author?.iconUrl, true],
    ["author.url", "The author link", embed.author?.url, false],
  ];
  for (const [field, label, url, isImage] of links) {
    if (url === undefined || url === "") continue;
    if (!webUrl.test(url)) {
      problems.push({ field, message: `${label} must be a web address starting with http:// or https://.` });
      continue;
    }
    const extension = isImage ? imageExtension(url) : null;
    if (extension !== null && !imageFormats.has(extension)) {
      problems.push({
        field,
        message: `${label} must be a PNG, JPG, GIF or WebP image; “.${extension}” isn't one of those formats.`,
      });
    }
  }
  if (embed.buttons) problems.push(...validateLinkButtons(embed.buttons));
  const total = embedLength(embed);
  if (total > embedLimits.total) {
    problems.push({
      field: "embed",
      message: `The embed has ${total} characters in all; Discord's limit is ${embedLimits.total}.`,
    });
  }
  const visible =
    Boolean(embed.title?.trim()) ||
    Boolean(embed.description?.trim()) ||
    fields.length > 0 ||
    Boolean(embed.imageUrl || embed.thumbnailUrl) ||
    Boolean(embed.author?.name.trim()) ||
    Boolean(embed.footer?.text.trim());
  if (!visible) {
    problems.push({
      field: "embed",
      message: "The embed is empty: give it a title, a description or a field.",
    });
  }
  return problems;
}
