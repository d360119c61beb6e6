import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type BadgeTone = "ember" | "green" | "stone" | "violet" | "sky" | "amber";

const tones: Record<BadgeTone, string> = {
  ember: "border-ember-400/30 bg-ember-500/10 text-ember-200",
  green: "border-emerald-400/30 bg-emerald-400/10 text-emerald-200",
  stone: "border-white/10 bg-white/5 text-stone-300",
  violet: "border-violet-400/30 bg-violet-400/10 text-violet-200",
  sky: "border-sky-400/30 bg-sky-400/10 text-sky-200",
  amber: "border-amber-400/30 bg-amber-400/10 text-amber-200",
};

export function Badge({
  tone = "stone",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
