import type { TicketHolder } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useDashboardSession } from "../session/session-context";
import { serverMessage } from "../shared/errors";
import { MessagePreview } from "../shared/message-preview";
import { useDebounced } from "../shared/use-debounced";
import { type EventKind, eventPreviewQuery } from "./api";

/** The members holding tickets, most first, with their share of all tickets. */
export function HolderList({
  holders,
  total,
  count,
  label,
}: {
  holders: readonly TicketHolder[];
  /** Tickets in all. */
  total: number;
  /** Holders in all (the list shows at most 100). */
  count: number;
  label: string;
}) {
  if (holders.length === 0) return <p className="text-sm text-stone-400">No one holds a ticket yet.</p>;
  return (
    <div>
      <p className="text-sm text-stone-400">
        {total} ticket{total === 1 ? "" : "s"} held by {count} member{count === 1 ? "" : "s"}
        {count > holders.length ? ` · the ${holders.length} with the most shown` : ""}.
      </p>
      <ol
        aria-label={label}
        className="mt-2 max-h-72 divide-y divide-white/[0.06] overflow-y-auto pr-1 text-sm"
      >
        {holders.map((holder) => (
          <li key={holder.userId} className="flex items-center justify-between gap-3 py-1.5">
            <span className="min-w-0 truncate text-stone-200">
              {holder.name ?? `Member ${holder.userId.slice(-4)}`}
            </span>
            <span className="shrink-0 text-stone-400 tabular-nums">
              {holder.tickets} · {total > 0 ? `${((holder.tickets / total) * 100).toFixed(1)}%` : "—"}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The live preview of an event's post: the server builds it with the posting code (events ping included). */
export function EventPreview({
  kind,
  body,
  empty,
}: {
  kind: EventKind;
  /** The form's values; null while they can't make a post yet. */
  body: object | null;
  empty: string;
}) {
  const { serverId } = useDashboardSession();
  const settled = useDebounced(body, 400);
  const preview = useQuery(eventPreviewQuery(serverId, kind, settled));
  return (
    <MessagePreview
      message={settled === null ? null : preview.data}
      loading={settled !== null && preview.isFetching}
      empty={empty}
      error={preview.isError ? (serverMessage(preview.error) ?? "The preview couldn't be rendered.") : null}
    />
  );
}

/** 5400 → "1 hour 30 minutes". */
export function describeSeconds(seconds: number): string {
  const parts: string[] = [];
  let left = seconds;
  for (const [size, name] of [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
  ] as const) {
    const count = Math.floor(left / size);
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    left -= count * size;
  }
  return parts.join(" ") || `${seconds} seconds`;
}
