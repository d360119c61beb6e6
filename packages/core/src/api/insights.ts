import { z } from "zod";
import { snowflake } from "./common.ts";

/** The periods the Overview's charts offer: the last 7, 30 or 90 days, or the last year. */
export const insightsPeriods = ["7d", "30d", "90d", "1y"] as const;
export type InsightsPeriod = (typeof insightsPeriods)[number];

/** Days each period covers (the current day included). */
export const insightsPeriodDays: Record<InsightsPeriod, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "1y": 365,
};

/** Daily rows are kept this many days, hourly rows this many. */
export const insightsRetention = { days: 400, hours: 14 } as const;

/** The counters kept per server per day and per hour. */
export const insightsMetrics = [
  "joins",
  "leaves",
  "messages",
  "activeMembers",
  "commands",
  "giveawayEntries",
  "votes",
  "triggerReplies",
  "grinderPayments",
  "grinderRevenue",
] as const;
export type InsightsMetric = (typeof insightsMetrics)[number];

const count = z.number().int().nonnegative();

/** One value per counter. */
export const insightsCounters = z.object({
  joins: count,
  leaves: count,
  messages: count,
  /** Distinct members who wrote at least one message in the bucket. */
  activeMembers: count,
  commands: count,
  giveawayEntries: count,
  votes: count,
  triggerReplies: count,
  grinderPayments: count,
  /** Sum of the amounts added to grinders' payments. */
  grinderRevenue: count,
});
export type InsightsCounters = z.infer<typeof insightsCounters>;

/** `GET /api/insights/{serverId}/series` query. */
export const insightsSeriesQuery = z.object({
  period: z.enum(insightsPeriods).default("30d"),
  /** `hour` is offered for the 7-day period only (hourly rows are kept 14 days). */
  resolution: z.enum(["day", "hour"]).default("day"),
});
export type InsightsSeriesQuery = z.infer<typeof insightsSeriesQuery>;

/** One bucket of a series: its start (ms since the epoch, UTC) and its counters, with `net` = joins − leaves. */
export const insightsPoint = insightsCounters.extend({ at: z.number().int(), net: z.number().int() });
export type InsightsPoint = z.infer<typeof insightsPoint>;

/** The period's counters and the same for the period before it; `activeMembers` is the average per bucket. */
export const insightsTotals = insightsCounters.extend({ net: z.number().int() });
export type InsightsTotals = z.infer<typeof insightsTotals>;

/** Percent change of each counter against the previous period; null when the previous period had none. */
export const insightsChange = z.record(z.enum([...insightsMetrics, "net"]), z.number().nullable());
export type InsightsChange = z.infer<typeof insightsChange>;

/** The answer of `GET /api/insights/{serverId}/series`. */
export const insightsSeries = z.object({
  period: z.enum(insightsPeriods),
  resolution: z.enum(["day", "hour"]),
  /** First bucket's start and the end of the last (exclusive), ms since the epoch. */
  from: z.number().int(),
  to: z.number().int(),
  /** Every bucket of the period in order, zero-filled where nothing was counted. */
  points: z.array(insightsPoint),
  totals: insightsTotals,
  previous: insightsTotals,
  /** False when the previous period reaches past the rows kept (a year's previous year): `change` is then all null. */
  previousComplete: z.boolean(),
  change: insightsChange,
  /**
   * Set on the sandbox's demo server: counters before this time were generated when the demo was
   * seeded (plausible history so the charts have something to show), not counted.
   */
  demoHistoryUntil: z.number().int().nullable(),
});
export type InsightsSeries = z.infer<typeof insightsSeries>;

/** `GET /api/insights/{serverId}/top` query. */
export const insightsTopQuery = z.object({
  period: z.enum(insightsPeriods).default("30d"),
  /** How many channels, commands and giveaways to answer (most first). */
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type InsightsTopQuery = z.infer<typeof insightsTopQuery>;

/** The busiest channels, top commands and most-entered giveaways of a period, most first. */
export const insightsTop = z.object({
  period: z.enum(insightsPeriods),
  from: z.number().int(),
  to: z.number().int(),
  channels: z.array(
    z.object({ channelId: snowflake, name: z.string().nullable(), messages: count, previous: count }),
  ),
  commands: z.array(z.object({ command: z.string(), uses: count, previous: count })),
  giveaways: z.array(z.object({ giveawayId: z.string(), prize: z.string().nullable(), entries: count })),
});
export type InsightsTop = z.infer<typeof insightsTop>;

/** `GET /api/insights/{serverId}/heatmap` query. */
export const insightsHeatmapQuery = z.object({
  /** How many of the busiest channels get a row. */
  channels: z.coerce.number().int().min(1).max(25).default(8),
});
export type InsightsHeatmapQuery = z.infer<typeof insightsHeatmapQuery>;

/**
 * Messages of the last 7 days by channel and hour of the day (UTC): `cells[i][h]` is channel `i`'s
 * messages in hour `h` (0–23) summed over the days; `hours[h]` is every channel's.
 */
export const insightsHeatmap = z.object({
  from: z.number().int(),
  to: z.number().int(),
  channels: z.array(z.object({ channelId: snowflake, name: z.string().nullable(), messages: count })),
  cells: z.array(z.array(count).length(24)),
  hours: z.array(count).length(24),
});
export type InsightsHeatmap = z.infer<typeof insightsHeatmap>;
