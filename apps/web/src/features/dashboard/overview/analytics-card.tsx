import { Card } from "../shared/card";
import { abbreviate } from "../shared/format";
import { ChartIcon } from "../shared/icons";
import { type TierShare, TREND_WINDOW_DAYS } from "./metrics";

interface AnalyticsCardProps {
  tiers: readonly TierShare[];
  weekly: readonly number[];
  periodLabel: string;
}

/** Tier distribution and hires per week, both from the real roster. */
export function AnalyticsCard({ tiers, weekly, periodLabel }: AnalyticsCardProps) {
  const busiest = Math.max(1, ...weekly);
  const totalHires = weekly.reduce((sum, count) => sum + count, 0);
  return (
    <Card title="Analytics" description="Where your grinders sit and when they joined." icon={<ChartIcon />}>
      <div className="grid gap-8 lg:grid-cols-2">
        <div>
          <h3 className="mb-3 text-xs font-semibold tracking-wider text-stone-400 uppercase">
            Tier distribution
          </h3>
          {tiers.length === 0 ? (
            <p className="text-sm text-stone-400">No tiers yet.</p>
          ) : (
            <ul className="space-y-3">
              {tiers.map((share) => (
                <li key={share.tier}>
                  <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
                    <span className="font-medium text-stone-200">{share.tier}</span>
                    <span className="text-stone-400 tabular-nums">
                      {share.count} · {abbreviate(share.revenue)} {periodLabel}
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-white/[0.06]" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-gradient-to-r from-ember-600 to-ember-400"
                      style={{ width: `${share.percent}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-3 text-xs font-semibold tracking-wider text-stone-400 uppercase">
            Hires per week
          </h3>
          <figure>
            <div className="flex h-32 items-end gap-1.5" aria-hidden="true">
              {weekly
                .map((count, index) => ({ count, weeksAgo: weekly.length - 1 - index }))
                .map(({ count, weeksAgo }) => (
                  <div key={weeksAgo} className="flex h-full flex-1 flex-col justify-end">
                    <div
                      title={`${count} hired`}
                      className="min-h-0.5 rounded-t bg-ember-500/70 transition-[height] motion-reduce:transition-none"
                      style={{ height: `${(count / busiest) * 100}%` }}
                    />
                  </div>
                ))}
            </div>
            <div className="mt-1.5 flex justify-between text-xs text-stone-400" aria-hidden="true">
              <span>{weekly.length} weeks ago</span>
              <span>This week</span>
            </div>
            <figcaption className="mt-2 text-sm text-stone-400">
              {totalHires} current grinders joined in the last {weekly.length} weeks; the trend badges compare
              the last {TREND_WINDOW_DAYS} days with the {TREND_WINDOW_DAYS} before.
            </figcaption>
          </figure>
        </div>
      </div>
    </Card>
  );
}
