import { z } from "zod";
import { triggerLimits } from "../limits/community.ts";
import { botMessagePreview } from "./bot-message.ts";
import { serverIdParams } from "./common.ts";

export { triggerLimits };

/** How a keyword is looked for in a message (always case-insensitive). */
export const triggerMatchModes = ["word", "contains", "exact"] as const;
export type TriggerMatchMode = (typeof triggerMatchModes)[number];

/** Labels the bot and the dashboard show for each mode. */
export const triggerMatchLabels: Record<TriggerMatchMode, string> = {
  word: "Whole word",
  contains: "Contains",
  exact: "Exact message",
};

export const triggerReplyTypes = ["text", "embed"] as const;
export type TriggerReplyType = (typeof triggerReplyTypes)[number];

/** One trigger as the dashboard lists it. */
export const serverTrigger = z.object({
  id: z.number().int(),
  keyword: z.string(),
  match: z.enum(triggerMatchModes),
  replyType: z.enum(triggerReplyTypes),
  /** The reply's text (text replies) or the embed's description, in the template language. */
  response: z.string(),
  /** The embed's title (embed replies only). */
  embedTitle: z.string().nullable(),
  /** Staff triggers don't count against `memberTriggerLimit`. */
  staff: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ServerTrigger = z.infer<typeof serverTrigger>;

/** `GET /api/triggers/:serverId`. */
export const triggerList = z.object({
  triggers: z.array(serverTrigger),
  /** Members' own triggers each member may have (the server's `memberTriggerLimit`). */
  memberLimit: z.number().int(),
  /** Triggers the server may have in all. */
  serverLimit: z.number().int(),
  /** The names of the members who made members' triggers, by user id (those Discord could name). */
  names: z.record(z.string(), z.string()).optional(),
});
export type TriggerList = z.infer<typeof triggerList>;

/** `DELETE /api/triggers/:serverId/:id`. */
export const triggerIdParams = serverIdParams.extend({
  id: z.coerce.number().int("must be a trigger id").positive("must be a trigger id"),
});

/** `DELETE /api/triggers/:serverId/:id` answers the deleted trigger's id. */
export const triggerDeleted = z.object({ deleted: z.number().int() });

/** The exact message, normalised for matching: trimmed, lower case, inner spaces collapsed. */
export function normalizeTriggerText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Compiles one keyword into a test over a message's lower-cased text. Whole word: the keyword with
 * no letter, digit or underscore right before or after it (so `gg` matches "gg!" but not "eggs").
 */
export function triggerMatcher(keyword: string, mode: TriggerMatchMode): (lowered: string) => boolean {
  const key = normalizeTriggerText(keyword);
  if (mode === "exact") return (lowered) => normalizeTriggerText(lowered) === key;
  if (mode === "contains") return (lowered) => lowered.includes(key);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])${escapeRegExp(key).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}_])`,
    "u",
  );
  // The first word is looked for before the pattern runs: most messages lack it.
  const firstWord = key.split(" ")[0] as string;
  return (lowered) => lowered.includes(firstWord) && pattern.test(lowered);
}

/** The fields of a trigger the dashboard writes (the same limits `/trigger add` has). */
const triggerFields = {
  keyword: z
    .string()
    .trim()
    .min(1, "can't be empty")
    .max(triggerLimits.keywordMax, `must be at most ${triggerLimits.keywordMax} characters`),
  /** The reply's text or the embed's description; a text reply is further limited to `textMax`. */
  response: z
    .string()
    .trim()
    .min(1, "can't be empty")
    .max(
      triggerLimits.embedDescriptionMax,
      `must be at most ${triggerLimits.embedDescriptionMax} characters`,
    ),
  match: z.enum(triggerMatchModes),
  replyType: z.enum(triggerReplyTypes),
  /** The embed's title (embed replies only; ignored for text replies). */
  embedTitle: z
    .string()
    .trim()
    .max(triggerLimits.embedTitleMax, `must be at most ${triggerLimits.embedTitleMax} characters`)
    .nullable(),
};

/** `POST /api/triggers/:serverId`: a staff trigger (unlimited, up to the server's cap). */
export const createTriggerBody = z.object({
  keyword: triggerFields.keyword,
  response: triggerFields.response,
  match: triggerFields.match.default("word"),
  replyType: triggerFields.replyType.default("text"),
  embedTitle: triggerFields.embedTitle.optional(),
});
export type CreateTriggerBody = z.input<typeof createTriggerBody>;

/** `PATCH /api/triggers/:serverId/:id`: the fields to change (the keyword too). */
export const updateTriggerBody = z.object({
  keyword: triggerFields.keyword.optional(),
  response: triggerFields.response.optional(),
  match: triggerFields.match.optional(),
  replyType: triggerFields.replyType.optional(),
  embedTitle: triggerFields.embedTitle.optional(),
});
export type UpdateTriggerBody = z.input<typeof updateTriggerBody>;

/** `POST /api/triggers/:serverId/preview`: a trigger's reply, saved or not. */
export const triggerPreviewBody = z.object({
  response: triggerFields.response,
  replyType: triggerFields.replyType.default("text"),
  embedTitle: triggerFields.embedTitle.optional(),
});
export type TriggerPreviewBody = z.input<typeof triggerPreviewBody>;

/** `POST /api/triggers/:serverId/preview`: the reply as the bot would post it for the dashboard's member. */
export const triggerPreviewResponse = z.object({ message: botMessagePreview });
export type TriggerPreview = z.infer<typeof triggerPreviewResponse>;
