import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { cn } from "../../../lib/cn";
import { useDashboardSession } from "../session/session-context";
import { LOAD_FAILURE_MESSAGE } from "../session/session-guard";
import { giveawayStatsQuery, grindersQuery, serverInfoQuery, setupQuery } from "../shared/api";
import { Card } from "../shared/card";
import { abbreviate, formatAmount, perPeriod } from "../shared/format";
import {
  ChartIcon,
  CheckCircleIcon,
  CoinsIcon,
  LightbulbIcon,
  ServerIcon,
  TargetIcon,
  TrendIcon,
  UsersIcon,
} from "../shared/icons";
import { PanelBoundary } from "../shared/panel-boundary";
import { PanelError, placeholderKeys, Skeleton } from "../shared/panel-state";
import { ProgressBar, StatCard } from "../shared/stat-card";
import type { TabProps } from "../shared/tab-props";
import { AnalyticsCard } from "./analytics-card";
import { FeaturesTips } from "./features-tips";
import { GoalsCard } from "./goals-card";
import { activityInsight, growthInsight, type InsightTone, paidInsight } from "./insights";
import { growthTrends, rosterMetrics, tierDistribution, weeklyHires } from "./metrics";
import { TrendBadge } from "./trend-badge";

// The charts and their library load only with the Overview, after its own panels.
const InsightsSection = lazy(async () => ({
  default: (await import("./insights-section")).InsightsSection,
}));

const insightTones: Record<InsightTone, string> = {
  good: "border-emerald-400/25 bg-emerald-400/5 [&_strong]:text-emerald-200",
  ok: "border-amber-400/25 bg-amber-400/5 [&_strong]:text-amber-200",
  warn: "border-red-400/25 bg-red-400/5 [&_strong]:text-red-200",
};

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-white/[0.05] py-2.5 last:border-0">
      <dt className="text-sm text-stone-400">{label}</dt>
      <dd className="truncate text-right text-sm font-medium text-stone-100">{value}</dd>
    </div>
  );
}

export function OverviewTab(_props: TabProps) {
  const { serverId, info } = useDashboardSession();
  const grinders = useQuery(grindersQuery(serverId));
  const server = useQuery(serverInfoQuery(serverId));
  const setup = useQuery(setupQuery(serverId));
  const giveaways = useQuery(giveawayStatsQuery(serverId));
  // The trends are computed against the time the roster was loaded, so a refresh moves them.
  const loadedAt = grinders.dataUpdatedAt;

  const view = useMemo(() => {
    const list = grinders.data ?? [];
    return {
      metrics: rosterMetrics(list),
      trends: growthTrends(list, loadedAt || Date.now()),
      weekly: weeklyHires(list, loadedAt || Date.now()),
      tiers: tierDistribution(list, setup.data?.tiers ?? []),
    };
  }, [grinders.data, setup.data, loadedAt]);
  const { metrics, trends } = view;
  const period = perPeriod(setup.data?.grinders.paymentPeriod);

  // Each panel stands alone: a failed read shows its error (with a retry) where its panels were,
  // and the panels fed by the other reads stay.
  const rosterFailed = grinders.isError && !grinders.data;
  const rosterGate = (placeholderClass: string): ReactNode =>
    rosterFailed ? (
      <PanelError
        message={LOAD_FAILURE_MESSAGE}
        onRetry={() => void grinders.refetch()}
        error={grinders.error}
      />
    ) : grinders.data ? null : (
      <Skeleton className={placeholderClass} />
    );
  const serverFailed = server.isError && !server.data;

  const insights = [
    paidInsight(metrics.paidPercent, metrics.unpaid),
    activityInsight(metrics.activityPercent, metrics.onBreak),
    growthInsight(trends.hires),
  ];
  const members = server.data ? formatAmount(server.data.memberCount) : "—";

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {!grinders.data ? (
          <div className="col-span-2 lg:col-span-3">
            {rosterFailed ? (
              rosterGate("")
            ) : (
              <div
                role="status"
                aria-label="Loading overview"
                className="grid grid-cols-2 gap-3 lg:grid-cols-3 lg:gap-4"
              >
                {placeholderKeys(3).map((key, index) => (
                  <Skeleton
                    key={key}
                    className={cn("h-32 rounded-2xl", index === 2 && "max-lg:col-span-2")}
                  />
                ))}
              </div>
            )}
          </div>
        ) : (
          <PanelBoundary name="the roster figures">
            <StatCard
              label="Total Grinders"
              value={metrics.total}
              icon={<UsersIcon />}
              badge={<TrendBadge trend={trends.hires} what="Grinders hired" />}
              hint="vs previous 30 days"
            />
            <StatCard
              label="Paid"
              value={`${metrics.paidPercent}%`}
              icon={<CheckCircleIcon />}
              tone="green"
              hint={`${metrics.paid} of ${metrics.total} grinders`}
            />
            <StatCard
              label="Total Revenue"
              value={abbreviate(metrics.totalRevenue)}
              icon={<CoinsIcon />}
              tone="amber"
              badge={<TrendBadge trend={trends.revenue} what="Payments of new hires" />}
              hint={period}
            />
          </PanelBoundary>
        )}
        <PanelBoundary name="Members">
          <StatCard
            label="Members"
            value={members}
            icon={<ServerIcon />}
            tone="sky"
            hint={
              serverFailed
                ? "Couldn't load the server."
                : giveaways.data
                  ? `${giveaways.data.active} active giveaways`
                  : undefined
            }
          />
        </PanelBoundary>
      </div>

      <PanelBoundary name="Server insights">
        <Suspense fallback={<Skeleton className="h-96 rounded-2xl" />}>
          <InsightsSection />
        </Suspense>
      </PanelBoundary>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Payment & Activity" description="This payment period." icon={<CheckCircleIcon />}>
          <PanelBoundary name="Payment & Activity">
            {rosterGate("h-48") ?? (
              <div className="space-y-4">
                <ProgressBar
                  label="Paid"
                  percent={metrics.paidPercent}
                  tone="green"
                  detail={`${metrics.paid} · ${metrics.paidPercent}%`}
                />
                <ProgressBar
                  label="Unpaid"
                  percent={100 - metrics.paidPercent}
                  tone="amber"
                  detail={`${metrics.unpaid} · ${metrics.total ? 100 - metrics.paidPercent : 0}%`}
                />
                <div className="border-t border-white/[0.06] pt-4" />
                <ProgressBar
                  label="Active"
                  percent={metrics.activityPercent}
                  tone="ember"
                  detail={`${metrics.active} · ${metrics.activityPercent}%`}
                />
                <ProgressBar
                  label="On break"
                  percent={100 - metrics.activityPercent}
                  tone="sky"
                  detail={`${metrics.onBreak} · ${metrics.total ? 100 - metrics.activityPercent : 0}%`}
                />
              </div>
            )}
          </PanelBoundary>
        </Card>

        <Card title="Revenue Insights" description={`What the roster owes ${period}.`} icon={<CoinsIcon />}>
          <PanelBoundary name="Revenue Insights">
            {rosterGate("h-48") ?? (
              <dl>
                <Row label="Total revenue" value={abbreviate(metrics.totalRevenue)} />
                <Row label="Average per member" value={abbreviate(metrics.averagePerMember)} />
                <Row label="Average per paid member" value={abbreviate(metrics.averagePerPaidMember)} />
                <Row label="Collected this period" value={abbreviate(metrics.collected)} />
                <Row label="Still due this period" value={abbreviate(metrics.outstanding)} />
              </dl>
            )}
          </PanelBoundary>
        </Card>

        <Card title="Growth Trend" description="Grinders hired, from their hire dates." icon={<TrendIcon />}>
          <PanelBoundary name="Growth Trend">
            {rosterGate("h-48") ?? (
              <dl>
                <Row label="Last 30 days" value={trends.hires.recent} />
                <Row label="30 days before" value={trends.hires.previous} />
                <Row label="Change" value={<TrendBadge trend={trends.hires} what="Grinders hired" />} />
                <Row label={`New payments ${period}`} value={abbreviate(trends.revenue.recent)} />
              </dl>
            )}
          </PanelBoundary>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <PanelBoundary name="Goals">
            {grinders.data ? (
              <GoalsCard
                current={{
                  revenue: metrics.totalRevenue,
                  grinders: metrics.total,
                  members: server.data?.memberCount ?? 0,
                  paidGrinders: metrics.paid,
                  activity: metrics.activityPercent,
                }}
              />
            ) : (
              <Card title="Goals" icon={<TargetIcon />}>
                {rosterGate("h-48")}
              </Card>
            )}
          </PanelBoundary>
        </div>
        <Card title="Insights" icon={<LightbulbIcon />}>
          <PanelBoundary name="Insights">
            {rosterGate("h-48") ?? (
              <ul className="space-y-3">
                {insights.map((insight) => (
                  <li
                    key={insight.id}
                    className={cn(
                      "rounded-xl border p-3.5 text-sm text-stone-300",
                      insightTones[insight.tone],
                    )}
                  >
                    <strong className="block font-semibold">{insight.title}</strong>
                    {insight.text}
                  </li>
                ))}
              </ul>
            )}
          </PanelBoundary>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <PanelBoundary name="Analytics">
            {grinders.data ? (
              <AnalyticsCard tiers={view.tiers} weekly={view.weekly} periodLabel={period} />
            ) : (
              <Card title="Analytics" icon={<ChartIcon />}>
                {rosterGate("h-56")}
              </Card>
            )}
          </PanelBoundary>
        </div>
        <Card title="Server Info" icon={<ServerIcon />}>
          <PanelBoundary name="Server Info">
            {serverFailed && (
              <PanelError
                message="Couldn't load the server's details."
                onRetry={() => void server.refetch()}
                error={server.error}
              />
            )}
            <dl>
              <Row label="Name" value={server.data?.name ?? info.serverName} />
              <Row label="Owner" value={server.data?.owner.tag ?? "—"} />
              <Row label="Members" value={members} />
              <Row label="Tiers" value={setup.data ? setup.data.tiers.length : "—"} />
              <Row label="Payment period" value={setup.data ? setup.data.grinders.paymentPeriod : "—"} />
              <Row
                label="Giveaways"
                value={
                  giveaways.data ? `${giveaways.data.active} active · ${giveaways.data.completed} ended` : "—"
                }
              />
            </dl>
          </PanelBoundary>
        </Card>
      </div>

      <PanelBoundary name="Features & Tips">
        <FeaturesTips />
      </PanelBoundary>
    </div>
  );
}
