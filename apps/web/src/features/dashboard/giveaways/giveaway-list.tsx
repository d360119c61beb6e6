import { describeRecurrence, type GiveawayListItem } from "@hearth/core";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useNow } from "../../../lib/use-now";
import { useConfirm } from "../shared/confirm";
import { formatAmount, shortDateTime } from "../shared/format";
import { useDeleteGiveaway, useEndGiveaway, useRerollGiveaway } from "./api";
import { EntrantsDialog } from "./entrants-dialog";
import { usePauseGiveaway } from "./manage-api";
import { controlNotes, giveawayStatusText, isRunning } from "./status";

function Item({ giveaway, now, serverId }: { giveaway: GiveawayListItem; now: number; serverId: string }) {
  const end = useEndGiveaway(serverId);
  const reroll = useRerollGiveaway(serverId);
  const remove = useDeleteGiveaway(serverId);
  const confirm = useConfirm();
  const [showEntrants, setShowEntrants] = useState(false);
  const pause = usePauseGiveaway(serverId);
  const running = isRunning(giveaway, now);
  const status = giveawayStatusText(giveaway, now);
  const small = "h-8 px-3 text-xs";

  const askEnd = async () => {
    if (
      await confirm({
        title: `End "${giveaway.prize}" now?`,
        body: "Winners are drawn at once from the current entries.",
        confirmLabel: "End Now",
      })
    ) {
      end.mutate(giveaway.messageId);
    }
  };
  const askDelete = async () => {
    const ok = await confirm({
      title: `Delete "${giveaway.prize}"?`,
      body: "The giveaway and its message are deleted, with its entries and winners.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (ok) remove.mutate(giveaway.messageId);
  };

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-white/[0.08] bg-white/[0.02] p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/giveaways/${giveaway.guildId}/${giveaway.messageId}`}
            className="truncate font-semibold text-stone-100 hover:text-ember-200"
          >
            {giveaway.prize}
          </Link>
          <span
            className={cn(
              "rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums",
              running
                ? "border-emerald-400/30 bg-emerald-400/10 text-emerald-200"
                : "border-white/10 bg-white/5 text-stone-300",
            )}
          >
            {giveaway.paused && running ? "Paused" : status}
          </span>
        </div>
        <p className="mt-1 text-sm text-stone-400">
          {formatAmount(giveaway.entries)} {giveaway.entries === 1 ? "entry" : "entries"} · {giveaway.winners}{" "}
          {giveaway.winners === 1 ? "winner" : "winners"}
          {giveaway.recurrence ? ` · repeats ${describeRecurrence(giveaway.recurrence)}` : ""} ·{" "}
          {running ? "ends" : "ended"} {shortDateTime(giveaway.endTime)}
        </p>
        {controlNotes(giveaway).length > 0 && (
          <p className="mt-0.5 text-xs text-stone-400">{controlNotes(giveaway).join(" · ")}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={cn(buttonClass("secondary"), small)}
          onClick={() => setShowEntrants(true)}
          aria-label={`${running ? "Entrants" : "Entrants and winners"} of ${giveaway.prize}`}
        >
          {running ? "Entrants" : "Winners"}
        </button>
        {showEntrants && (
          <EntrantsDialog
            serverId={serverId}
            giveaway={giveaway}
            running={running}
            onClose={() => setShowEntrants(false)}
          />
        )}
        {running && (
          <button
            type="button"
            className={cn(buttonClass("secondary"), small)}
            disabled={pause.isPending}
            onClick={() => pause.mutate({ messageId: giveaway.messageId, resume: giveaway.paused === true })}
            aria-label={`${giveaway.paused ? "Resume" : "Pause"} ${giveaway.prize}`}
          >
            {giveaway.paused ? "Resume" : "Pause"}
          </button>
        )}
        {running && (
          <button
            type="button"
            className={cn(buttonClass("soft"), small)}
            disabled={end.isPending}
            onClick={() => void askEnd()}
          >
            End Now
          </button>
        )}
        <button
          type="button"
          className={cn(buttonClass("secondary"), small)}
          disabled={reroll.isPending}
          onClick={() => reroll.mutate(giveaway.messageId)}
        >
          {reroll.isPending ? "Rerolling…" : "Reroll"}
        </button>
        <button
          type="button"
          className={cn(buttonClass("ghost"), small, "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
          disabled={remove.isPending}
          onClick={() => void askDelete()}
          aria-label={`Delete ${giveaway.prize}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** Running giveaways first (soonest end), then ended ones (latest first). */
export function GiveawayList({
  giveaways,
  serverId,
}: {
  giveaways: readonly GiveawayListItem[];
  serverId: string;
}) {
  const now = useNow(30_000);
  const sorted = giveaways.toSorted((a, b) => {
    const running = Number(isRunning(b, now)) - Number(isRunning(a, now));
    if (running !== 0) return running;
    return isRunning(a, now) ? a.endTime - b.endTime : b.endTime - a.endTime;
  });
  return (
    <ul aria-label="Giveaways" className="space-y-3">
      {sorted.map((giveaway) => (
        <Item key={giveaway.messageId} giveaway={giveaway} now={now} serverId={serverId} />
      ))}
    </ul>
  );
}
