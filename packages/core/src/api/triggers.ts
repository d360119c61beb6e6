import { z } from "zod";
import { serverCaps } from "../limits/server-caps.ts";
import { serverIdParams } from "./common.ts";

/** Limits of a server trigger. */
export const triggerLimits = {
  keywordMax: 100,
  /** A text reply is a message's content; an embed reply's description may be longer. */
  textMax: 2000,
  embedDescriptionMax: 4096,
  embedTitleMax: 256,
  /** Triggers one server may have at most, staff's and members' together. */
  maxPerServer: serverCaps.triggers.max,
  /** Seconds between two answers of the same trigger in the same channel. */
  cooldownSeconds: 10,
  /** `memberTriggerLimit`'s default and range (the Settings tab's field). */
  memberDefault: 3,
} as const;

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
