import type { InsightsPeriod } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDashboardSession } from "../session/session-context";
import { abbreviate, formatAmount, shortDate } from "../shared/format";
import { ChartIcon, CoinsIcon, UsersIcon } from "../shared/icons";
import { PanelError, Skeleton } from "../shared/panel-state";
import { ChartCard } from "./chart-card";
import { channelLabel, HeatmapChart } from "./heatmap-chart";
import {
  insightsDailyQuery,
  insightsHeatmapQuery,
  insightsSeriesQuery,
  insightsTopQuery,
} from "./insights-api";
import { insightsColours as colours } from "./insights-colours";
import { changeLabel, dayLabel, hourLabel, isoBucket } from "./insights-format";
import { PeriodPicker, periodNames, Summary } from "./insights-summary";
import { TopCards } from "./insights-top-cards";
import { TimeSeriesChart } from "./time-series-chart";

/**
 * Insights on the Overview: how the server is doing over time (members, activity, busiest channels
 * and hours, commands, giveaways, grinder revenue) for a chosen period. Loaded with the chart
 * library only when the Overview is shown.
 */
export function InsightsSection() {
  const { serverId } = useDashboardSession();
  const [period, setPeriod] = useState<InsightsPeriod>("30d");
  const daily = useQuery(insightsDailyQuery(serverId, period));
  const activity = useQuery(insightsSeriesQuery(serverId, period));
  const top = useQuery(insightsTopQuery(serverId, period));
  const heatmap = useQuery(insightsHeatmapQuery(serverId));

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 id="insights-heading" className="text-lg font-semibold text-stone-50">
          Server insights
        </h2>
        <p className="text-sm text-stone-400">
          What is happening in your server, counted by the bot. Days and hours are UTC; change is against the
          previous {periodNames[period]}.
        </p>
      </div>
      <PeriodPicker value={period} onChange={setPeriod} />
    </div>
  );

  if (daily.isError && !daily.data) {
    return (
      <section aria-labelledby="insights-heading" className="space-y-4">
        {header}
        <PanelError
          message="Failed to load insights. Please try again."
          onRetry={() => void daily.refetch()}
        />
      </section>
    );
  }
  if (!daily.data) {
    return (
      <section aria-labelledby="insights-heading" className="space-y-4">
        {header}
        <div role="status" aria-label="Loading insights" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      </section>
    );
  }

  const series = daily.data;
  const at = series.points.map((point) => point.at);
  const dates = at.map((bucket) => isoBucket(bucket, "day"));
  const activitySeries = activity.data?.period === period ? activity.data : series;
  const activityAt = activitySeries.points.map((point) => point.at);
  const byHour = activitySeries.resolution === "hour";
  const topData = top.data?.period === period ? top.data : undefined;

  return (
    <section aria-labelledby="insights-heading" className="space-y-4" data-period={period}>
      {header}
      {series.demoHistoryUntil !== null && (
        <p
          data-demo-history=""
          className="rounded-xl border border-sky-400/25 bg-sky-400/5 px-4 py-3 text-sm text-sky-100"
        >
          <strong className="font-semibold">Demo history.</strong> Figures before{" "}
          {shortDate(series.demoHistoryUntil)} were generated for the sandbox's demo server so the charts have
          something to show; everything since is counted for real.
        </p>
      )}
      <Summary series={series} />

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="Members"
          description={`Joins, leaves and net growth per day, last ${periodNames[period]}.`}
          icon={<UsersIcon />}
          filename={`members-${period}`}
          table={{
            caption: `Members per day, last ${periodNames[period]}`,
            headers: ["Date", "Joins", "Leaves", "Net"],
            rows: series.points.map((point, index) => [
              dates[index] ?? "",
              point.joins,
              point.leaves,
              point.net,
            ]),
          }}
        >
          <TimeSeriesChart
            label={`Members: ${formatAmount(series.totals.joins)} joins and ${formatAmount(series.totals.leaves)} leaves in the last ${periodNames[period]}`}
            at={at}
            yLabel="Members"
            axisLabel={dayLabel}
            tooltipLabel={dayLabel}
            series={[
              {
                key: "joins",
                label: "Joins",
                color: colours.joins,
                kind: "bar",
                values: series.points.map((p) => p.joins),
              },
              {
                key: "leaves",
                label: "Leaves",
                color: colours.leaves,
                kind: "bar",
                values: series.points.map((p) => p.leaves),
              },
              {
                key: "net",
                label: "Net",
                color: colours.net,
                kind: "line",
                values: series.points.map((p) => p.net),
              },
            ]}
          />
        </ChartCard>

        <ChartCard
          title="Activity"
          description={`Messages and active members (distinct authors) per ${byHour ? "hour" : "day"}, last ${periodNames[period]}.`}
          icon={<ChartIcon />}
          filename={`activity-${period}`}
          table={{
            caption: `Activity per ${byHour ? "hour" : "day"}, last ${periodNames[period]}`,
            headers: [byHour ? "Hour (UTC)" : "Date", "Messages", "Active members"],
            rows: activitySeries.points.map((point) => [
              isoBucket(point.at, byHour ? "hour" : "day"),
              point.messages,
              point.activeMembers,
            ]),
          }}
        >
          <TimeSeriesChart
            label={`Activity: ${formatAmount(activitySeries.totals.messages)} messages in the last ${periodNames[period]}`}
            at={activityAt}
            yLabel="Messages"
            y2Label="Active members"
            axisLabel={dayLabel}
            tooltipLabel={byHour ? hourLabel : dayLabel}
            series={[
              {
                key: "messages",
                label: "Messages",
                color: colours.messages,
                kind: "bar",
                values: activitySeries.points.map((p) => p.messages),
              },
              {
                key: "activeMembers",
                label: "Active members",
                color: colours.active,
                kind: "line",
                secondary: true,
                values: activitySeries.points.map((p) => p.activeMembers),
              },
            ]}
          />
        </ChartCard>
      </div>

      {heatmap.data && (
        <ChartCard
          title="Busiest channels and hours"
          description="Messages by channel and hour of the day over the last 7 days (UTC); darker is busier."
          icon={<ChartIcon />}
          filename="channels-by-hour-7d"
          empty={heatmap.data.channels.length === 0 ? "No messages counted in the last 7 days yet." : null}
          table={{
            caption: "Messages by channel and hour of the day, last 7 days (UTC)",
            headers: [
              "Channel",
              ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, "0")}:00`),
            ],
            rows: [
              ["All channels", ...heatmap.data.hours],
              ...heatmap.data.channels.map((channel, index) => [
                channelLabel(channel),
                ...(heatmap.data.cells[index] ?? []),
              ]),
            ],
          }}
        >
          <HeatmapChart data={heatmap.data} />
        </ChartCard>
      )}

      {topData && <TopCards top={topData} period={period} />}

      <ChartCard
        title="Grinder revenue"
        description={`Grinder payments recorded per day, last ${periodNames[period]}: ${abbreviate(series.totals.grinderRevenue)} in ${formatAmount(series.totals.grinderPayments)} payments${series.previousComplete ? ` (${changeLabel(series.change.grinderRevenue ?? null, series.totals.grinderRevenue)})` : ""}.`}
        icon={<CoinsIcon />}
        filename={`grinder-revenue-${period}`}
        table={{
          caption: `Grinder payments per day, last ${periodNames[period]}`,
          headers: ["Date", "Payments", "Revenue"],
          rows: series.points.map((point, index) => [
            dates[index] ?? "",
            point.grinderPayments,
            point.grinderRevenue,
          ]),
        }}
      >
        <TimeSeriesChart
          label={`Grinder revenue: ${abbreviate(series.totals.grinderRevenue)} in the last ${periodNames[period]}`}
          at={at}
          yLabel="Revenue"
          axisLabel={dayLabel}
          tooltipLabel={dayLabel}
          height={200}
          series={[
            {
              key: "grinderRevenue",
              label: "Revenue",
              color: colours.revenue,
              kind: "bar",
              values: series.points.map((p) => p.grinderRevenue),
            },
          ]}
        />
      </ChartCard>
    </section>
  );
}
