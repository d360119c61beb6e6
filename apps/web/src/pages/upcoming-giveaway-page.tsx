import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link, useParams } from "react-router";
import { Badge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button-link";
import { buttonClass } from "../components/ui/button-styles";
import { LoadingState, MessagePanel } from "../components/ui/status-message";
import { upcomingGiveawayQuery } from "../features/giveaways/api";
import {
  formatCountdownWords,
  prizeText,
  repeatsText,
  serverText,
  winnersLabel,
} from "../features/giveaways/display";
import { RequirementsBox } from "../features/giveaways/people-panels";
import { ApiError } from "../lib/api-client";
import { formatDateTime, formatNumber } from "../lib/format";
import { useNow } from "../lib/use-now";

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <dt className="text-sm text-stone-400">{label}</dt>
      <dd className="mt-1 font-semibold text-stone-50">{children}</dd>
    </div>
  );
}

/**
 * A scheduled giveaway or a recurring series before (or between) its runs: it says it isn't posted
 * yet, when it starts and how it repeats; there is no Enter and no entrant count until it is posted.
 */
export function UpcomingGiveawayPage() {
  const { serverId = "", scheduleId = "" } = useParams();
  const detail = useQuery(upcomingGiveawayQuery(serverId, scheduleId));
  const waiting = detail.data?.status === "scheduled" && detail.data.startsAt !== null;
  const now = useNow(1000, waiting);
  const prize = detail.data ? prizeText(detail.data.prize) : null;
  useEffect(() => {
    if (prize) document.title = `${prize} · Scheduled giveaway · Hearth`;
  }, [prize]);

  if (detail.isPending) {
    return <LoadingState className="min-h-[80vh] py-32">Loading giveaway...</LoadingState>;
  }
  if (detail.isError) {
    const missing =
      detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-24 sm:px-6">
        <h1 className="sr-only">Scheduled giveaway</h1>
        <MessagePanel
          title={missing ? "Giveaway Not Found" : "Failed to load giveaway details"}
          actions={<ButtonLink to="/giveaways">Back to Giveaways</ButtonLink>}
        >
          {missing
            ? "This scheduled giveaway doesn't exist, or the server cancelled it."
            : "Please try again in a moment."}
        </MessagePanel>
      </section>
    );
  }

  const giveaway = detail.data;
  const latest = giveaway.pastRuns[0];
  const status =
    giveaway.status === "paused"
      ? "Paused by the server"
      : giveaway.status === "done"
        ? giveaway.recurrence
          ? "The series has stopped"
          : "Started"
        : giveaway.startsAt !== null && giveaway.startsAt > now
          ? `Starts in ${formatCountdownWords(giveaway.startsAt - now)}`
          : "Starting now";

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        to="/giveaways"
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-stone-300 hover:text-stone-50"
      >
        <span aria-hidden="true">←</span> Back to Giveaways
      </Link>
      <div className="mt-6 rounded-3xl border border-white/10 bg-linear-to-br from-sky-500/10 via-ink-900 to-ink-900 p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone="sky">{giveaway.status === "done" ? "Ended" : "Scheduled"}</Badge>
          <p className="text-sm text-stone-300">
            Hosted by <span className="font-semibold text-stone-100">{serverText(giveaway.guildName)}</span>
          </p>
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-words text-stone-50 sm:text-4xl">
          {prize}
        </h1>
        {giveaway.description && <p className="mt-3 max-w-2xl text-stone-300">{giveaway.description}</p>}
        <p className="mt-4 rounded-xl border border-sky-400/20 bg-sky-400/5 px-4 py-3 text-sm text-sky-100">
          {giveaway.status === "done"
            ? "Nothing more is planned."
            : "This giveaway hasn't been posted yet. Entries open in the server when it starts."}
          {giveaway.recurrence
            ? ` It repeats ${repeatsText(giveaway.recurrence)}; each run is its own giveaway.`
            : ""}
        </p>
        <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Status">
            <span data-testid="upcoming-status" className="tabular-nums">
              {status}
            </span>
          </Stat>
          <Stat label={giveaway.recurrence ? "Next run" : "Starts"}>
            {giveaway.startsAt !== null && giveaway.status !== "done"
              ? formatDateTime(giveaway.startsAt)
              : "—"}
          </Stat>
          <Stat label="Runs for">{formatCountdownWords(giveaway.duration * 1000)}</Stat>
          <Stat label="Winners">{winnersLabel(giveaway.winnerCount)}</Stat>
        </dl>
        {giveaway.inviteUrl && (
          <a
            href={giveaway.inviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonClass("primary", "lg")} mt-6 w-full sm:w-auto`}
          >
            Join Server
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      <div className="mt-6 space-y-6">
        <RequirementsBox
          minAccountAge={giveaway.minAccountAge}
          minMemberAge={giveaway.minMemberAge}
          minInvites={giveaway.minInvites}
          requiredRoles={giveaway.requiredRoles}
        />
        {giveaway.pastRuns.length > 0 && (
          <section
            aria-labelledby="past-runs"
            className="rounded-2xl border border-white/10 bg-white/[0.02] p-5"
          >
            <h2 id="past-runs" className="text-lg font-semibold text-stone-100">
              {giveaway.recurrence ? "Past runs" : "The giveaway"}
            </h2>
            <ul className="mt-3 space-y-2">
              {giveaway.pastRuns.map((run) => (
                <li key={run.messageId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <Link
                    to={`/giveaways/${giveaway.guildId}/${run.messageId}`}
                    className="font-medium text-ember-200 hover:text-ember-100"
                  >
                    Run {run.runNumber}
                  </Link>
                  <span className="text-stone-400">
                    {run.active ? "Running" : "Ended"} · {formatNumber(run.entries)}{" "}
                    {run.entries === 1 ? "entry" : "entries"} · {run.active ? "ends" : "ended"}{" "}
                    {formatDateTime(run.endTime)}
                  </span>
                </li>
              ))}
            </ul>
            {latest && giveaway.runs > giveaway.pastRuns.length && (
              <p className="mt-2 text-xs text-stone-400">
                The latest {giveaway.pastRuns.length} of {giveaway.runs} runs.
              </p>
            )}
          </section>
        )}
      </div>
    </section>
  );
}
