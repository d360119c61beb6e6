import {
  type InsightsChange,
  type InsightsCounters,
  type InsightsHeatmap,
  type InsightsHeatmapQuery,
  type InsightsPoint,
  type InsightsSeries,
  type InsightsSeriesQuery,
  type InsightsTop,
  type InsightsTopQuery,
  type InsightsTotals,
  insightsMetrics,
  insightsPeriodDays,
  insightsRetention,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import { listServerGiveaways } from "../giveaways/service.ts";
import { type CounterColumn, dayMs, hourMs } from "./batch.ts";
import * as store from "./store.ts";

const columnOf: Record<(typeof insightsMetrics)[number], CounterColumn> = {
  joins: "joins",
  leaves: "leaves",
  messages: "messages",
  activeMembers: "active_members",
  commands: "commands",
  giveawayEntries: "giveaway_entries",
  votes: "votes",
  triggerReplies: "trigger_replies",
  grinderPayments: "grinder_payments",
  grinderRevenue: "grinder_revenue",
};

const zero: Record<CounterColumn, number> = Object.fromEntries(
  insightsMetrics.map((metric) => [columnOf[metric], 0]),
) as Record<CounterColumn, number>;

function toCounters(values: Record<CounterColumn, number> = zero): InsightsCounters {
  return {
    joins: values.joins,
    leaves: values.leaves,
    messages: values.messages,
    activeMembers: values.active_members,
    commands: values.commands,
    giveawayEntries: values.giveaway_entries,
    votes: values.votes,
    triggerReplies: values.trigger_replies,
    grinderPayments: values.grinder_payments,
    grinderRevenue: values.grinder_revenue,
  };
}

function totalsOf(points: readonly InsightsCounters[]): InsightsTotals {
  const totals = Object.fromEntries(insightsMetrics.map((metric) => [metric, 0])) as InsightsCounters;
  for (const point of points) for (const metric of insightsMetrics) totals[metric] += point[metric];
  // Distinct members can't be added across buckets: the period's figure is the average per bucket.
  totals.activeMembers = points.length > 0 ? Math.round(totals.activeMembers / points.length) : 0;
  return { ...totals, net: totals.joins - totals.leaves };
}

function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The period's buckets: `[from, to)` in bucket numbers (days or hours since the epoch) and the size. */
function periodBuckets(period: InsightsSeriesQuery["period"], resolution: "day" | "hour", now: number) {
  const size = resolution === "day" ? dayMs : hourMs;
  const count = insightsPeriodDays[period] * (resolution === "day" ? 1 : 24);
  const to = Math.floor(now / size) + 1;
  return { from: to - count, to, size, count };
}

/**
 * A server's series for a period: every bucket (zero-filled), the period's totals, the previous
 * period's, and the change between them.
 */
export async function getInsightsSeries(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  query: InsightsSeriesQuery,
  now = Date.now(),
): Promise<InsightsSeries> {
  if (query.resolution === "hour" && insightsPeriodDays[query.period] > 7) {
    throw badRequest(
      "resolution: hourly series are kept for the last 7 days; choose period 7d",
      "resolution",
    );
  }
  const { from, to, size, count } = periodBuckets(query.period, query.resolution, now);
  const db = deps.storage.db;
  // One read of both periods: the previous one's rows come first.
  const [rows, demoUntil] = await Promise.all([
    store.readBuckets(db, serverId, query.resolution, from - count, to),
    store.demoHistoryUntil(db, serverId),
  ]);
  const previousRows = rows.filter((row) => row.bucket < from);
  const byBucket = new Map(rows.filter((row) => row.bucket >= from).map((row) => [row.bucket, row.values]));
  const points: InsightsPoint[] = [];
  for (let bucket = from; bucket < to; bucket++) {
    const counters = toCounters(byBucket.get(bucket));
    points.push({ at: bucket * size, ...counters, net: counters.joins - counters.leaves });
  }
  const previousPoints = previousRows.map((row) => toCounters(row.values));
  // The previous period's average active members is over all its buckets, not only those with rows.
  const previous = totalsOf(previousPoints);
  previous.activeMembers = Math.round(
    previousPoints.reduce((sum, point) => sum + point.activeMembers, 0) / count,
  );
  const totals = totalsOf(points);
  // A year's previous year reaches past the 400 days kept: there is nothing whole to compare with.
  const kept = query.resolution === "day" ? insightsRetention.days : insightsRetention.hours * 24;
  const previousComplete = from - count >= to - kept;
  const change = Object.fromEntries(
    [...insightsMetrics, "net" as const].map((metric) => [
      metric,
      previousComplete ? percentChange(totals[metric], previous[metric]) : null,
    ]),
  ) as InsightsChange;
  return {
    period: query.period,
    resolution: query.resolution,
    from: from * size,
    to: to * size,
    points,
    totals,
    previous,
    previousComplete,
    change,
    demoHistoryUntil: demoUntil,
  };
}

/** Channel names by id; a failed lookup leaves the names out (the ids still answer). */
async function channelNames(deps: Pick<AppContext, "discord" | "logger">, serverId: string) {
  try {
    return new Map((await deps.discord.listChannels(serverId)).map((channel) => [channel.id, channel.name]));
  } catch (error) {
    deps.logger.warn({ err: error, serverId }, "insights: channel names unavailable");
    return new Map<string, string>();
  }
}

/** The busiest channels, top commands and most-entered giveaways of a period, with the previous period's figures. */
export async function getInsightsTop(
  deps: Pick<AppContext, "storage" | "discord" | "logger" | "config">,
  serverId: string,
  query: InsightsTopQuery,
  now = Date.now(),
): Promise<InsightsTop> {
  const { from, to, count } = periodBuckets(query.period, "day", now);
  const db = deps.storage.db;
  const [channels, commands, giveaways] = await Promise.all([
    store.topKeys(db, serverId, "channel", from, to, query.limit),
    store.topKeys(db, serverId, "command", from, to, query.limit),
    store.topKeys(db, serverId, "giveaway", from, to, query.limit),
  ]);
  const [previousChannels, previousCommands, names, prizes] = await Promise.all([
    store.keyTotals(
      db,
      serverId,
      "channel",
      channels.map((row) => row.key),
      from - count,
      from,
    ),
    store.keyTotals(
      db,
      serverId,
      "command",
      commands.map((row) => row.key),
      from - count,
      from,
    ),
    channels.length > 0 ? channelNames(deps, serverId) : new Map<string, string>(),
    giveaways.length > 0 ? giveawayPrizes(deps, serverId) : new Map<string, string>(),
  ]);
  return {
    period: query.period,
    from: from * dayMs,
    to: to * dayMs,
    channels: channels.map((row) => ({
      channelId: row.key,
      name: names.get(row.key) ?? null,
      messages: row.count,
      previous: previousChannels.get(row.key) ?? 0,
    })),
    commands: commands.map((row) => ({
      command: row.key,
      uses: row.count,
      previous: previousCommands.get(row.key) ?? 0,
    })),
    giveaways: giveaways.map((row) => ({
      giveawayId: row.key,
      prize: prizes.get(row.key) ?? null,
      entries: row.count,
    })),
  };
}

async function giveawayPrizes(
  deps: Pick<AppContext, "storage" | "discord" | "logger" | "config">,
  serverId: string,
) {
  try {
    return new Map((await listServerGiveaways(deps, serverId)).map((item) => [item.messageId, item.prize]));
  } catch (error) {
    deps.logger.warn({ err: error, serverId }, "insights: giveaway prizes unavailable");
    return new Map<string, string>();
  }
}

/** Messages of the last 7 days by channel (the busiest `query.channels`) and hour of the day, UTC. */
export async function getInsightsHeatmap(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  serverId: string,
  query: InsightsHeatmapQuery,
  now = Date.now(),
): Promise<InsightsHeatmap> {
  const { from, to } = periodBuckets("7d", "hour", now);
  const rows = await store.hourKeys(deps.storage.db, serverId, "channel", from, to);
  const byChannel = new Map<string, number[]>();
  const hours = Array.from({ length: 24 }, () => 0);
  for (const row of rows) {
    let cells = byChannel.get(row.key);
    if (!cells) {
      cells = Array.from({ length: 24 }, () => 0);
      byChannel.set(row.key, cells);
    }
    const hourOfDay = ((row.hour % 24) + 24) % 24;
    cells[hourOfDay] = (cells[hourOfDay] ?? 0) + row.count;
    hours[hourOfDay] = (hours[hourOfDay] ?? 0) + row.count;
  }
  const sum = (cells: number[]) => cells.reduce((total, value) => total + value, 0);
  const busiest = [...byChannel.entries()]
    .sort((a, b) => sum(b[1]) - sum(a[1]) || a[0].localeCompare(b[0]))
    .slice(0, query.channels);
  const names = busiest.length > 0 ? await channelNames(deps, serverId) : new Map<string, string>();
  return {
    from: from * hourMs,
    to: to * hourMs,
    channels: busiest.map(([channelId, cells]) => ({
      channelId,
      name: names.get(channelId) ?? null,
      messages: sum(cells),
    })),
    cells: busiest.map(([, cells]) => cells),
    hours,
  };
}
