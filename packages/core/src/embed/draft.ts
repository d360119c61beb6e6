import { z } from "zod";
import {
  compileTemplate,
  exampleTemplateContext,
  renderTemplate,
  validateTemplate,
} from "../template/index.ts";
import { discordComponentsSchema, linkButtonsFromComponents } from "./discord-components.ts";
import {
  type EmbedDraft,
  type EmbedProblem,
  embedLimits,
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

// ---- JSON import and export ----

/** The version written in exported files. */
export const embedJsonVersion = 1;

const optionalText = z.string().nullish();
const media = z.object({ url: optionalText }).nullish();

/**
 * One embed in a file: Hearth's own spelling (`iconUrl`, `thumbnailUrl`, `#RRGGBB`) or Discord's
 * (`icon_url`, `thumbnail: { url }`, an integer colour, an ISO timestamp), so embeds exported from
 * other builders import too. Unknown keys are ignored.
 */
export const embedInputSchema = z.object({
  title: optionalText,
  description: optionalText,
  url: optionalText,
  color: z.union([z.string(), z.number().int().min(0).max(0xffffff)]).nullish(),
  timestamp: z.union([z.boolean(), z.string()]).nullish(),
  footer: z.object({ text: optionalText, iconUrl: optionalText, icon_url: optionalText }).nullish(),
  author: z
    .object({ name: optionalText, iconUrl: optionalText, icon_url: optionalText, url: optionalText })
    .nullish(),
  thumbnailUrl: optionalText,
  imageUrl: optionalText,
  thumbnail: media,
  image: media,
  fields: z.array(z.object({ name: z.string(), value: z.string(), inline: z.boolean().nullish() })).nullish(),
  /** Hearth's link buttons (Discord's own `components` sit beside `embeds`, read separately). */
  buttons: z.array(z.object({ label: z.string(), url: z.string(), emoji: z.string().nullish() })).nullish(),
});

export type EmbedInput = z.infer<typeof embedInputSchema>;

/**
 * The file Hearth exports: `{ "version": 1, "name": "…", "embed": { … } }`. Link buttons are the
 * embed's `buttons` list; files without one (older exports) import as before.
 */
export interface EmbedFile {
  version: typeof embedJsonVersion;
  name?: string;
  embed: EmbedDraft;
}

/** An imported embed input as a draft. */
export function inputToDraft(input: EmbedInput): EmbedDraft {
  const text = (value: string | null | undefined) => value ?? undefined;
  const footerText = text(input.footer?.text);
  const authorName = text(input.author?.name);
  return cleanDraft({
    ...(input.title ? { title: input.title } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...(input.url ? { url: input.url } : {}),
    ...(typeof input.color === "number"
      ? { color: formatHexColour(input.color) }
      : input.color
        ? { color: input.color }
        : {}),
    ...(input.timestamp ? { timestamp: true } : {}),
    ...(footerText
      ? { footer: { text: footerText, iconUrl: text(input.footer?.iconUrl ?? input.footer?.icon_url) ?? "" } }
      : {}),
    ...(authorName
      ? {
          author: {
            name: authorName,
            iconUrl: text(input.author?.iconUrl ?? input.author?.icon_url) ?? "",
            url: text(input.author?.url) ?? "",
          },
        }
      : {}),
    thumbnailUrl: text(input.thumbnailUrl ?? input.thumbnail?.url) ?? "",
    imageUrl: text(input.imageUrl ?? input.image?.url) ?? "",
    ...(input.fields
      ? {
          fields: input.fields.map((field) => ({
            name: field.name,
            value: field.value,
            ...(field.inline ? { inline: true } : {}),
          })),
        }
      : {}),
    ...(input.buttons
      ? {
          buttons: input.buttons.map((button) => ({
            label: button.label,
            url: button.url,
            ...(button.emoji ? { emoji: button.emoji } : {}),
          })),
        }
      : {}),
  });
}

/** A zod issue path as problems name parts: `fields[2].value`. */
function pathName(path: readonly PropertyKey[], prefix: string): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out === "" ? "embed" : out;
}

const kindOf = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "a list"
      : typeof value === "object"
        ? "an object"
        : typeof value;

export type EmbedImport =
  | { ok: true; draft: EmbedDraft; name: string | null; notes: string[] }
  | { ok: false; problems: EmbedProblem[] };

/** Bytes of the text in UTF-8 (what a file of it weighs). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Wrong types in the JSON, each naming the part: `embed.fields[0].value must be text.` */
function shapeProblems(issues: z.ZodError["issues"], prefix: string): EmbedProblem[] {
  return issues.slice(0, 10).map((issue): EmbedProblem => {
    const field = pathName(issue.path, prefix);
    if (issue.code === "invalid_type") {
      const expected = issue.expected === "string" ? "text" : issue.expected;
      return { field, message: `${field} must be ${expected}.` };
    }
    if (field.endsWith("color")) {
      return { field, message: `${field} must be "#RRGGBB" or a whole number from 0 to 16777215.` };
    }
    return { field, message: `${field}: ${issue.message}` };
  });
}

const fail = (field: string, message: string): EmbedImport => ({ ok: false, problems: [{ field, message }] });

/**
 * Reads an embed from JSON text: Hearth's export file, one embed object, or a Discord message
 * payload with an `embeds` list (its first embed) and, beside it, `components` whose link buttons
 * come in too (other components are left out with a note). Refuses more than 1 MB, text that isn't JSON,
 * wrong types (naming the part: `fields[2].value must be text, not number`) and anything that
 * breaks Discord's limits or uses unknown tags.
 */
export function parseEmbedJson(text: string): EmbedImport {
  const bytes = utf8Length(text);
  if (bytes > embedLimits.importBytes) {
    return fail(
      "file",
      `The JSON is ${(bytes / 1024 / 1024).toFixed(1)} MB; the import limit is 1 MB (${embedLimits.importBytes.toLocaleString("en-US")} bytes).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : "";
    return fail(
      "file",
      `That isn't valid JSON${detail}. Export an embed from the builder to see the format.`,
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return fail("file", `The JSON must be an object with the embed's parts, not ${kindOf(parsed)}.`);
  }
  const notes: string[] = [];
  const record = parsed as Record<string, unknown>;
  let body: unknown = record;
  let prefix = "";
  let name: string | null = null;
  /** A Discord message's rows of buttons, beside its `embeds`. */
  let components: unknown;
  if ("embed" in record) {
    body = record.embed;
    prefix = "embed";
    if (typeof record.name === "string" && record.name.trim() !== "") name = record.name.trim();
  } else if ("embeds" in record) {
    const list = record.embeds;
    if (!Array.isArray(list) || list.length === 0) {
      return fail("embeds", "embeds must be a list with at least one embed.");
    }
    if (list.length > 1) notes.push(`The file has ${list.length} embeds; the builder opened the first.`);
    body = list[0];
    prefix = "embeds[0]";
    components = record.components;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return fail(prefix || "embed", `${prefix || "The embed"} must be an object, not ${kindOf(body)}.`);
  }
  const result = embedInputSchema.safeParse(body);
  if (!result.success) return { ok: false, problems: shapeProblems(result.error.issues, prefix) };
  let draft = inputToDraft(result.data);
  if (components !== undefined && components !== null) {
    const rows = discordComponentsSchema.safeParse(components);
    if (!rows.success) return { ok: false, problems: shapeProblems(rows.error.issues, "components") };
    const { buttons, skipped } = linkButtonsFromComponents(rows.data);
    if (buttons.length > 0) draft = cleanDraft({ ...draft, buttons: [...(draft.buttons ?? []), ...buttons] });
    if (skipped > 0) {
      notes.push(
        `Left out ${skipped} ${skipped === 1 ? "component that isn't a link button" : "components that aren't link buttons"}: the builder makes link buttons only.`,
      );
    }
  }
  const problems = validateDraft(draft);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, draft, name, notes };
}

/** The draft as Hearth's export file; compact unless `pretty`. */
export function exportEmbedJson(
  draft: EmbedDraft,
  options: { name?: string; pretty?: boolean } = {},
): string {
  const file: EmbedFile = {
    version: embedJsonVersion,
    ...(options.name ? { name: options.name } : {}),
    embed: cleanDraft(draft),
  };
  return JSON.stringify(file, null, options.pretty ? 2 : undefined);
}
