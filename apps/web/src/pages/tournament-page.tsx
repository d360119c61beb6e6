import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link, useParams } from "react-router";
import { BracketView } from "../components/tournament-bracket/bracket-view";
import { statusLabel } from "../components/tournament-bracket/display";
import { Badge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button-link";
import { buttonClass } from "../components/ui/button-styles";
import { LoadingState, MessagePanel } from "../components/ui/status-message";
import { tournamentDetailQuery } from "../features/tournaments/api";
import { ApiError } from "../lib/api-client";
import { formatNumber, formatShortDateTime } from "../lib/format";

const NOT_FOUND_TEXT = "The tournament you're looking for doesn't exist or has been removed.";

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <dt className="text-sm text-stone-400">{label}</dt>
      <dd className="mt-1 font-semibold break-words text-stone-50">{children}</dd>
    </div>
  );
}

function HomeLink() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-stone-300 hover:text-stone-50"
    >
      <span aria-hidden="true">←</span> Back to Hearth
    </Link>
  );
}

/** `/tournaments/{serverId}/{tournamentId}`: a tournament's public, read-only bracket. */
export function TournamentPage() {
  const { serverId = "", tournamentId = "" } = useParams();
  const detail = useQuery(tournamentDetailQuery(serverId, tournamentId));
  const name = detail.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · Tournament · Hearth`;
  }, [name]);

  if (detail.isPending) {
    return <LoadingState className="min-h-[80vh] py-32">Loading tournament...</LoadingState>;
  }

  if (detail.isError) {
    const error = detail.error;
    // 404, or an id that isn't a tournament id at all (400): the tournament simply doesn't exist.
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-24 sm:px-6">
        <h1 className="sr-only">Tournament</h1>
        <MessagePanel
          role="alert"
          tone={missing ? "neutral" : "error"}
          title={missing ? "Tournament Not Found" : "Couldn't load the tournament"}
          actions={
            missing ? (
              <ButtonLink to="/">Back to Hearth</ButtonLink>
            ) : (
              <button type="button" className={buttonClass("primary", "md")} onClick={() => detail.refetch()}>
                Try again
              </button>
            )
          }
        >
          {missing ? NOT_FOUND_TEXT : "Something went wrong while loading this bracket. Please try again."}
        </MessagePanel>
      </section>
    );
  }

  const t = detail.data;
  const status = statusLabel[t.status];
  const played = t.rounds.flatMap((r) => r.matches).filter((m) => !m.bye && m.winnerId).length;
  const total = t.rounds.flatMap((r) => r.matches).filter((m) => !m.bye).length;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <HomeLink />
      <div className="mt-6 rounded-3xl border border-white/10 bg-linear-to-br from-amber-500/10 via-ink-900 to-ink-900 p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={status.tone}>{status.text}</Badge>
          <p className="text-sm text-stone-300">
            Single elimination in <span className="font-semibold text-stone-100">{t.serverName}</span>
          </p>
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-words text-stone-50 sm:text-4xl">
          {t.name}
        </h1>
        {t.champion && (
          <p className="mt-4 text-lg text-amber-100" data-testid="tournament-champion">
            <span aria-hidden="true">🏆 </span>Champion:{" "}
            <span className="font-semibold">{t.champion.name}</span>
          </p>
        )}
        <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Players">
            {formatNumber(t.players.length)} / {formatNumber(t.size)}
          </Stat>
          <Stat label="Matches played">{total === 0 ? "—" : `${played} / ${total}`}</Stat>
          <Stat label="Created">{formatShortDateTime(t.createdAt)}</Stat>
          <Stat label={t.finishedAt ? "Finished" : "Started"}>
            {t.finishedAt
              ? formatShortDateTime(t.finishedAt)
              : t.startedAt
                ? formatShortDateTime(t.startedAt)
                : "Not yet"}
          </Stat>
        </dl>
      </div>

      <div className="mt-8">
        <h2 className="mb-4 text-xl font-semibold text-stone-50">Bracket</h2>
        {t.rounds.length > 0 ? (
          <BracketView detail={t} />
        ) : (
          <MessagePanel title={t.status === "cancelled" ? "Cancelled" : "Not drawn yet"}>
            {t.status === "cancelled"
              ? "This tournament was cancelled before it was played."
              : "Sign-ups are open in the server. The bracket is drawn at random when the staff start the tournament."}
          </MessagePanel>
        )}
      </div>

      <div className="mt-8">
        <h2 className="mb-4 text-xl font-semibold text-stone-50">Players</h2>
        {t.players.length === 0 ? (
          <p className="text-stone-300">No one has signed up yet.</p>
        ) : (
          <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {t.players.map((player) => (
              <li
                key={player.userId}
                className="flex items-center justify-between gap-2 rounded-xl border border-white/10 bg-white/[0.03] px-3 py-2 text-sm"
              >
                <span className="truncate text-stone-100">
                  {player.seed !== null && <span className="mr-2 text-stone-400">#{player.seed}</span>}
                  {player.name}
                </span>
                {t.status !== "signup" && (
                  <span className={player.alive ? "text-emerald-300" : "text-stone-400"}>
                    {t.champion?.userId === player.userId ? "Champion" : player.alive ? "In" : "Out"}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
