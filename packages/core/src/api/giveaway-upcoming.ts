import { z } from "zod";
import { snowflake } from "./common.ts";
import { giveawayRun } from "./giveaway-manage.ts";
import { giveawayRecurrence } from "./giveaways.ts";

const ms = z.number().int().nonnegative();

// The public pages' scheduled and recurring giveaways (issue 27, item 9): what is known before a
// run is posted, and nothing that only a posted giveaway has (no entries, no Enter).

/** `scheduled`: waiting for its start; `paused` (a series); `done` (started, or a series stopped). */
export const upcomingGiveawayStatuses = ["scheduled", "paused", "done"] as const;

/** A scheduled start or a recurring series as the public site shows it. */
export const upcomingGiveaway = z.object({
  guildId: snowflake,
  scheduleId: z.string(),
  guildName: z.string(),
  prize: z.string(),
  description: z.string().nullable(),
  winnerCount: z.number().int().positive(),
  /** Seconds each run lasts once posted. */
  duration: z.number().int().positive(),
  status: z.enum(upcomingGiveawayStatuses),
  /** When the next run is posted (ms); null once done. */
  startsAt: ms.nullable(),
  /** How the series repeats; null for a one-off scheduled start. */
  recurrence: giveawayRecurrence.nullable(),
  /** Runs posted so far. */
  runs: z.number().int().nonnegative(),
  minAccountAge: z.number().int().nonnegative(),
  minMemberAge: z.number().int().nonnegative(),
  minInvites: z.number().int().nonnegative(),
  requiredRoles: z.array(snowflake),
  /** The server's public discovery invite, when it has one. */
  inviteUrl: z.string().nullable(),
});
export type UpcomingGiveaway = z.infer<typeof upcomingGiveaway>;

/** `GET /api/giveaways/upcoming`: the scheduled and recurring giveaways still to run, soonest first. */
export const upcomingGiveawayList = z.array(upcomingGiveaway);

/** Path of `GET /api/giveaways/{serverId}/upcoming/{scheduleId}`. */
export const upcomingGiveawayParams = z.object({
  serverId: snowflake,
  scheduleId: z.string().regex(/^\d{1,12}$/, "must be a schedule id"),
});

/** `GET /api/giveaways/{serverId}/upcoming/{scheduleId}`: with its posted runs, latest first (up to 10). */
export const upcomingGiveawayDetail = upcomingGiveaway.extend({ pastRuns: z.array(giveawayRun) });
export type UpcomingGiveawayDetail = z.infer<typeof upcomingGiveawayDetail>;
