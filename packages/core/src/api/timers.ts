import { z } from "zod";
import { parseDuration } from "../format/duration.ts";
import { timerLimits } from "../limits/community.ts";
import { botMessagePreview } from "./bot-message.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { timerLimits };

/** The dashboard's quick presets, in seconds. */
export const timerPresets = [
  { label: "5 min", seconds: 300 },
  { label: "15 min", seconds: 900 },
  { label: "30 min", seconds: 1800 },
  { label: "1 h", seconds: 3600 },
  { label: "2 h", seconds: 7200 },
  { label: "24 h", seconds: 86_400 },
] as const;

/**
 * Reads a timer duration in seconds: a number, a string of digits (`"300"`), or a duration text
 * (`"90m"`, `"1d12h"`, see `parseDuration`). Answers whole seconds, or null when it is none of these
 * or not a whole number of seconds (digits past 2^53 included). The range is checked separately.
 */
export function parseTimerSeconds(input: number | string): number | null {
  if (typeof input === "number") return Number.isInteger(input) ? input : null;
  const text = input.trim();
  // Digits past what a number holds exactly (or Infinity) are no duration.
  if (/^\d+$/.test(text)) return Number.isSafeInteger(Number(text)) ? Number(text) : null;
  const ms = parseDuration(text);
  return ms !== null && ms % 1000 === 0 ? ms / 1000 : null;
}

/** A duration in whole seconds, 1 to 2,592,000 (30 days); omitted or null means 3600. */
export const timerDuration = z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
  if (value === null) return timerLimits.defaultDuration;
  const seconds = parseTimerSeconds(value);
  if (seconds === null) {
    ctx.addIssue({
      code: "custom",
      input: value,
      message: "must be a whole number of seconds (or a duration such as 90m or 1d12h)",
    });
    return z.NEVER;
  }
  if (seconds < timerLimits.minDuration || seconds > timerLimits.maxDuration) {
    ctx.addIssue({
      code: "custom",
      input: value,
      message: `must be between ${timerLimits.minDuration} second and ${timerLimits.maxDuration} seconds (30 days)`,
    });
    return z.NEVER;
  }
  return seconds;
});

/** `POST /api/timers/{serverId}/timers`. */
export const createTimerBody = z.object({
  /** A text or announcement channel of the server. */
  channelId: snowflake,
  duration: timerDuration.optional().default(timerLimits.defaultDuration),
  /** Trimmed, 1 to 2000 characters. Mentions in it ping only when the timer ends. */
  message: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(timerLimits.messageMax, `must be at most ${timerLimits.messageMax} characters`),
});
export type CreateTimerBody = z.infer<typeof createTimerBody>;
export type CreateTimerInput = z.input<typeof createTimerBody>;

/** `POST /api/timers/{serverId}/preview`: the timer's text and duration, as the create form has them. */
export const timerPreviewBody = createTimerBody.omit({ channelId: true }).extend({
  /** The channel chosen so far, if any: the end announcement's "Jump to timer" link names it. */
  channelId: snowflake.optional(),
});
export type TimerPreviewBody = z.input<typeof timerPreviewBody>;

/**
 * What a timer would post, built by the bot's own functions (nothing is sent): the countdown posted
 * when it starts, and the announcement posted when it ends (its "Jump to timer" button links to the
 * countdown; before there is one, the link's message id is 0).
 */
export const timerPreviewResponse = z.object({
  countdown: botMessagePreview,
  announcement: botMessagePreview,
});
export type TimerPreview = z.infer<typeof timerPreviewResponse>;

/** `running` until `endsAt`; then `ended` (the end was announced), or `cancelled` before that. */
export const timerStatus = z.enum(["running", "ended", "cancelled"]);
export type TimerStatus = z.infer<typeof timerStatus>;

export const timer = z.object({
  id: z.number().int().positive(),
  channelId: snowflake,
  /** Seconds. */
  duration: z.number().int().positive(),
  message: z.string(),
  /** When it ends (ms since the epoch). */
  endsAt: z.number().int(),
  /** The countdown message the bot posted. */
  messageId: z.string(),
  status: timerStatus,
  createdAt: z.number().int(),
  /** The user whose dashboard token created it. */
  createdBy: z.string().nullable(),
  /** When it really ended or was cancelled; null while running. */
  endedAt: z.number().int().nullable(),
});
export type Timer = z.infer<typeof timer>;

/** `GET /api/timers/{serverId}/timers`: running timers (soonest first), then the 20 latest finished. */
export const timersResponse = z.array(timer);

/** `DELETE /api/timers/{serverId}/timers/{id}`. */
export const timerParams = serverIdParams.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
