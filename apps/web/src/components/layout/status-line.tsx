import { cn } from "../../lib/cn";
import { readHealth } from "../../lib/health";
import { useLiveRead } from "../../lib/use-live-read";

const states = {
  checking: { text: "Checking status...", dot: "bg-stone-400", ping: false },
  ok: { text: "All systems operational", dot: "bg-emerald-400", ping: true },
  degraded: { text: "Some systems degraded", dot: "bg-amber-400", ping: false },
  unknown: { text: "Status unavailable", dot: "bg-stone-400", ping: false },
} as const;

export const HEALTH_REFRESH_MS = 30_000;

/** The footer's status line, from the server's own health check rather than a fixed claim. */
export function StatusLine() {
  // Asked again every 30 s: the line follows the health check while the page is open.
  const health = useLiveRead("health", readHealth, HEALTH_REFRESH_MS, { refresh: true });
  const state =
    health.status === "pending"
      ? states.checking
      : health.status === "error"
        ? states.unknown
        : health.data === "ok"
          ? states.ok
          : states.degraded;

  return (
    <p className="inline-flex items-center gap-2 text-sm text-stone-300" aria-live="polite">
      <span aria-hidden="true" className="relative flex size-2.5">
        {state.ping && (
          <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-60 motion-safe:animate-ping" />
        )}
        <span className={cn("relative inline-flex size-2.5 rounded-full", state.dot)} />
      </span>
      {state.text}
    </p>
  );
}
