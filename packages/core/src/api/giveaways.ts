import { z } from "zod";
import { giveawayLimits } from "../limits/events.ts";
import { snowflake } from "./common.ts";
import { pageQuery, pageSizes } from "./paging.ts";

export { giveawayLimits };

const ms = z.number().int().nonnegative();

/** Path of the routes addressing one giveaway: the server and the giveaway's message id. */
export const giveawayParams = z.object({ serverId: snowflake, giveawayId: snowflake });

/** Path of the per-server routes whose parameter is spelled `id` (`x/winners`, `bb/stats`, `y/config`). */
export const giveawayServerParams = z.object({ id: snowflake });

/** Query of `GET /api/giveaways/{serverId}/{giveawayId}/participants`: a page of entrants, oldest first. */
export const giveawayParticipantsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Query of `GET /api/giveaways/x/winners/{id}`: optionally one giveaway only. */
export const giveawayWinnersQuery = z.object({ messageId: snowflake.optional() });

/** Entry requirements; a member holding a bypass role skips them all. */
export const giveawayRequirements = z.object({
  /** The entrant's Discord account is at least this many days old. */
  minAccountAge: z.number().int().min(0).max(giveawayLimits.maxAgeDays).default(0),
  /** The entrant joined the server at least this many days ago. */
  minMemberAge: z.number().int().min(0).max(giveawayLimits.maxAgeDays).default(0),
  /** The entrant has invited at least this many members (from the bot's invite tracker). */
  minInvites: z.number().int().min(0).max(giveawayLimits.maxInvites).default(0),
  /** The entrant holds at least one of these roles (none: no role needed). */
  requiredRoles: z.array(snowflake).max(giveawayLimits.maxRequiredRoles).default([]),
});
export type GiveawayRequirements = z.infer<typeof giveawayRequirements>;

/** How often a recurring giveaway runs: every `every` hours, days, weeks or months. */
export const giveawayRecurrence = z.object({
  every: z.number().int().min(1).max(365),
  unit: z.enum(["hours", "days", "weeks", "months"]),
});
export type GiveawayRecurrence = z.infer<typeof giveawayRecurrence>;

/** Seconds a winner has to claim: 10 minutes to 7 days. */
export const giveawayClaimWindow = z
  .number()
  .int("must be a whole number of seconds")
  .min(giveawayLimits.minClaimWindowSeconds, "must be at least 600 seconds (10 minutes)")
  .max(giveawayLimits.maxClaimWindowSeconds, "must be at most 604800 seconds (7 days)");
/** Entries after which a giveaway ends. */
export const giveawayMaxEntries = z
  .number()
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(giveawayLimits.maxEntries, "must be at most 1000000");
/** Seconds before the end the "last chance" reminder is posted. */
export const giveawayReminderBefore = z
  .number()
  .int("must be a whole number of seconds")
  .min(giveawayLimits.minReminderSeconds, "must be at least 60 seconds")
  .max(giveawayLimits.maxDurationSeconds, "must be at most 90 days");

/** The settings a giveaway runs with, shared by a create, a schedule's next run and a template. */
const giveawaySettingsShape = {
  /** A text or announcement channel of the token's server, where the giveaway is posted. */
  channelId: snowflake,
  prize: z.string().trim().min(1).max(giveawayLimits.prizeMaxLength),
  description: z.string().trim().max(giveawayLimits.descriptionMaxLength).optional(),
  winnerCount: z.number().int().min(giveawayLimits.minWinners).max(giveawayLimits.maxWinners).default(1),
  requirements: giveawayRequirements.optional(),
  /** A member of the server who donated the prize. */
  donorId: snowflake.optional(),
  /** Who hosts it (pinged with the results at the end); default the creator. */
  hostId: snowflake.optional(),
  /** The role pinged when it is posted: left out, the server's events ping role; null, no ping. */
  pingRoleId: snowflake.nullable().optional(),
  /** Where the results are announced; default the giveaway's channel. */
  winnersChannelId: snowflake.optional(),
  /** Send each winner the prize (and description) by DM. */
  dmWinners: z.boolean().optional(),
  /**
   * Seconds each winner has to press Claim (10 minutes to 7 days); an unclaimed win is drawn again
   * at the deadline (past winners excluded) and the new winner gets a fresh window. Left out: no claim.
   */
  claimWindow: giveawayClaimWindow.optional(),
  /** End the giveaway as soon as this many members have entered (exactly this many are accepted). */
  maxEntries: giveawayMaxEntries.optional(),
  /**
   * Post one "last chance" reminder in the giveaway's channel this many seconds before the end (at
   * least 60, and shorter than the run). Pausing and resuming move it with the end.
   */
  reminderBefore: giveawayReminderBefore.optional(),
};

/** Seconds a giveaway runs: 60 s to 90 days. */
const giveawayDuration = z
  .number()
  .int()
  .min(giveawayLimits.minDurationSeconds)
  .max(giveawayLimits.maxDurationSeconds);

/** What a scheduled or recurring giveaway keeps for its next run (and a template holds). */
export const giveawaySettings = z.object({ ...giveawaySettingsShape, duration: giveawayDuration });
export type GiveawaySettings = z.infer<typeof giveawaySettings>;

/**
 * `POST /api/giveaways/create`. The giveaway runs for `duration` seconds from its start, or until
 * `endTime` (ms); exactly one of the two is given. With `startsAt` (ms) it is posted then instead of
 * now, and with `recurrence` it runs again and again (each run its own giveaway); both need
 * `duration`. The host is the token's user unless `hostId` says otherwise.
 */
export const createGiveawayBody = z
  .object({
    ...giveawaySettingsShape,
    /** Seconds from the start: 60 s to 90 days. */
    duration: giveawayDuration.optional(),
    /** End time, ms since the epoch: at least a minute ahead, at most 90 days. */
    endTime: ms.optional(),
    /** Post it at this time (ms) instead of now: at least a minute ahead, at most a year. */
    startsAt: ms.optional(),
    /** Repeat it; the first run starts at `startsAt`, or now. */
    recurrence: giveawayRecurrence.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.duration === undefined) === (body.endTime === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["duration"],
        message: "give either duration (seconds) or endTime (ms), not both",
      });
    } else if (
      body.reminderBefore !== undefined &&
      body.duration !== undefined &&
      body.reminderBefore >= body.duration
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["reminderBefore"],
        message: "must be shorter than the giveaway's duration",
      });
    } else if (
      (body.startsAt !== undefined || body.recurrence !== undefined) &&
      body.duration === undefined
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["duration"],
        message: "a scheduled or recurring giveaway needs duration (seconds), not endTime",
      });
    }
  });
export type CreateGiveawayBody = z.infer<typeof createGiveawayBody>;

/**
 * `POST /api/giveaways/{serverId}/{giveawayId}/reroll`: draw `winnerCount` more winners (default 1);
 * or `replace` one named winner (the others keep their win); or `all`: replace every current winner.
 * Nobody who won this giveaway before is drawn again.
 */
export const rerollGiveawayBody = z
  .object({
    winnerCount: z.number().int().min(giveawayLimits.minWinners).max(giveawayLimits.maxWinners).optional(),
    /** The winner to replace. */
    replace: snowflake.optional(),
    /** Replace every current winner. */
    all: z.boolean().optional(),
  })
  .nullish();
export type RerollGiveawayBody = z.infer<typeof rerollGiveawayBody>;

/** One item of `GET /api/giveaways` and `GET /api/giveaways/{serverId}`. */
export const giveawayListItem = z.object({
  guildId: snowflake,
  messageId: snowflake,
  prize: z.string(),
  guildName: z.string(),
  active: z.boolean(),
  endTime: ms,
  createdAt: ms,
  /** How many members entered. */
  entries: z.number().int().nonnegative(),
  /** Winners drawn so far once ended; the planned winner count while active. */
  winners: z.number().int().nonnegative(),
  /** The server's public discovery invite, when it has one. */
  inviteUrl: z.string().nullable(),
  /** How its series repeats, when it is a run of a recurring giveaway. */
  recurrence: giveawayRecurrence.nullable().optional(),
  /** Paused by the staff: entries are closed and the end moves by the pause. */
  paused: z.boolean().optional(),
  /** It ends once this many members have entered (null: only at its end time). */
  maxEntries: z.number().int().positive().nullable().optional(),
  /** Seconds each winner has to press Claim (null: no claim needed). */
  claimWindow: z.number().int().positive().nullable().optional(),
  /** Seconds before the end its "last chance" reminder is posted (null: none). */
  reminderBefore: z.number().int().positive().nullable().optional(),
});
export type GiveawayListItem = z.infer<typeof giveawayListItem>;
export const giveawayListResponse = z.array(giveawayListItem);

export const giveawayStatusFilters = ["all", "active", "ended"] as const;
export const giveawaySorts = ["newest", "ending", "popular"] as const;

/**
 * Query of `GET /api/giveaways` and `GET /api/giveaways/{serverId}`: a search of prize and server
 * name (`q`), running or ended ones only (`status`), the order (`sort`: newest first; ending soon
 * puts running ones first by time left, then ended ones latest first; popular by entries), and a
 * page (`limit`, default 24, at most 100; `cursor` from `X-Next-Cursor`).
 */
export const giveawayListQuery = pageQuery(pageSizes.giveaways).extend({
  q: z.string().trim().max(100, "must be at most 100 characters").optional(),
  status: z.enum(giveawayStatusFilters).optional(),
  sort: z.enum(giveawaySorts).optional(),
});
export type GiveawayListQuery = z.infer<typeof giveawayListQuery>;

/**
 * Headers of the giveaway lists with the figures of the site's tiles, over every listed giveaway
 * (search and status filter aside): how many, how many running, how many entries in all.
 */
export const giveawayTotalsHeaders = {
  total: "x-giveaways-total",
  running: "x-giveaways-running",
  entries: "x-giveaways-entries",
} as const;
export type GiveawayStatusFilter = (typeof giveawayStatusFilters)[number];
export type GiveawaySort = (typeof giveawaySorts)[number];

/** A drawn winner. `entries` is how many entries they held. */
export const giveawayWinner = z.object({
  userId: snowflake,
  username: z.string(),
  entries: z.number().int().positive(),
  wonAt: ms,
  /** 0 for the draw at the end, 1, 2, … for each reroll. */
  draw: z.number().int().nonnegative(),
  /** The winner this one replaced (a reroll of a named winner, or of all). */
  replaces: snowflake.nullable().optional(),
  /** When a reroll replaced this winner: their win no longer stands. */
  replacedAt: ms.nullable().optional(),
  /** When they claimed their win (giveaways with a claim window). */
  claimedAt: ms.nullable().optional(),
  /** Until when they may claim it. */
  claimDeadline: ms.nullable().optional(),
});
export type GiveawayWinner = z.infer<typeof giveawayWinner>;

/** One entrant of a giveaway. `timestamp` is when they entered. */
export const giveawayParticipant = z.object({
  userId: snowflake,
  username: z.string(),
  entries: z.number().int().positive(),
  timestamp: ms,
  /** They held a bypass role, so the requirements were skipped. */
  hasBypass: z.boolean(),
});
export type GiveawayParticipant = z.infer<typeof giveawayParticipant>;
export const giveawayParticipantsResponse = z.array(giveawayParticipant);

/**
 * `GET /api/giveaways/{serverId}/{giveawayId}` and the answer of create, end and reroll.
 * `winners` is the list of winners once ended, and the planned winner count while active.
 */
export const giveawayDetail = z.object({
  guildId: snowflake,
  messageId: snowflake,
  channelId: snowflake,
  prize: z.string(),
  description: z.string().nullable(),
  guildName: z.string(),
  hostId: snowflake,
  donorId: snowflake.nullable(),
  active: z.boolean(),
  endTime: ms,
  endedAt: ms.nullable(),
  createdAt: ms,
  entriesCount: z.number().int().nonnegative(),
  winners: z.union([z.number().int().nonnegative(), z.array(giveawayWinner)]),
  winnerCount: z.number().int().positive(),
  inviteUrl: z.string().nullable(),
  minAccountAge: z.number().int().nonnegative(),
  minMemberAge: z.number().int().nonnegative(),
  minInvites: z.number().int().nonnegative(),
  requiredRoles: z.array(snowflake),
  /** The role pinged when it was posted (null: none). */
  pingRoleId: snowflake.nullable().optional(),
  /** Where the results are announced (null: its own channel). */
  winnersChannelId: snowflake.nullable().optional(),
  dmWinners: z.boolean().optional(),
  /** The recurring series or scheduled start that posted it, when one did. */
  scheduleId: z.string().nullable().optional(),
  /** How the series repeats, when it belongs to one. */
  recurrence: giveawayRecurrence.nullable().optional(),
  /** Paused since (entries closed; the end moves by the pause when it resumes). */
  pausedAt: ms.nullable().optional(),
  /** Seconds each winner has to claim (null: no claim needed). */
  claimWindow: z.number().int().positive().nullable().optional(),
  /** It ends once this many have entered (null: only at its end time). */
  maxEntries: z.number().int().positive().nullable().optional(),
  /** Seconds before the end its "last chance" reminder is posted (null: none). */
  reminderBefore: z.number().int().positive().nullable().optional(),
  /** When the reminder was posted (null: not yet, or none). */
  remindedAt: ms.nullable().optional(),
});
export type GiveawayDetail = z.infer<typeof giveawayDetail>;

/** The answer of a reroll: the giveaway, and who was drawn this time. */
export const rerollGiveawayResponse = giveawayDetail.extend({ newWinners: z.array(giveawayWinner) });
export type RerollGiveawayResponse = z.infer<typeof rerollGiveawayResponse>;

/**
 * One ended giveaway of `GET /api/giveaways/x/winners/{id}`: its winners and its first 100
 * entrants (`entriesCount` says how many there are in all; the participants call pages the rest).
 */
export const giveawayWinnerRecord = z.object({
  messageId: snowflake,
  prize: z.string(),
  endedAt: ms.nullable(),
  winners: z.array(giveawayWinner),
  entries: z.array(giveawayParticipant),
  entriesCount: z.number().int().nonnegative(),
});
export type GiveawayWinnerRecord = z.infer<typeof giveawayWinnerRecord>;
export const giveawayWinnersResponse = z.array(giveawayWinnerRecord);

/** `GET /api/giveaways/bb/stats/{id}`. */
export const giveawayStatsResponse = z.object({
  total: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  /** The latest 10 winners of the server, newest first. */
  recentWinners: z.array(giveawayWinner.extend({ messageId: snowflake, prize: z.string() })),
});
export type GiveawayStats = z.infer<typeof giveawayStatsResponse>;

export const multiplierRole = z.object({
  roleId: snowflake,
  /** Entries a holder gets instead of 1; the highest of a member's multiplier roles counts. */
  multiplier: z
    .number()
    .int()
    .min(giveawayLimits.minMultiplier)
    .max(giveawayLimits.maxMultiplier)
    .default(giveawayLimits.defaultMultiplier),
});
export type MultiplierRole = z.infer<typeof multiplierRole>;

/**
 * `GET, PUT /api/giveaways/y/config/{id}` (and the answer of DELETE, which resets it). PUT replaces
 * the whole configuration; a list left out is empty. A role may appear once across all three lists.
 */
export const giveawayConfig = z.object({
  /** Holders skip the entry requirements. */
  bypassRoles: z.array(snowflake).max(giveawayLimits.maxConfigRoles).default([]),
  /** Holders may not enter; this wins over a bypass role. */
  blacklistRoles: z.array(snowflake).max(giveawayLimits.maxConfigRoles).default([]),
  multiplierRoles: z.array(multiplierRole).max(giveawayLimits.maxConfigRoles).default([]),
});
export type GiveawayConfig = z.infer<typeof giveawayConfig>;
