import { useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { buttonClass } from "../../components/ui/button-styles";
import { formatShortDateTime, pluralize } from "../../lib/format";
import { defaultAvatarUrl, PARTICIPANTS_COLLAPSED } from "./display";
import type { PersonRow } from "./people";

function PersonLine({ person, dateLabel }: { person: PersonRow; dateLabel: string }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <img
        src={defaultAvatarUrl(person.userId)}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        className="size-9 shrink-0 rounded-full"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-100">
          <span className="truncate">{person.name}</span>
          {person.hasBypass && <Badge tone="violet">Bypass</Badge>}
        </p>
        <p className="text-sm text-stone-400">
          {dateLabel} {person.at ? formatShortDateTime(person.at) : "Unknown date"}
        </p>
      </div>
      <p className="shrink-0 text-sm text-stone-300 tabular-nums">
        {pluralize(person.entries, "entry", "entries")}
      </p>
    </li>
  );
}

export function WinnersPanel({ winners }: { winners: PersonRow[] }) {
  const headingId = useId();
  if (winners.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-amber-400/25 bg-amber-400/[0.04]"
    >
      <h2
        id={headingId}
        className="flex items-center gap-2 border-b border-white/5 px-5 py-4 text-lg font-semibold text-stone-50"
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
          className="size-5 text-amber-300"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M8 4h8v5a4 4 0 0 1-8 0V4zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M9.5 17h5"
          />
        </svg>
        Winners ({winners.length})
      </h2>
      <ul className="divide-y divide-white/5">
        {winners.map((winner) => (
          <PersonLine key={winner.key} person={winner} dateLabel="Won" />
        ))}
      </ul>
    </section>
  );
}

export function ParticipantsPanel({
  participants,
  total,
  state,
  onRetry,
}: {
  participants: PersonRow[];
  /** The giveaway's entries count; the list may hold fewer when some rows were unusable. */
  total: number;
  state: "loading" | "error" | "ready";
  onRetry: () => void;
}) {
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? participants : participants.slice(0, PARTICIPANTS_COLLAPSED);
  const count = state === "ready" ? participants.length : total;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-white/10 bg-ink-900/60">
      <h2 id={headingId} className="border-b border-white/5 px-5 py-4 text-lg font-semibold text-stone-50">
        Participants ({count.toLocaleString("en-US")})
      </h2>
      {state === "loading" ? (
        <p role="status" className="px-5 py-8 text-center text-stone-300">
          Loading participants...
        </p>
      ) : state === "error" ? (
        <div role="alert" className="px-5 py-8 text-center text-stone-300">
          <p>Couldn't load the participants.</p>
          <button type="button" onClick={onRetry} className={`${buttonClass("secondary", "sm")} mt-3`}>
            Try Again
          </button>
        </div>
      ) : participants.length === 0 ? (
        <p className="px-5 py-8 text-center text-stone-300">No participants yet</p>
      ) : (
        <>
          <ul
            id={listId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard
            tabIndex={0}
            aria-labelledby={headingId}
            className="max-h-96 divide-y divide-white/5 overflow-y-auto"
          >
            {shown.map((participant) => (
              <PersonLine key={participant.key} person={participant} dateLabel="Entered" />
            ))}
          </ul>
          {participants.length > PARTICIPANTS_COLLAPSED && (
            <div className="border-t border-white/5 px-5 py-3 text-center">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setExpanded((open) => !open)}
                className="rounded text-sm font-medium text-ember-300 underline underline-offset-4 hover:text-ember-200"
              >
                {expanded
                  ? "Show first 50 participants"
                  : `Show all ${participants.length.toLocaleString("en-US")} participants`}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function RequirementsBox({
  minAccountAge,
  minMemberAge,
  minInvites,
  requiredRoles,
}: {
  minAccountAge: number;
  minMemberAge: number;
  minInvites: number;
  requiredRoles: readonly string[];
}) {
  const headingId = useId();
  const items: string[] = [];
  if (minAccountAge > 0) items.push(`Discord account at least ${pluralize(minAccountAge, "day")} old`);
  if (minMemberAge > 0) items.push(`Server member for at least ${pluralize(minMemberAge, "day")}`);
  if (minInvites > 0) items.push(`At least ${pluralize(minInvites, "server invite")}`);
  if (requiredRoles.length === 1) items.push("Must hold the required role");
  else if (requiredRoles.length > 1)
    items.push(`Must hold one of the ${requiredRoles.length} required roles`);
  if (items.length === 0) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-sky-400/25 bg-sky-400/[0.04] p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-50">
        Entry Requirements
      </h2>
      <ul className="mt-3 space-y-2 text-stone-200">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="text-sky-300">
              •
            </span>
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-stone-400">Members with a bypass role skip these requirements.</p>
    </section>
  );
}
