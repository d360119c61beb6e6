import type { StatsResponse } from "@hearth/core";
import { cn } from "../../lib/cn";
import { useStats } from "./api";
import { CountUp } from "./count-up";

/** The landing page's counters run for 3 s (spec: site-and-docs §9). */
export const STATS_COUNT_UP_MS = 3000;

interface StatTile {
  label: string;
  end: number;
  suffix?: string;
  decimals?: number;
}

export function statTiles(stats: StatsResponse): StatTile[] {
  return [
    { label: stats.servers === 1 ? "Server" : "Servers", end: stats.servers },
    { label: stats.users === 1 ? "Member reached" : "Members reached", end: stats.users },
    { label: "Commands", end: stats.commands },
    // Whole percentages read as 100%, not 100.0%; anything else keeps one decimal.
    {
      label: "Uptime, last 30 days",
      end: stats.uptimePercent,
      suffix: "%",
      decimals: Number.isInteger(stats.uptimePercent) ? 0 : 1,
    },
  ];
}

/**
 * Live figures from `GET /api/stats`, counting up. While loading the row keeps its height so the
 * page doesn't jump; if the call fails the row disappears rather than showing made-up numbers.
 */
export function StatsRow({
  className,
  duration = STATS_COUNT_UP_MS,
}: {
  className?: string;
  duration?: number;
}) {
  const stats = useStats();
  if (stats.status === "error") return null;

  return (
    <section
      aria-label="Live statistics"
      aria-busy={stats.status === "pending"}
      className={cn("w-full", className)}
    >
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {(stats.data ? statTiles(stats.data) : placeholders).map((tile) => (
          <div
            key={tile.label}
            className="flex min-h-28 flex-col justify-center rounded-2xl border border-white/10 bg-white/[0.03] px-4 py-5 text-center"
          >
            <dt className="order-2 mt-1 text-sm text-stone-300">{tile.label}</dt>
            <dd className="order-1 text-3xl font-bold tracking-tight text-stone-50 tabular-nums sm:text-4xl">
              {stats.data ? (
                <CountUp end={tile.end} duration={duration} suffix={tile.suffix} decimals={tile.decimals} />
              ) : (
                // One line of the figure's own height (1lh), so the figure replaces it without a shift.
                <span
                  aria-hidden="true"
                  className="mx-auto block h-[1lh] w-20 animate-pulse rounded-md bg-white/10 motion-reduce:animate-none"
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const placeholders: StatTile[] = [
  { label: "Servers", end: 0 },
  { label: "Members reached", end: 0 },
  { label: "Commands", end: 0 },
  { label: "Uptime, last 30 days", end: 0 },
];
