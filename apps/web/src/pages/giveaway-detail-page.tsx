import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link, useParams } from "react-router";
import { Badge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button-link";
import { buttonClass } from "../components/ui/button-styles";
import { LoadingState, MessagePanel } from "../components/ui/status-message";
import { giveawayDetailQuery } from "../features/giveaways/api";
import {
  formatCountdownWords,
  idTail,
  prizeText,
  repeatsText,
  serverText,
  winnersLabel,
} from "../features/giveaways/display";
import { ParticipantsPanel, RequirementsBox, WinnersPanel } from "../features/giveaways/people-panels";
import { useGiveawayPeople } from "../features/giveaways/use-giveaway-people";
import { ApiError } from "../lib/api-client";
import { formatDateTime, formatNumber } from "../lib/format";
import { useNow } from "../lib/use-now";

const NOT_FOUND_TEXT = "The giveaway you're looking for doesn't exist or has been removed.";
const LOAD_FAILED_TEXT = "Failed to load giveaway details";

function notFoundMessage(error: unknown): string {
  // 404, or ids that aren't Discord ids at all (400): the giveaway simply doesn't exist.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return NOT_FOUND_TEXT;
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error && error.message ? error.message : LOAD_FAILED_TEXT;
}

function BackLink() {
  return (
    <Link
      to="/giveaways"
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-stone-300 hover:text-stone-50"
    >
      <span aria-hidden="true">←</span> Back to Giveaways
    </Link>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <dt className="text-sm text-stone-400">{label}</dt>
      <dd className="mt-1 font-semibold text-stone-50">{children}</dd>
    </div>
  );
}

export function GiveawayDetailPage() {
  const { serverId = "", messageId = "" } = useParams();
  const detail = useQuery(giveawayDetailQuery(serverId, messageId));
  const people = useGiveawayPeople(detail.data, serverId, messageId);
  const running = detail.data ? detail.data.active && detail.data.endTime > Date.now() : false;
  const now = useNow(1000, running);

  const prize = detail.data ? prizeText(detail.data.prize) : null;
  useEffect(() => {
    if (prize) document.title = `${prize} · Giveaway · Hearth`;
  }, [prize]);

  if (detail.isPending) {
    return <LoadingState className="min-h-[80vh] py-32">Loading giveaway...</LoadingState>;
  }

  if (detail.isError) {
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-24 sm:px-6">
        <h1 className="sr-only">Giveaway Details</h1>
        <MessagePanel
          title="Giveaway Not Found"
          actions={<ButtonLink to="/giveaways">Back to Giveaways</ButtonLink>}
        >
          {notFoundMessage(detail.error)}
        </MessagePanel>
      </section>
    );
  }

  const giveaway = detail.data;
  const isLive = giveaway.active && giveaway.endTime > now;
  const winnerCount = Array.isArray(giveaway.winners) ? giveaway.winners.length : giveaway.winners;
  const host = idTail(giveaway.hostId);
  const donor = idTail(giveaway.donorId);

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <BackLink />

      <div className="mt-6 rounded-3xl border border-white/10 bg-linear-to-br from-ember-500/10 via-ink-900 to-ink-900 p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={isLive ? "green" : "stone"}>{isLive ? "Active" : "Ended"}</Badge>
          <p className="text-sm text-stone-300">
            Hosted by <span className="font-semibold text-stone-100">{serverText(giveaway.guildName)}</span>
          </p>
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-words text-stone-50 sm:text-4xl">
          {prize}
        </h1>
        {giveaway.description && <p className="mt-3 max-w-2xl text-stone-300">{giveaway.description}</p>}
        {giveaway.recurrence && giveaway.scheduleId && (
          <p className="mt-3 text-sm text-sky-200">
            One run of a giveaway that repeats {repeatsText(giveaway.recurrence)}.{" "}
            <Link
              to={`/giveaways/${giveaway.guildId}/upcoming/${giveaway.scheduleId}`}
              className="font-medium underline hover:text-sky-100"
            >
              Next run and past runs
            </Link>
          </p>
        )}
        <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-400">
          {host && (
            <span>
              Host ID <span className="font-mono text-stone-200">…{host}</span>
            </span>
          )}
          {donor && (
            <span>
              Donor ID <span className="font-mono text-stone-200">…{donor}</span>
            </span>
          )}
        </p>

        <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.7fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1.7fr)]">
          <Stat label="Status">
            <span data-testid="giveaway-status" className="tabular-nums">
              {isLive ? formatCountdownWords(giveaway.endTime - now) : "Ended"}
            </span>
          </Stat>
          <Stat label="Entries">{formatNumber(giveaway.entriesCount)}</Stat>
          <Stat label="Winners">{winnersLabel(isLive ? giveaway.winnerCount : winnerCount)}</Stat>
          <Stat label="Started">{formatDateTime(giveaway.createdAt)}</Stat>
        </dl>

        {giveaway.inviteUrl && (
          <a
            href={giveaway.inviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonClass("primary", "lg")} mt-6 w-full sm:w-auto`}
          >
            {isLive ? "Join Server to Participate" : "Join Server"}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>

      <div className="mt-6 space-y-6">
        <RequirementsBox
          minAccountAge={giveaway.minAccountAge}
          minMemberAge={giveaway.minMemberAge}
          minInvites={giveaway.minInvites}
          requiredRoles={giveaway.requiredRoles ?? []}
        />
        <WinnersPanel winners={people.data?.winners ?? []} />
        <ParticipantsPanel
          participants={people.data?.participants ?? []}
          total={giveaway.entriesCount}
          state={people.isPending ? "loading" : people.isError ? "error" : "ready"}
          onRetry={() => people.refetch()}
        />
      </div>
    </section>
  );
}
