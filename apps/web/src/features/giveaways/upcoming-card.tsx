import type { UpcomingGiveaway } from "@hearth/core";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { buttonClass } from "../../components/ui/button-styles";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { useNow } from "../../lib/use-now";
import { formatCountdown, prizeText, repeatsText, serverText, winnersLabel } from "./display";

/** When a scheduled giveaway or a series' next run is posted, in words ("Starts in 2h 5m"). */
export function startsText(giveaway: Pick<UpcomingGiveaway, "status" | "startsAt">, now: number): string {
  if (giveaway.status === "paused") return "Paused by the server";
  if (giveaway.startsAt === null) return "No run planned";
  return giveaway.startsAt > now ? `Starts in ${formatCountdown(giveaway.startsAt - now)}` : "Starting now";
}

export const upcomingPath = (giveaway: Pick<UpcomingGiveaway, "guildId" | "scheduleId">) =>
  `/giveaways/${giveaway.guildId}/upcoming/${giveaway.scheduleId}`;

/**
 * A scheduled or recurring giveaway on the public list: Scheduled, when it starts and how it
 * repeats; no entries and no Enter (nothing is posted yet).
 */
export function UpcomingCard({ giveaway }: { giveaway: UpcomingGiveaway }) {
  const now = useNow(1000);
  const titleId = useId();
  const prize = prizeText(giveaway.prize);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-sky-400/20 bg-ink-900/60 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold break-words text-stone-50">
            {prize}
          </h3>
          <p className="mt-0.5 truncate text-sm text-stone-300">{serverText(giveaway.guildName)}</p>
        </div>
        <Badge tone="sky" className="shrink-0">
          {giveaway.status === "paused" ? "Paused" : "Scheduled"}
        </Badge>
      </div>
      <p className="mt-4 text-sm font-medium text-stone-200 tabular-nums" data-testid="upcoming-countdown">
        {startsText(giveaway, now)}
      </p>
      {giveaway.startsAt !== null && (
        <p className="mt-1 text-xs text-stone-400">{formatDateTime(giveaway.startsAt)}</p>
      )}
      {giveaway.recurrence && (
        <p className="mt-1 text-xs text-sky-200">
          Repeats {repeatsText(giveaway.recurrence)}
          {giveaway.runs > 0 ? ` · ${giveaway.runs} past ${giveaway.runs === 1 ? "run" : "runs"}` : ""}
        </p>
      )}
      <p className="mt-3 text-sm text-stone-300">
        {winnersLabel(giveaway.winnerCount)} · runs for {formatCountdown(giveaway.duration * 1000)}
      </p>
      <div className="mt-auto pt-5">
        <Link
          to={upcomingPath(giveaway)}
          className={cn(buttonClass("secondary"), "w-full")}
          aria-label={`View Details: ${prize}`}
        >
          View Details
        </Link>
      </div>
    </article>
  );
}

/** The public list's "Scheduled & recurring" section; nothing when there are none. */
export function UpcomingSection({
  upcoming,
  failed,
  onRetry,
}: {
  upcoming: readonly UpcomingGiveaway[] | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const headingId = useId();
  if (failed) {
    return (
      <p role="alert" className="mt-8 text-sm text-stone-400">
        Scheduled giveaways couldn't be loaded.{" "}
        <button type="button" className="underline hover:text-stone-200" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  if (!upcoming || upcoming.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-lg font-semibold text-stone-100">
        Scheduled &amp; recurring
      </h2>
      <p className="mt-1 text-sm text-stone-400">Not posted yet: entries open when each one starts.</p>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {upcoming.map((giveaway) => (
          <li key={`${giveaway.guildId}/${giveaway.scheduleId}`}>
            <UpcomingCard giveaway={giveaway} />
          </li>
        ))}
      </ul>
    </section>
  );
}
