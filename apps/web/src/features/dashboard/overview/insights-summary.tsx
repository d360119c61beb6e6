import type { InsightsPeriod, InsightsSeries, InsightsTotals } from "@hearth/core";
import { insightsPeriods } from "@hearth/core";
import { cn } from "../../../lib/cn";
import { abbreviate, formatAmount } from "../shared/format";
import { changeLabel } from "./insights-format";

export const periodNames: Record<InsightsPeriod, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
};

/** The period buttons (7, 30, 90 days, 1 year); the pressed one is the chosen period. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: InsightsPeriod;
  onChange: (period: InsightsPeriod) => void;
}) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Period</legend>
      <span aria-hidden="true" className="text-sm text-stone-400">
        Period
      </span>
      <div className="flex rounded-lg border border-white/10 p-0.5">
        {insightsPeriods.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={value === period}
            onClick={() => onChange(period)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-semibold",
              value === period ? "bg-ember-500 text-ink-950" : "text-stone-300 hover:bg-white/5",
            )}
          >
            {periodNames[period]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The period's totals at a glance, each with its change against the previous period. */
export function Summary({ series }: { series: InsightsSeries }) {
  const tiles: { key: keyof InsightsTotals; label: string }[] = [
    { key: "joins", label: "Joins" },
    { key: "leaves", label: "Leaves" },
    { key: "net", label: "Net members" },
    { key: "messages", label: "Messages" },
    { key: "activeMembers", label: "Active members a day" },
    { key: "commands", label: "Commands used" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map(({ key, label }) => {
        const change = series.change[key] ?? null;
        const good = key === "leaves" ? (change ?? 0) < 0 : (change ?? 0) > 0;
        return (
          <div key={key} className="rounded-xl border border-white/[0.08] bg-ink-900/80 px-4 py-3">
            <dt className="text-xs text-stone-400">{label}</dt>
            <dd className="mt-1 flex items-baseline justify-between gap-2">
              <span className="text-xl font-semibold text-stone-50 tabular-nums" data-total={key}>
                {key === "net" && series.totals.net > 0 ? "+" : ""}
                {abbreviate(series.totals[key])}
              </span>
              <span
                className={cn(
                  "text-xs font-semibold tabular-nums",
                  change === null || change === 0
                    ? "text-stone-400"
                    : good
                      ? "text-emerald-300"
                      : "text-red-300",
                )}
                title={
                  series.previousComplete
                    ? `Previous ${periodNames[series.period]}: ${formatAmount(series.previous[key])}`
                    : "Days are kept 400 days: a year can't be compared with the year before"
                }
              >
                {series.previousComplete ? changeLabel(change, series.totals[key]) : "—"}
                <span className="sr-only">
                  {series.previousComplete
                    ? ` against the previous ${periodNames[series.period]}`
                    : " (the previous year is older than the 400 days kept)"}
                </span>
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
