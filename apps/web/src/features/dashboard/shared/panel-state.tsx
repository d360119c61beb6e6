import type { ReactNode } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { serverMessage } from "./errors";

/** Why a load failed, in words, when that helps: the server's own explanation, a 5xx's "try again", a lost connection. */
function failureDetail(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status < 500 && !error.serverMessage) return undefined;
  return serverMessage(error);
}

/** A grey placeholder block with the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-lg bg-white/[0.06] motion-reduce:animate-none", className)}
    />
  );
}

/** Stable keys for `count` placeholders (their order never changes). */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `placeholder-${index}`);
}

/** Loading placeholder of a panel: a few bars, announced once. */
export function PanelLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {placeholderKeys(rows).map((key, index) => (
        <Skeleton key={key} className={cn("h-10", index % 2 === 1 && "w-4/5")} />
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A panel whose data failed to load: the message, the reason when the failure says one a person can
 * act on (a 503's "try again in a few seconds", a lost connection), and a retry.
 */
export function PanelError({
  message,
  onRetry,
  error,
}: {
  message: string;
  onRetry?: () => void;
  /** The failure, whose explanation is shown under the message when it has one. */
  error?: unknown;
}) {
  const detail = error === undefined ? undefined : failureDetail(error);
  return (
    <div role="alert" className="rounded-xl border border-red-400/25 bg-red-500/5 px-4 py-6 text-center">
      <p className="text-sm text-red-200">{message}</p>
      {detail && detail !== message && <p className="mt-1 text-sm text-red-200/80">{detail}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} className={cn(buttonClass("secondary", "sm"), "mt-4")}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({
  title,
  children,
  action,
  icon,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-white/10 px-6 py-10 text-center">
      {icon && (
        <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-white/5 text-stone-300">
          {icon}
        </span>
      )}
      <p className="font-semibold text-stone-100">{title}</p>
      {children && <div className="mt-1 max-w-md text-sm text-stone-400">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/**
 * A panel drawn from a query: placeholders while it first loads, the failure with a retry when it
 * failed with nothing to show, and otherwise `children` with the data (the last data stays shown
 * while a refresh fails: a background refresh says so elsewhere).
 */
export function QueryPanel<T>({
  query,
  loading,
  failed,
  rows,
  children,
}: {
  query: { isPending: boolean; data: T | undefined; error: unknown; refetch: () => unknown };
  /** The placeholders' label, e.g. "Loading boards". */
  loading: string;
  /** The failure's message, e.g. "Failed to load the boards." */
  failed: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading label={loading} rows={rows} />;
  if (query.data === undefined) {
    return <PanelError message={failed} onRetry={() => void query.refetch()} error={query.error} />;
  }
  return children(query.data);
}
