import type { GiveawayListItem } from "@hearth/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { buttonClass } from "../../components/ui/button-styles";
import { cn } from "../../lib/cn";
import { formatDate, formatNumber } from "../../lib/format";
import { useNow } from "../../lib/use-now";
import { formatCountdown, prizeText, repeatsText, serverText, winnersLabel } from "./display";
import { isRunning } from "./list-filters";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-stone-400">{label}</dt>
      <dd className="mt-0.5 font-medium text-stone-100 tabular-nums">{children}</dd>
    </div>
  );
}

export function GiveawayCard({ giveaway }: { giveaway: GiveawayListItem }) {
  const now = useNow(1000);
  const running = isRunning(giveaway, now);
  const titleId = useId();
  const prize = prizeText(giveaway.prize);
  const server = serverText(giveaway.guildName);

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "flex h-full flex-col rounded-2xl border bg-ink-900/60 p-5",
        running ? "border-emerald-400/25" : "border-white/10",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words text-stone-50">
            {prize}
          </h2>
          <p className="mt-0.5 truncate text-sm text-stone-300">{server}</p>
        </div>
        <Badge tone={running ? "green" : "stone"} className="shrink-0">
          {running ? "Active" : "Ended"}
        </Badge>
      </div>

      <p className="mt-4 text-sm font-medium text-stone-200" data-testid="giveaway-countdown">
        {running ? `Ends in ${formatCountdown(giveaway.endTime - now)}` : "Ended"}
      </p>
      {giveaway.recurrence && (
        <p className="mt-1 text-xs text-sky-200">
          One run of a giveaway that repeats {repeatsText(giveaway.recurrence)}
        </p>
      )}

      <dl className="mt-4 grid grid-cols-3 gap-3 rounded-xl border border-white/5 bg-ink-950/60 p-3 text-sm">
        <Fact label="Participants">{formatNumber(giveaway.entries)}</Fact>
        <Fact label="Winners">{winnersLabel(giveaway.winners)}</Fact>
        <Fact label="Started">{formatDate(giveaway.createdAt)}</Fact>
      </dl>

      <div className="mt-auto flex items-center gap-2 pt-5">
        <Link
          to={`/giveaways/${giveaway.guildId}/${giveaway.messageId}`}
          className={cn(buttonClass("secondary"), "flex-1")}
          aria-label={`View Details: ${prize}`}
        >
          View Details
        </Link>
        {giveaway.inviteUrl && (
          <a
            href={giveaway.inviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            title={`Join ${server}`}
            className={cn(buttonClass("soft"), "w-10 px-0")}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5 shrink-0">
              <path d="M8 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8 11a6 6 0 0 1 6 6H2a6 6 0 0 1 6-6zM16 7a1 1 0 1 0-2 0v1h-1a1 1 0 1 0 0 2h1v1a1 1 0 1 0 2 0v-1h1a1 1 0 1 0 0-2h-1V7z" />
            </svg>
            <span className="sr-only">Join {server} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
