import type { TournamentDetail, TournamentMatch } from "@hearth/core";
import { cn } from "../../lib/cn";
import { feederNumber, matchSummary } from "./display";

function Side({
  player,
  won,
  placeholder,
}: {
  player: TournamentMatch["player1"];
  won: boolean;
  placeholder: string;
}) {
  return (
    <div
      className={cn(
        "flex min-w-0 items-center justify-between gap-2 px-3 py-2",
        won ? "bg-emerald-400/10 font-semibold text-emerald-100" : "text-stone-200",
      )}
    >
      <span className={cn("truncate", !player && "italic text-stone-400")}>
        {player?.name ?? placeholder}
      </span>
      {won && (
        <span aria-hidden="true" className="shrink-0 text-emerald-300">
          ✓
        </span>
      )}
    </div>
  );
}

function MatchCard({
  detail,
  match,
  round,
}: {
  detail: TournamentDetail;
  match: TournamentMatch;
  round: string;
}) {
  const placeholder = (side: 0 | 1) => {
    if (match.bye) return "Bye";
    const from = feederNumber(detail, match, side);
    return from ? `Winner of match ${from}` : "To be decided";
  };
  return (
    <li className="overflow-hidden rounded-xl border border-white/10 bg-ink-900/70 text-sm">
      <span className="sr-only">{matchSummary(match, round)}</span>
      <p
        aria-hidden="true"
        className="flex justify-between border-b border-white/5 px-3 py-1 text-xs text-stone-400"
      >
        <span>Match {match.number}</span>
        {match.bye ? <span>Bye</span> : match.winnerId ? <span>Played</span> : null}
      </p>
      <div aria-hidden="true" className="divide-y divide-white/5">
        <Side
          player={match.player1}
          won={!!match.winnerId && match.player1?.userId === match.winnerId}
          placeholder={placeholder(0)}
        />
        <Side
          player={match.player2}
          won={!!match.winnerId && match.player2?.userId === match.winnerId}
          placeholder={placeholder(1)}
        />
      </div>
    </li>
  );
}

/**
 * The bracket, round by round: stacked on small screens, side by side (scrolling sideways) from
 * the md breakpoint. Each match is a list item whose label reads the whole match aloud.
 */
export function BracketView({ detail }: { detail: TournamentDetail }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label="Bracket"
      className="overflow-x-auto rounded-2xl focus-visible:outline-2 focus-visible:outline-ember-400"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-stretch md:gap-4">
        {detail.rounds.map((round) => (
          <section
            key={round.number}
            aria-labelledby={`round-${round.number}`}
            className="md:w-56 md:shrink-0 md:flex md:flex-col"
          >
            <h3
              id={`round-${round.number}`}
              className="mb-3 text-sm font-semibold uppercase tracking-wider text-stone-300"
            >
              {round.name}
            </h3>
            <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:flex md:flex-1 md:flex-col md:justify-around">
              {round.matches.map((match) => (
                <MatchCard key={match.number} detail={detail} match={match} round={round.name} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
