import type { GiveawayListItem, GiveawayWinner } from "@hearth/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { useNow } from "../../../lib/use-now";
import { inputClass } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { useDebounced } from "../shared/use-debounced";
import { ClaimStatus } from "./claim-status";
import { entrantsQuery, giveawayDetailQuery, useRemoveEntrant, useReplaceReroll } from "./manage-api";

const small = "h-8 px-3 text-xs";

function RemoveForm({
  serverId,
  messageId,
  userId,
  username,
  onDone,
}: {
  serverId: string;
  messageId: string;
  userId: string;
  username: string;
  onDone: () => void;
}) {
  const remove = useRemoveEntrant(serverId, messageId);
  const [reason, setReason] = useState("");
  const [block, setBlock] = useState(false);
  const id = useId();
  return (
    <form
      aria-label={`Remove ${username}`}
      className="mt-2 space-y-2 rounded-lg border border-red-400/20 bg-red-500/5 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) remove.mutate({ userId, reason: reason.trim(), block }, { onSuccess: onDone });
      }}
    >
      <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-stone-300">
        Reason (shown to {username} when they next press Enter)
      </label>
      <input
        id={`${id}-reason`}
        className={inputClass}
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <label className="flex items-center gap-2 text-xs text-stone-300">
        <input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} />
        Also block them from this server's giveaways
      </label>
      <div className="flex gap-2">
        <button
          type="submit"
          className={cn(buttonClass("primary"), small)}
          disabled={!reason.trim() || remove.isPending}
          title={reason.trim() ? undefined : "Give a reason first"}
        >
          Remove entrant
        </button>
        <button type="button" className={cn(buttonClass("ghost"), small)} onClick={onDone}>
          Keep
        </button>
      </div>
    </form>
  );
}

function Winners({
  serverId,
  messageId,
  winners,
}: {
  serverId: string;
  messageId: string;
  winners: GiveawayWinner[];
}) {
  const reroll = useReplaceReroll(serverId, messageId);
  const now = useNow(30_000);
  const standing = winners.filter((winner) => !winner.replacedAt);
  const name = (userId: string | null | undefined) =>
    winners.find((w) => w.userId === userId)?.username ?? userId;
  return (
    <section aria-label="Winners" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-stone-100">Winners</h3>
        <div className="flex gap-2">
          <button
            type="button"
            className={cn(buttonClass("secondary"), small)}
            disabled={reroll.isPending || standing.length === 0}
            onClick={() => reroll.mutate({ all: true })}
          >
            Reroll all
          </button>
          <button
            type="button"
            className={cn(buttonClass("secondary"), small)}
            disabled={reroll.isPending}
            onClick={() => reroll.mutate({ winnerCount: 1 })}
          >
            Draw 1 more
          </button>
        </div>
      </div>
      {winners.length === 0 ? (
        <p className="text-sm text-stone-400">No winner was drawn.</p>
      ) : (
        <ul className="space-y-1">
          {winners.map((winner) => (
            <li key={`${winner.userId}-${winner.draw}`} className="flex items-center gap-2 text-sm">
              <span
                className={cn("flex-1", winner.replacedAt ? "text-stone-400 line-through" : "text-stone-100")}
              >
                {winner.username}
                {winner.replaces ? (
                  <span className="text-stone-400"> (replaced {name(winner.replaces)})</span>
                ) : null}
                {winner.replacedAt ? <span className="sr-only"> (replaced)</span> : null}
              </span>
              <ClaimStatus winner={winner} winners={winners} now={now} />
              {!winner.replacedAt && (
                <button
                  type="button"
                  className={cn(buttonClass("ghost"), small)}
                  disabled={reroll.isPending}
                  onClick={() => reroll.mutate({ replace: winner.userId })}
                  aria-label={`Replace ${winner.username}`}
                >
                  Replace
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A giveaway's live entrant list (searchable, 50 at a time), removals, and its winners' rerolls. */
export function EntrantsDialog({
  serverId,
  giveaway,
  running,
  onClose,
}: {
  serverId: string;
  giveaway: GiveawayListItem;
  running: boolean;
  onClose: () => void;
}) {
  const headingId = useId();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  const [removing, setRemoving] = useState<string | null>(null);
  const entrants = useInfiniteQuery(entrantsQuery(serverId, giveaway.messageId, q));
  // Winners claim outside the dashboard: read them afresh each time the drawer opens.
  const detail = useQuery({
    ...giveawayDetailQuery(serverId, giveaway.messageId),
    enabled: !running,
    refetchOnMount: "always",
  });
  const pages = entrants.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.entrants);
  const total = pages[0]?.total ?? 0;
  const capped = pages[0]?.totalCapped === true;
  const removed = pages[0]?.removed ?? [];
  return (
    <Dialog open onClose={onClose} labelledBy={headingId} placement="right">
      <div className="flex h-full flex-col gap-4 overflow-y-auto bg-stone-950 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-stone-100">
            Entrants · {giveaway.prize}
          </h2>
          <button type="button" className={cn(buttonClass("ghost"), small)} onClick={onClose}>
            Close
          </button>
        </div>
        {!running && Array.isArray(detail.data?.winners) && (
          <Winners serverId={serverId} messageId={giveaway.messageId} winners={detail.data.winners} />
        )}
        <input
          type="search"
          aria-label="Search entrants"
          placeholder="Search by name or ID…"
          className={inputClass}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {entrants.isPending ? (
          <PanelLoading label="Loading entrants" rows={4} />
        ) : entrants.isError && rows.length === 0 ? (
          <PanelError message="Failed to load entrants." onRetry={() => void entrants.refetch()} />
        ) : (
          <>
            <p className="text-sm text-stone-400" aria-live="polite">
              {total}
              {capped ? "+" : ""} {total === 1 ? "entrant" : "entrants"}
              {q ? ` matching "${q}"` : ""}
            </p>
            {rows.length === 0 ? (
              <p className="text-sm text-stone-400">
                {q ? "No entrant matches." : "No one has entered yet."}
              </p>
            ) : (
              <ul aria-label="Entrant list" className="divide-y divide-white/[0.06]">
                {rows.map((entrant) => (
                  <li key={entrant.userId} className="py-2 text-sm">
                    <div className="flex items-center gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-stone-100">{entrant.username}</p>
                        <p className="text-xs text-stone-400">
                          {shortDateTime(entrant.enteredAt)} · {entrant.entries}{" "}
                          {entrant.entries === 1 ? "entry" : "entries"}
                          {entrant.bonus ? ` · ${entrant.bonus}` : ""}
                        </p>
                      </div>
                      {running && (
                        <button
                          type="button"
                          className={cn(buttonClass("ghost"), small, "text-red-300")}
                          aria-label={`Remove ${entrant.username}`}
                          onClick={() => setRemoving(removing === entrant.userId ? null : entrant.userId)}
                        >
                          Remove
                        </button>
                      )}
                    </div>
                    {removing === entrant.userId && (
                      <RemoveForm
                        serverId={serverId}
                        messageId={giveaway.messageId}
                        userId={entrant.userId}
                        username={entrant.username}
                        onDone={() => setRemoving(null)}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
            {entrants.hasNextPage && (
              <button
                type="button"
                className={cn(buttonClass("secondary"), small, "self-start")}
                disabled={entrants.isFetchingNextPage}
                onClick={() => void entrants.fetchNextPage()}
              >
                {entrants.isFetchingNextPage ? "Loading…" : "Load more"}
              </button>
            )}
            {removed.length > 0 && (
              <section aria-label="Removed entrants" className="text-sm">
                <h3 className="font-semibold text-stone-200">Removed</h3>
                <ul className="mt-1 space-y-1 text-stone-400">
                  {removed.map((entry) => (
                    <li key={entry.userId}>
                      {entry.userId} · {entry.reason} · {shortDateTime(entry.removedAt)}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
