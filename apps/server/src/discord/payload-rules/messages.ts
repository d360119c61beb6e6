import { checkMessageComponents } from "./components.ts";
import {
  checkArray,
  checkBoolean,
  checkInteger,
  checkString,
  checkUrl,
  type FormErrors,
  isObject,
  isSnowflake,
  textLength,
} from "./shared.ts";

// Messages: content, embeds (each limit and the 6,000 total), components, allowed mentions, flags.

export const messageRules = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
} as const;

const webSchemes = ["http", "https"] as const;
const imageSchemes = ["http", "https", "attachment"] as const;

const suppressEmbeds = 1 << 2;
const ephemeral = 1 << 6;
const suppressNotifications = 1 << 12;
const componentsV2 = 1 << 15;

/** `nonce`: a string of at most 25 characters or an integer, as Discord takes it. */
function checkNonce(errors: FormErrors, body: Record<string, unknown>): void {
  if (body.nonce === undefined || body.nonce === null || Number.isSafeInteger(body.nonce)) return;
  checkString(errors, body, "nonce", { max: 25 });
}

/** The characters of one embed Discord counts towards the 6,000 total. */
export function embedCharacters(embed: Record<string, unknown>): number {
  const text = (value: unknown) => (typeof value === "string" ? textLength(value) : 0);
  let total = text(embed.title) + text(embed.description);
  if (isObject(embed.footer)) total += text(embed.footer.text);
  if (isObject(embed.author)) total += text(embed.author.name);
  if (Array.isArray(embed.fields)) {
    for (const field of embed.fields) if (isObject(field)) total += text(field.name) + text(field.value);
  }
  return total;
}

function checkEmbed(embed: unknown, errors: FormErrors): void {
  if (!isObject(embed)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  checkString(errors, embed, "title", { max: messageRules.title });
  checkString(errors, embed, "description", { max: messageRules.description });
  checkUrl(errors, embed, "url", { schemes: webSchemes });
  checkInteger(errors, embed, "color", 0, 0xffffff);
  if (embed.timestamp !== undefined && embed.timestamp !== null) {
    const stamp = embed.timestamp;
    if (typeof stamp !== "string" || Number.isNaN(Date.parse(stamp)) || !/^\d{4}-\d\d-\d\d/.test(stamp)) {
      errors.add(["timestamp"], "DATE_TYPE_PARSE", `Could not parse ${String(stamp)}. Should be ISO8601.`);
    }
  }
  const part = (key: string, check: (value: Record<string, unknown>, at: FormErrors) => void) => {
    const value = embed[key];
    if (value === undefined || value === null) return;
    if (!isObject(value))
      errors.add([key], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    else check(value, errors.at(key));
  };
  part("footer", (footer, at) => {
    checkString(at, footer, "text", { max: messageRules.footerText, required: true });
    checkUrl(at, footer, "icon_url", { schemes: imageSchemes });
  });
  part("image", (image, at) => checkUrl(at, image, "url", { schemes: imageSchemes, required: true }));
  part("thumbnail", (image, at) => checkUrl(at, image, "url", { schemes: imageSchemes, required: true }));
  part("author", (author, at) => {
    checkString(at, author, "name", { max: messageRules.authorName, required: true });
    checkUrl(at, author, "url", { schemes: webSchemes });
    checkUrl(at, author, "icon_url", { schemes: imageSchemes });
  });
  const fields = checkArray(errors, embed, "fields", 0, messageRules.fields);
  fields?.forEach((field, index) => {
    const at = errors.at("fields", index);
    if (!isObject(field)) {
      at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    checkString(at, field, "name", { min: 1, max: messageRules.fieldName, required: true });
    checkString(at, field, "value", { min: 1, max: messageRules.fieldValue, required: true });
    checkBoolean(at, field, "inline");
  });
}

function checkAllowedMentions(value: unknown, errors: FormErrors): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  const parse = checkArray(errors, value, "parse", 0, 3) ?? [];
  parse.forEach((kind, index) => {
    if (kind !== "roles" && kind !== "users" && kind !== "everyone") {
      errors.add(
        ["parse", index],
        "BASE_TYPE_CHOICES",
        "Value must be one of ('roles', 'users', 'everyone').",
      );
    }
  });
  for (const key of ["users", "roles"] as const) {
    const ids = checkArray(errors, value, key, 0, 100) ?? [];
    ids.forEach((id, index) => {
      if (!isSnowflake(id))
        errors.add([key, index], "NUMBER_TYPE_COERCE", `Value "${String(id)}" is not snowflake.`);
    });
    if (parse.includes(key) && ids.length > 0) {
      errors.add(
        [],
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
        `parse:["${key}"] and ${key}: [ids...] are mutually exclusive.`,
      );
    }
  }
  checkBoolean(errors, value, "replied_user");
}

/**
 * `attachments` (at most 10): each an object whose `id` is a snowflake string, as Discord's OpenAPI
 * document types it; for a new upload, the index of its `files[n]` part written as a string ("0").
 * A number (`0`) is refused, as the document refuses it.
 */
function checkAttachments(errors: FormErrors, body: Record<string, unknown>): void {
  const attachments = checkArray(errors, body, "attachments", 0, 10) ?? [];
  attachments.forEach((attachment, index) => {
    if (!isObject(attachment)) {
      errors.add(["attachments", index], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    if (typeof attachment.id !== "string" || !/^\d{1,21}$/.test(attachment.id)) {
      errors.add(
        ["attachments", index, "id"],
        "SNOWFLAKE_TYPE_CONVERT",
        `Value "${String(attachment.id)}" is not a snowflake string.`,
      );
    }
  });
}

/**
 * A message body (create, edit, or an interaction's message). `requireContent`: a new message
 * needs some content, an embed or a component (Discord's 50006 otherwise).
 */
export function checkMessageBody(
  body: unknown,
  errors: FormErrors,
  options: { ephemeralAllowed: boolean; requireContent: boolean },
): void {
  if (!isObject(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  const content = checkString(errors, body, "content", { max: messageRules.content });
  const flags = checkInteger(errors, body, "flags", 0, 2 ** 31) ?? 0;
  const allowedFlags =
    suppressEmbeds | suppressNotifications | componentsV2 | (options.ephemeralAllowed ? ephemeral : 0);
  if ((flags & ~allowedFlags) !== 0) errors.add(["flags"], "MESSAGE_FLAGS_INVALID", "Invalid message flags.");
  const v2 = (flags & componentsV2) !== 0;
  checkBoolean(errors, body, "tts");
  checkNonce(errors, body);
  checkBoolean(errors, body, "enforce_nonce");

  const embeds = checkArray(errors, body, "embeds", 0, messageRules.embeds) ?? [];
  if (v2 && embeds.length > 0) {
    errors.add(
      ["embeds"],
      "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
      "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2.",
    );
  }
  if (v2 && content) {
    errors.add(
      ["content"],
      "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
      "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2.",
    );
  }
  embeds.forEach((embed, index) => {
    checkEmbed(embed, errors.at("embeds", index));
  });
  const total = embeds.reduce<number>(
    (sum, embed) => sum + (isObject(embed) ? embedCharacters(embed) : 0),
    0,
  );
  if (total > messageRules.embedTotal) {
    errors.add(
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
      `Embed size exceeds maximum size of ${messageRules.embedTotal}`,
    );
  }

  checkAttachments(errors, body);
  const components = checkArray(errors, body, "components", 0, v2 ? 40 : 5) ?? [];
  checkMessageComponents(components, errors.at("components"), { v2 });
  checkAllowedMentions(body.allowed_mentions, errors.at("allowed_mentions"));

  if (options.requireContent) {
    const hasContent = typeof content === "string" && content.trim() !== "";
    const hasAttachments = Array.isArray(body.attachments) && body.attachments.length > 0;
    const hasStickers = Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0;
    if (
      !hasContent &&
      embeds.length === 0 &&
      components.length === 0 &&
      !hasAttachments &&
      !hasStickers &&
      !isObject(body.poll)
    ) {
      errors.markEmpty();
    }
  }
}
