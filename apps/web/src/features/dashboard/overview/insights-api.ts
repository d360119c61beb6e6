import type { InsightsHeatmap, InsightsPeriod, InsightsSeries, InsightsTop } from "@hearth/core";
import { queryOptions } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";

const insightsKey = (serverId: string) => [...dashboardKeys.server(serverId), "insights"] as const;
// Counts are written every 15 s at most: a minute of freshness is plenty for charts.
const staleTime = 60_000;

export function insightsSeriesQuery(serverId: string, period: InsightsPeriod) {
  // The 7-day view is drawn by hour; longer ones by day.
  const resolution = period === "7d" ? "hour" : "day";
  return queryOptions({
    queryKey: [...insightsKey(serverId), "series", period, resolution],
    queryFn: ({ signal }) =>
      dashboardRequest<InsightsSeries>(
        `/api/insights/${serverId}/series?period=${period}&resolution=${resolution}`,
        { signal },
      ),
    retry: retryTransient,
    staleTime,
    placeholderData: (previous) => previous,
  });
}

export function insightsDailyQuery(serverId: string, period: InsightsPeriod) {
  return queryOptions({
    queryKey: [...insightsKey(serverId), "series", period, "day"],
    queryFn: ({ signal }) =>
      dashboardRequest<InsightsSeries>(`/api/insights/${serverId}/series?period=${period}&resolution=day`, {
        signal,
      }),
    retry: retryTransient,
    staleTime,
    placeholderData: (previous) => previous,
  });
}

export function insightsTopQuery(serverId: string, period: InsightsPeriod) {
  return queryOptions({
    queryKey: [...insightsKey(serverId), "top", period],
    queryFn: ({ signal }) =>
      dashboardRequest<InsightsTop>(`/api/insights/${serverId}/top?period=${period}&limit=10`, { signal }),
    retry: retryTransient,
    staleTime,
    placeholderData: (previous) => previous,
  });
}

export function insightsHeatmapQuery(serverId: string) {
  return queryOptions({
    queryKey: [...insightsKey(serverId), "heatmap"],
    queryFn: ({ signal }) =>
      dashboardRequest<InsightsHeatmap>(`/api/insights/${serverId}/heatmap?channels=8`, { signal }),
    retry: retryTransient,
    staleTime,
  });
}
