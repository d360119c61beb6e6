import {
  compileTemplate,
  exampleTemplateContext,
  renderTemplate,
  validateTemplate,
} from "../template/index.ts";
import {
  type EmbedDraft,
  type EmbedProblem,
  formatHexColour,
  type LinkButtonDraft,
  parseHexColour,
  validateEmbed,
} from "./limits.ts";

/**
 * An embed as Discord takes it (the server's port uses the same shape): colour as an integer,
 * the timestamp as an ISO date, images as `{ url }`.
 */
export interface EmbedPayload {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  footer?: { text: string; iconUrl?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  author?: { name: string; iconUrl?: string; url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

/** The text parts of a draft that may hold template tags, by the name problems use. */
type TextPart =
  | "title"
  | "description"
  | "footer.text"
  | "author.name"
  | `fields[${number}].${"name" | "value"}`
  | `buttons[${number}].label`;
/** The link parts; each may be a web address or a tag that gives one (`{user.avatar}`). */
type UrlPart =
  | "url"
  | "thumbnailUrl"
  | "imageUrl"
  | "footer.iconUrl"
  | "author.iconUrl"
  | "author.url"
  | `buttons[${number}].url`;

const nonEmpty = (text: string | undefined): string | undefined =>
  text === undefined || text.trim() === "" ? undefined : text;

/**
 * A link button with its label, link and emoji trimmed; an empty emoji goes. A button with an
 * empty label or link is kept, so the checks name it instead of it vanishing.
 */
const cleanButton = (button: LinkButtonDraft): LinkButtonDraft => {
  const emoji = button.emoji?.trim();
  return { label: button.label.trim(), url: button.url.trim(), ...(emoji ? { emoji } : {}) };
};

/**
 * The draft without empty parts: blank strings are dropped, a footer without text and an author
 * without a name go, colours are written `#RRGGBB` in capitals. Text is kept as written otherwise.
 */
export function cleanDraft(draft: EmbedDraft): EmbedDraft {
  const out: EmbedDraft = {};
  const title = nonEmpty(draft.title);
  if (title !== undefined) out.title = title;
  const description = nonEmpty(draft.description);
  if (description !== undefined) out.description = description;
  const url = nonEmpty(draft.url)?.trim();
  if (url !== undefined) out.url = url;
  const color = nonEmpty(draft.color)?.trim();
  if (color !== undefined) {
    const parsed = parseHexColour(color);
    out.color = parsed === null ? color : formatHexColour(parsed);
  }
  const footerText = nonEmpty(draft.footer?.text);
  if (footerText !== undefined) {
    const iconUrl = nonEmpty(draft.footer?.iconUrl)?.trim();
    out.footer = { text: footerText, ...(iconUrl ? { iconUrl } : {}) };
  }
  const authorName = nonEmpty(draft.author?.name);
  if (authorName !== undefined) {
    const iconUrl = nonEmpty(draft.author?.iconUrl)?.trim();
    const link = nonEmpty(draft.author?.url)?.trim();
    out.author = { name: authorName, ...(iconUrl ? { iconUrl } : {}), ...(link ? { url: link } : {}) };
  }
  const thumbnailUrl = nonEmpty(draft.thumbnailUrl)?.trim();
  if (thumbnailUrl !== undefined) out.thumbnailUrl = thumbnailUrl;
  const imageUrl = nonEmpty(draft.imageUrl)?.trim();
  if (imageUrl !== undefined) out.imageUrl = imageUrl;
  if (draft.fields && draft.fields.length > 0) {
    out.fields = draft.fields.map((field) => ({
      name: field.name,
      value: field.value,
      ...(field.inline ? { inline: true } : {}),
    }));
  }
  if (draft.timestamp) out.timestamp = true;
  if (draft.buttons && draft.buttons.length > 0) out.buttons = draft.buttons.map(cleanButton);
  return out;
}

/** Applies `map` to every text part of the draft (not the links). */
function mapTexts(draft: EmbedDraft, map: (text: string, part: TextPart) => string): EmbedDraft {
  const out: EmbedDraft = { ...draft };
  if (draft.title !== undefined) out.title = map(draft.title, "title");
  if (draft.description !== undefined) out.description = map(draft.description, "description");
  if (draft.footer) out.footer = { ...draft.footer, text: map(draft.footer.text, "footer.text") };
  if (draft.author) out.author = { ...draft.author, name: map(draft.author.name, "author.name") };
  if (draft.fields) {
    out.fields = draft.fields.map((field, index) => ({
      ...field,
      name: map(field.name, `fields[${index}].name`),
      value: map(field.value, `fields[${index}].value`),
    }));
  }
  if (draft.buttons) {
    out.buttons = draft.buttons.map((button, index) => ({
      ...button,
      label: map(button.label, `buttons[${index}].label`),
    }));
  }
  return out;
}

/** Applies `map` to every link of the draft. */
function mapUrls(draft: EmbedDraft, map: (url: string, part: UrlPart) => string): EmbedDraft {
  const out: EmbedDraft = { ...draft };
  if (draft.url !== undefined) out.url = map(draft.url, "url");
  if (draft.thumbnailUrl !== undefined) out.thumbnailUrl = map(draft.thumbnailUrl, "thumbnailUrl");
  if (draft.imageUrl !== undefined) out.imageUrl = map(draft.imageUrl, "imageUrl");
  if (draft.footer?.iconUrl !== undefined) {
    out.footer = { ...(out.footer ?? draft.footer), iconUrl: map(draft.footer.iconUrl, "footer.iconUrl") };
  }
  if (draft.author) {
    const author = { ...(out.author ?? draft.author) };
    if (draft.author.iconUrl !== undefined) author.iconUrl = map(draft.author.iconUrl, "author.iconUrl");
    if (draft.author.url !== undefined) author.url = map(draft.author.url, "author.url");
    out.author = author;
  }
  if (draft.buttons) {
    out.buttons = draft.buttons.map((button, index) => ({
      ...button,
      url: map(button.url, `buttons[${index}].url`),
    }));
  }
  return out;
}

/**
 * Fills in the draft's template tags (texts and links) with `render`, then drops what came out
 * empty (and links that came out as something other than a web address). The caller renders with the welcome template language for the member who sends it.
 */
export function renderDraft(draft: EmbedDraft, render: (text: string) => string): EmbedDraft {
  const withTags = (text: string) => (text.includes("{") ? render(text) : text);
  // A link made by a tag that gives no web address (a server without an icon) is left out.
  const link = (url: string) => {
    if (!url.includes("{")) return url;
    const filled = render(url).trim();
    return /^https?:\/\/\S+$/i.test(filled) ? filled : "";
  };
  return cleanDraft(mapUrls(mapTexts(draft, withTags), link));
}

/** The draft without the links that are tags: what can be shown before the tags are filled in. */
export function withoutTagLinks(draft: EmbedDraft): EmbedDraft {
  return cleanDraft(mapUrls(draft, (url) => (url.includes("{") ? "" : url)));
}

const partLabel = (part: string): string => {
  const field = /^fields\[(\d+)\]\.(name|value)$/.exec(part);
  if (field) return `field ${Number(field[1]) + 1}'s ${field[2]}`;
  const button = /^buttons\[(\d+)\]\.(label|url)$/.exec(part);
  if (button) return `link button ${Number(button[1]) + 1}'s ${button[2] === "url" ? "link" : "label"}`;
  const labels: Record<string, string> = {
    title: "the title",
    description: "the description",
    "footer.text": "the footer",
    "author.name": "the author name",
    url: "the title link",
    thumbnailUrl: "the thumbnail",
    imageUrl: "the image",
    "footer.iconUrl": "the footer icon",
    "author.iconUrl": "the author icon",
    "author.url": "the author link",
  };
  return labels[part] ?? part;
};

/**
 * Every problem of a draft as written: Discord's limits (on the text as written; tags are filled in
 * when it is sent), `#RRGGBB` colours, web links (a link may also be a tag that gives one, such as
 * `{user.avatar}`), and template tags the language doesn't know, with the closest known tag.
 */
export function validateDraft(draft: EmbedDraft): EmbedProblem[] {
  const problems: EmbedProblem[] = [];
  // Links that are tags are checked as the example member's values: `{user.avatar}` gives a link.
  const example = exampleTemplateContext();
  const linksFilled = mapUrls(draft, (url) =>
    url.includes("{") ? renderTemplate(url, example).trim() : url,
  );
  problems.push(...validateEmbed(cleanDraft(linksFilled)));
  const tagProblems = (text: string, part: string) => {
    if (!text.includes("{")) return;
    for (const unknown of validateTemplate(text)) {
      const hint = unknown.suggestion ? ` Did you mean ${unknown.suggestion}?` : "";
      problems.push({
        field: part,
        message: `${unknown.tag} in ${partLabel(part)} isn't a tag Hearth knows.${hint}`,
      });
    }
  };
  mapTexts(draft, (text, part) => {
    tagProblems(text, part);
    return text;
  });
  mapUrls(draft, (url, part) => {
    tagProblems(url, part);
    return url;
  });
  return problems;
}

/** True when some text or link of the draft uses a template tag. */
export function draftHasTags(draft: EmbedDraft): boolean {
  let found = false;
  const check = (text: string) => {
    if (
      !found &&
      text.includes("{") &&
      compileTemplate(text).parts.some((part) => typeof part !== "string")
    ) {
      found = true;
    }
    return text;
  };
  mapUrls(mapTexts(draft, check), check);
  return found;
}

/** The draft as Discord takes it; `now` is the time shown when the timestamp is on. */
export function draftToEmbed(draft: EmbedDraft, now: number = Date.now()): EmbedPayload {
  const clean = cleanDraft(draft);
  const embed: EmbedPayload = {};
  if (clean.title !== undefined) embed.title = clean.title;
  if (clean.description !== undefined) embed.description = clean.description;
  if (clean.url !== undefined) embed.url = clean.url;
  if (clean.color !== undefined) {
    const colour = parseHexColour(clean.color);
    if (colour !== null) embed.color = colour;
  }
  if (clean.timestamp) embed.timestamp = new Date(now).toISOString();
  if (clean.footer) embed.footer = { ...clean.footer };
  if (clean.thumbnailUrl !== undefined) embed.thumbnail = { url: clean.thumbnailUrl };
  if (clean.imageUrl !== undefined) embed.image = { url: clean.imageUrl };
  if (clean.author) embed.author = { ...clean.author };
  if (clean.fields) embed.fields = clean.fields.map((field) => ({ ...field }));
  return embed;
}

/** An embed read back from Discord as a draft (for `/embed edit`). */
export function embedToDraft(embed: EmbedPayload): EmbedDraft {
  return cleanDraft({
    ...(embed.title !== undefined ? { title: embed.title } : {}),
    ...(embed.description !== undefined ? { description: embed.description } : {}),
    ...(embed.url !== undefined ? { url: embed.url } : {}),
    ...(embed.color !== undefined ? { color: formatHexColour(embed.color) } : {}),
    ...(embed.timestamp ? { timestamp: true } : {}),
    ...(embed.footer ? { footer: { ...embed.footer } } : {}),
    ...(embed.author ? { author: { ...embed.author } } : {}),
    ...(embed.thumbnail?.url ? { thumbnailUrl: embed.thumbnail.url } : {}),
    ...(embed.image?.url ? { imageUrl: embed.image.url } : {}),
    ...(embed.fields ? { fields: embed.fields.map((field) => ({ ...field })) } : {}),
  });
}
