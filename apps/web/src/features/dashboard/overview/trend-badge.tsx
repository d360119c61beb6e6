import { cn } from "../../../lib/cn";
import { type Trend, trendBadgeText, trendDirection } from "./metrics";

const tones = {
  up: "border-emerald-400/30 bg-emerald-400/10 text-emerald-200",
  down: "border-red-400/30 bg-red-400/10 text-red-200",
  flat: "border-white/10 bg-white/5 text-stone-300",
};
const arrows = { up: "↑", down: "↓", flat: "→" };

/** A real 30-day trend: the last 30 days against the 30 before (`what` names the measure). */
export function TrendBadge({ trend, what }: { trend: Trend; what: string }) {
  const direction = trendDirection(trend);
  const explanation = `${what}: ${trend.recent} in the last 30 days, ${trend.previous} in the 30 days before`;
  return (
    <span
      title={explanation}
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums",
        tones[direction],
      )}
    >
      <span aria-hidden="true">{arrows[direction]}</span>
      {trendBadgeText(trend)}
      <span className="sr-only">({explanation})</span>
    </span>
  );
}
