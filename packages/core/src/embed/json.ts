import { z } from "zod";
import { discordComponentsSchema, linkButtonsFromComponents } from "./discord-components.ts";
import { cleanDraft, validateDraft } from "./draft.ts";
import { type EmbedDraft, type EmbedProblem, embedLimits, formatHexColour } from "./limits.ts";

/**
 * Embeds as JSON files: Hearth's own export, a bare embed object, or a Discord message payload
 * (import), and Hearth's file (export). Sizes are checked in UTF-8 bytes, as a file weighs them.
 */

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
