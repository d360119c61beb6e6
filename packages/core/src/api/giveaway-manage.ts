import { z } from "zod";
import { botMessagePreview } from "./bot-message.ts";
import { snowflake } from "./common.ts";
import {
  giveawayClaimWindow,
  giveawayLimits,
  giveawayMaxEntries,
  giveawayRecurrence,
  giveawayReminderBefore,
  giveawayRequirements,
  giveawaySettings,
} from "./giveaways.ts";

const ms = z.number().int().nonnegative();

// What managers do with a server's giveaways beyond the seed's calls: scheduled starts and recurring
// series, the live entrant list, removals and blocks.

/** Path of the routes addressing one schedule (a scheduled start or a recurring series). */
export const giveawayScheduleParams = z.object({
  serverId: snowflake,
  scheduleId: z.string().regex(/^\d{1,12}$/, "must be a schedule id"),
});

/** `scheduled`: waiting for its start; `paused` (a series); `done` (started, or a series stopped); `cancelled`. */
export const giveawayScheduleStatuses = ["scheduled", "paused", "done", "cancelled"] as const;

/** One run of a series (or the scheduled start's giveaway once posted). */
export const giveawayRun = z.object({
  messageId: snowflake,
  runNumber: z.number().int().positive(),
  active: z.boolean(),
  endTime: ms,
  entries: z.number().int().nonnegative(),
  winners: z.number().int().nonnegative(),
});

/**
 * A scheduled start or a recurring series (`GET /api/giveaways/{serverId}/schedules`): the settings
 * its next run will use, when that is (`nextRunAt`, null once done), and its past runs, latest first.
 */
export const giveawaySchedule = z.object({
  id: z.string(),
  status: z.enum(giveawayScheduleStatuses),
  recurrence: giveawayRecurrence.nullable(),
  nextRunAt: ms.nullable(),
  runs: z.number().int().nonnegative(),
  createdBy: snowflake,
  createdAt: ms,
  settings: giveawaySettings,
  /** The role the next run will ping (the events ping role when none was chosen); null: none. */
  pingRoleId: snowflake.nullable(),
  pastRuns: z.array(giveawayRun),
});
export type GiveawaySchedule = z.infer<typeof giveawaySchedule>;
export const giveawayScheduleList = z.array(giveawaySchedule);

/**
 * `PATCH /api/giveaways/{serverId}/schedules/{scheduleId}`: change what the next run uses, when it
 * starts, how it repeats (null: no more repeats), or pause (`paused: true`) and resume a series.
 */
export const updateGiveawayScheduleBody = z.object({
  channelId: snowflake.optional(),
  prize: z.string().trim().min(1).max(giveawayLimits.prizeMaxLength).optional(),
  description: z.string().trim().max(giveawayLimits.descriptionMaxLength).optional(),
  winnerCount: z.number().int().min(giveawayLimits.minWinners).max(giveawayLimits.maxWinners).optional(),
  duration: z
    .number()
    .int()
    .min(giveawayLimits.minDurationSeconds)
    .max(giveawayLimits.maxDurationSeconds)
    .optional(),
  requirements: giveawayRequirements.optional(),
  pingRoleId: snowflake.nullable().optional(),
  winnersChannelId: snowflake.nullable().optional(),
  hostId: snowflake.optional(),
  dmWinners: z.boolean().optional(),
  /** Seconds winners have to claim; null: no claim. */
  claimWindow: giveawayClaimWindow.nullable().optional(),
  /** End after this many entries; null: only at the end time. */
  maxEntries: giveawayMaxEntries.nullable().optional(),
  /** Seconds before the end of the "last chance" reminder; null: none. */
  reminderBefore: giveawayReminderBefore.nullable().optional(),
  /** When the next run starts (ms): at least a minute ahead. */
  startsAt: ms.optional(),
  recurrence: giveawayRecurrence.nullable().optional(),
  paused: z.boolean().optional(),
});
export type UpdateGiveawayScheduleBody = z.infer<typeof updateGiveawayScheduleBody>;

/** The answer of a create with `startsAt` or `recurrence` (202: nothing is posted yet). */
export const scheduledGiveawayResponse = giveawaySchedule;

/** Query of `GET /api/giveaways/{serverId}/{giveawayId}/entrants`: a page, optionally searched. */
export const giveawayEntrantsQuery = z.object({
  /** Username starts with this (any case), or, for digits, the user id does. */
  q: z.string().trim().max(100, "must be at most 100 characters").optional(),
  limit: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,15}:\d{17,20}$/, "must be the nextCursor of the previous page")
    .optional(),
});
export type GiveawayEntrantsQuery = z.infer<typeof giveawayEntrantsQuery>;

/** One entrant as managers see them: who, when, their tickets and why. */
export const giveawayEntrant = z.object({
  userId: snowflake,
  username: z.string(),
  enteredAt: ms,
  /** Tickets in the draw. */
  entries: z.number().int().positive(),
  /** A bypass role skipped the requirements. */
  hasBypass: z.boolean(),
  /** Why they hold more than one ticket, or skipped the requirements ("×3 multiplier role"). */
  bonus: z.string().nullable(),
  /** The multiplier role that matches their tickets, by the server's configuration now. */
  bonusRoleId: snowflake.nullable(),
});
export type GiveawayEntrant = z.infer<typeof giveawayEntrant>;

/** `GET /api/giveaways/{serverId}/{giveawayId}/entrants`. */
export const giveawayEntrantsPage = z.object({
  entrants: z.array(giveawayEntrant),
  /**
   * Entrants matching `q` (all of them without it), given with the first page only (null on the
   * next ones, so a deep page is one index read). Counted up to 10,000, or 100 for a search
   * (`totalCapped` says there are more), so the count reads a bounded part of the index.
   */
  total: z.number().int().nonnegative().nullable(),
  /** More entrants match than `total` (10,000; 100 for a search). */
  totalCapped: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  /** Members removed by a manager, latest first (up to 50). */
  removed: z.array(
    z.object({ userId: snowflake, reason: z.string(), removedAt: ms, removedBy: snowflake.nullable() }),
  ),
});
export type GiveawayEntrantsPage = z.infer<typeof giveawayEntrantsPage>;

export const giveawayEntrantParams = z.object({
  serverId: snowflake,
  giveawayId: snowflake,
  userId: snowflake,
});

/** Removing an entrant: the reason is kept, audited, and shown to the member at their next press. */
export const removeEntrantBody = z.object({
  reason: z.string().trim().min(1, "give a reason").max(200, "must be at most 200 characters"),
  /** Also block them from every giveaway of the server. */
  block: z.boolean().optional(),
});
export type RemoveEntrantBody = z.infer<typeof removeEntrantBody>;

/** A member blocked from the server's giveaways. */
export const giveawayBlock = z.object({
  userId: snowflake,
  reason: z.string(),
  blockedBy: snowflake.nullable(),
  createdAt: ms,
});
export type GiveawayBlock = z.infer<typeof giveawayBlock>;
export const giveawayBlockList = z.array(giveawayBlock);
export const giveawayBlockBody = z.object({
  userId: snowflake,
  reason: z.string().trim().min(1, "give a reason").max(200, "must be at most 200 characters"),
});
export type GiveawayBlockBody = z.infer<typeof giveawayBlockBody>;
export const giveawayBlockParams = z.object({ serverId: snowflake, userId: snowflake });

/** `POST /api/giveaways/preview`: what creating this giveaway would post, and which role it pings. */
export const giveawayPreviewResponse = z.object({
  /** The role it will ping; null: no one is pinged. */
  pingRoleId: snowflake.nullable(),
  /** That role's name, when known. */
  pingRoleName: z.string().nullable(),
  content: z.string().nullable(),
  embed: z.object({
    title: z.string(),
    description: z.string(),
    footer: z.string().nullable(),
    color: z.number().int().nullable(),
  }),
  buttonLabel: z.string(),
  /** The whole message as it is posted (ping, embed and button), for the dashboard's shared preview. */
  message: botMessagePreview,
});
export type GiveawayPreviewResponse = z.infer<typeof giveawayPreviewResponse>;
