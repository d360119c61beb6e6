import { badRequest } from "../../lib/errors.ts";
import { messageBody } from "../discordjs/mapping-messages.ts";
import type { Embed, OutgoingMessage } from "../port/port.ts";
import { checkMessageEdit, checkNewMessage, describeFormErrors } from "./form-body.ts";
import { textLength, urlProblem } from "./shared.ts";

// A rendered message (after the template language ran) made to fit Discord's limits before it is
// sent or previewed: texts past their limit are cut with an ellipsis, links and images that Discord
// would refuse (over 2,048 characters, not http(s), malformed) are left out, the 6,000 characters
// across embeds are kept by shortening the longest texts. Whatever still breaks a rule (a button,
// a menu) is a refusal with Discord's reason. Each change is a sentence for the preview.

export const messageLimits = {
  content: 2000,
  embeds: 10,
  total: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  url: 2048,
} as const;

export interface FittedMessage {
  /** The message as it can be sent. */
  message: OutgoingMessage;
  /** What was changed to fit, one sentence each (empty when nothing was). */
  notes: string[];
  /** Why Discord would still refuse it (then it must not be sent), or null. */
  refusal: string | null;
}

export interface FitOptions {
  /** Also keep `data:image/…` images (the sandbox's own server icons are data URLs). */
  allowDataImages?: boolean;
  /** An edit: every part is optional (an edit leaving nothing is Discord's own refusal). */
  edit?: boolean;
}

const count = (n: number) => n.toLocaleString("en-US");

/** Cuts text to `max` characters (code points, as Discord counts) ending in "…", never mid-character. */
export function fitText(text: string, max: number): string {
  if (textLength(text) <= max) return text;
  if (max <= 0) return "";
  return `${Array.from(text)
    .slice(0, max - 1)
    .join("")}…`;
}

function fitEmbed(embed: Embed, at: string, notes: string[], options: FitOptions): Embed {
  const out: Embed = { ...embed };
  const cut = (label: string, text: string, max: number) => {
    const length = textLength(text);
    if (length <= max) return text;
    notes.push(
      `${at}${label} was ${count(length)} characters; Discord's limit is ${count(max)}, so it was shortened.`,
    );
    return fitText(text, max);
  };
  const link = (label: string, url: string | undefined, image: boolean): string | undefined => {
    if (url === undefined) return undefined;
    if (image && options.allowDataImages && /^data:image\//i.test(url)) return url;
    const problem = urlProblem(url, image ? ["http", "https", "attachment"] : ["http", "https"]);
    if (!problem) return url;
    const why =
      problem.code === "BASE_TYPE_MAX_LENGTH"
        ? `is ${count(textLength(url))} characters long (Discord's limit is ${count(messageLimits.url)})`
        : problem.code === "URL_TYPE_INVALID_SCHEME"
          ? "is not an http:// or https:// link"
          : "is not a valid link";
    notes.push(`${at}${label} ${why}, so it was left out.`);
    return undefined;
  };
  if (out.title !== undefined) out.title = cut("The title", out.title, messageLimits.title);
  if (out.description !== undefined) {
    out.description = cut("The description", out.description, messageLimits.description);
  }
  const url = link("The title link", out.url, false);
  if (url === undefined) delete out.url;
  else out.url = url;
  if (out.color !== undefined && (!Number.isInteger(out.color) || out.color < 0 || out.color > 0xffffff)) {
    delete out.color;
  }
  if (out.thumbnail) {
    const thumbnail = link("The thumbnail URL", out.thumbnail.url, true);
    if (thumbnail === undefined) delete out.thumbnail;
  }
  if (out.image) {
    const image = link("The image URL", out.image.url, true);
    if (image === undefined) delete out.image;
  }
  if (out.footer) {
    const iconUrl = link("The footer icon URL", out.footer.iconUrl, true);
    out.footer = {
      text: cut("The footer", out.footer.text, messageLimits.footerText),
      ...(iconUrl === undefined ? {} : { iconUrl }),
    };
  }
  if (out.author) {
    const iconUrl = link("The author icon URL", out.author.iconUrl, true);
    const authorUrl = link("The author link", out.author.url, false);
    out.author = {
      name: cut("The author name", out.author.name, messageLimits.authorName),
      ...(iconUrl === undefined ? {} : { iconUrl }),
      ...(authorUrl === undefined ? {} : { url: authorUrl }),
    };
  }
  if (out.fields) {
    if (out.fields.length > messageLimits.fields) {
      notes.push(
        `${at}It had ${out.fields.length} fields; Discord's limit is ${messageLimits.fields}, so the rest were left out.`,
      );
    }
    out.fields = out.fields.slice(0, messageLimits.fields).map((field, index) => ({
      ...field,
      // Discord refuses an empty field name or value; a zero-width space keeps the field's place.
      name: cut(`Field ${index + 1}'s name`, field.name, messageLimits.fieldName) || "\u200b",
      value: cut(`Field ${index + 1}'s value`, field.value, messageLimits.fieldValue) || "\u200b",
    }));
  }
  return out;
}

const embedText = (embed: Embed) =>
  textLength(embed.title ?? "") +
  textLength(embed.description ?? "") +
  textLength(embed.footer?.text ?? "") +
  textLength(embed.author?.name ?? "") +
  (embed.fields ?? []).reduce((sum, field) => sum + textLength(field.name) + textLength(field.value), 0);

/** The characters of these embeds that Discord counts towards a message's 6,000. */
export function embedsCharacters(embeds: readonly Embed[]): number {
  return embeds.reduce((sum, embed) => sum + embedText(embed), 0);
}

/** Shortens the longest description or field value until the embeds total 6,000 characters. */
function fitTotal(embeds: Embed[], notes: string[]): void {
  const total = embedsCharacters(embeds);
  let excess = total - messageLimits.total;
  if (excess <= 0) return;
  notes.push(
    `The embeds have ${count(total)} characters in all; Discord's limit is ${count(messageLimits.total)}, so the longest text was shortened.`,
  );
  while (excess > 0) {
    let best: { length: number; set: (text: string) => void; text: string } | null = null;
    for (const embed of embeds) {
      const candidates: { text: string; set: (text: string) => void }[] = [
        {
          text: embed.description ?? "",
          set: (text) => {
            embed.description = text;
          },
        },
        ...(embed.fields ?? []).map((field) => ({
          text: field.value,
          set: (text: string) => {
            field.value = text;
          },
        })),
      ];
      for (const candidate of candidates) {
        const length = textLength(candidate.text);
        if (length > 1 && (best === null || length > best.length)) best = { ...candidate, length };
      }
    }
    if (best === null) return;
    const keep = Math.max(1, best.length - excess);
    best.set(fitText(best.text, keep));
    excess -= best.length - keep;
  }
}

/** The message made to fit Discord's limits, what was changed, and any refusal left. */
export function fitMessage(message: OutgoingMessage, options: FitOptions = {}): FittedMessage {
  const notes: string[] = [];
  const out: OutgoingMessage = { ...message };
  if (out.content !== undefined && textLength(out.content) > messageLimits.content) {
    notes.push(
      `The message text was ${count(textLength(out.content))} characters; Discord's limit is ${count(messageLimits.content)}, so it was shortened.`,
    );
    out.content = fitText(out.content, messageLimits.content);
  }
  if (out.embeds) {
    if (out.embeds.length > messageLimits.embeds) {
      notes.push(
        `The message had ${out.embeds.length} embeds; Discord's limit is ${messageLimits.embeds}, so the rest were left out.`,
      );
    }
    const several = out.embeds.length > 1;
    out.embeds = out.embeds
      .slice(0, messageLimits.embeds)
      .map((embed, index) => fitEmbed(embed, several ? `Embed ${index + 1}: ` : "", notes, options));
    fitTotal(out.embeds, notes);
  }
  const body = JSON.parse(JSON.stringify(messageBody(out)));
  // The sandbox's data-URL images stand for CDN links Discord would accept.
  const checked = options.allowDataImages
    ? JSON.parse(JSON.stringify(body).replace(/"data:image\/[^"]*"/gi, '"https://sandbox.invalid/image.png"'))
    : body;
  const errors = options.edit ? checkMessageEdit(checked) : checkNewMessage(checked);
  const refusal = errors.empty
    ? null
    : errors.emptyMessage
      ? "The message is empty after its tags were filled in: give it some text or an embed."
      : `Discord would refuse this message: ${describeFormErrors(errors)}`;
  return { message: out, notes, refusal };
}

/**
 * The message as it can go to Discord, for the adapters' every send and edit: fitted to the limits,
 * or refused with Discord's reason as a 400 the member or the dashboard is shown (instead of a
 * Discord error nobody can act on).
 */
export function sendable(message: OutgoingMessage, options: FitOptions = {}): OutgoingMessage {
  const fitted = fitMessage(message, options);
  if (fitted.refusal) throw badRequest(fitted.refusal);
  return fitted.message;
}
