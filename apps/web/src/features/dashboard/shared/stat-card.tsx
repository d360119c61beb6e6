import { type ReactNode, useId } from "react";
import { cn } from "../../../lib/cn";

export type Tone = "ember" | "green" | "amber" | "sky" | "violet" | "red" | "stone";

const iconTones: Record<Tone, string> = {
  ember: "bg-ember-500/10 text-ember-300",
  green: "bg-emerald-400/10 text-emerald-300",
  amber: "bg-amber-400/10 text-amber-300",
  sky: "bg-sky-400/10 text-sky-300",
  violet: "bg-violet-400/10 text-violet-300",
  red: "bg-red-400/10 text-red-300",
  stone: "bg-white/5 text-stone-300",
};

const barTones: Record<Tone, string> = {
  ember: "bg-ember-500",
  green: "bg-emerald-400",
  amber: "bg-amber-400",
  sky: "bg-sky-400",
  violet: "bg-violet-400",
  red: "bg-red-400",
  stone: "bg-stone-400",
};

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A short line under the value. */
  hint?: ReactNode;
  icon?: ReactNode;
  tone?: Tone;
  /** A badge beside the label, e.g. a real 30-day trend. */
  badge?: ReactNode;
  /** In a row of three on a phone: the icon gives way to the label. */
  compact?: boolean;
}

export function StatCard({ label, value, hint, icon, tone = "ember", badge, compact }: StatCardProps) {
  const labelId = useId();
  return (
    <article
      aria-labelledby={labelId}
      className="min-w-0 rounded-2xl border border-white/[0.08] bg-ink-900/80 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <p id={labelId} className="text-sm font-medium text-stone-400">
          {label}
        </p>
        {icon && (
          <span
            className={cn(
              "flex size-8 shrink-0 items-center justify-center rounded-lg",
              compact && "max-sm:hidden",
              iconTones[tone],
            )}
          >
            {icon}
          </span>
        )}
      </div>
      <p className="mt-2 text-2xl font-bold tracking-tight text-stone-50 tabular-nums sm:text-3xl">{value}</p>
      {(hint || badge) && (
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-stone-400">
          {badge}
          {hint && <span>{hint}</span>}
        </div>
      )}
    </article>
  );
}

interface ProgressBarProps {
  /** 0 to 100; capped. */
  percent: number;
  label: string;
  tone?: Tone;
  /** Text at the right of the label, e.g. "12 / 40". */
  detail?: ReactNode;
}

/** A labelled bar; the value is capped at 100 % (spec §9). */
export function ProgressBar({ percent, label, tone = "ember", detail }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2 text-sm">
        <span className="text-stone-300">{label}</span>
        <span className="text-stone-400 tabular-nums">{detail ?? `${Math.round(value)}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        className="h-2 overflow-hidden rounded-full bg-white/[0.06]"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none",
            barTones[tone],
          )}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
