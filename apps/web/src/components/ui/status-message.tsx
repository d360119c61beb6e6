import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A spinner with its text, announced politely to screen readers. */
export function LoadingState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn("flex flex-col items-center gap-4 py-20 text-stone-300", className)}>
      <span
        aria-hidden="true"
        className="size-8 rounded-full border-2 border-ember-400/25 border-t-ember-400 motion-safe:animate-spin"
      />
      <p>{children}</p>
    </div>
  );
}

/** The empty or error panel: a title, an explanation and optional actions. */
export function MessagePanel({
  title,
  children,
  actions,
  tone = "neutral",
  role,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: "neutral" | "error";
  role?: "alert" | "status";
}) {
  return (
    <div
      role={role}
      className={cn(
        "mx-auto flex max-w-lg flex-col items-center rounded-2xl border px-6 py-12 text-center",
        tone === "error" ? "border-red-400/25 bg-red-500/5" : "border-white/10 bg-white/[0.03]",
      )}
    >
      <h2 className="text-xl font-semibold text-stone-50">{title}</h2>
      {children && <div className="mt-2 text-stone-300">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
