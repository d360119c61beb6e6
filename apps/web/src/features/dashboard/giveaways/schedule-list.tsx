import {
  type CreateGiveawayBody,
  describeRecurrence,
  type GiveawaySchedule,
  giveawayLimits,
} from "@hearth/core";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useNow } from "../../../lib/use-now";
import { useConfirm } from "../shared/confirm";
import { inputClass } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { LazyGiveawayPreview } from "./lazy-preview";
import { useCancelSchedule, useUpdateSchedule } from "./manage-api";

const small = "h-8 px-3 text-xs";

/** "in 2 h 5 min", "in 3 d 4 h", "in 40 s". */
export function countdown(ms: number): string {
  if (ms <= 0) return "starting now";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `in ${d} d ${h} h`;
  if (h > 0) return `in ${h} h ${m} min`;
  if (m > 0) return `in ${m} min`;
  return `in ${s} s`;
}

function statusLabel(schedule: GiveawaySchedule): string {
  if (schedule.status === "paused") return "Paused";
  if (schedule.status === "done") return schedule.recurrence ? "Stopped" : "Started";
  if (schedule.status === "cancelled") return "Cancelled";
  return schedule.recurrence ? "Recurring" : "Scheduled";
}

/**
 * The next run's post with the edit form's prize, winners and start (its end counts from the start;
 * a start not ahead of now counts from now), for the preview; null while the prize or the winners
 * would be refused.
 */
export function schedulePreviewBody(
  schedule: GiveawaySchedule,
  prize: string,
  winners: string,
  startsAt?: number,
  now = Date.now(),
): CreateGiveawayBody | null {
  const winnerCount = Number(winners);
  const trimmed = prize.trim();
  if (trimmed === "" || trimmed.length > giveawayLimits.prizeMaxLength) return null;
  if (
    !Number.isInteger(winnerCount) ||
    winnerCount < giveawayLimits.minWinners ||
    winnerCount > giveawayLimits.maxWinners
  )
    return null;
  const start = startsAt !== undefined && Number.isFinite(startsAt) && startsAt > now ? { startsAt } : {};
  return { ...schedule.settings, prize: trimmed, winnerCount, ...start };
}

function EditForm({
  schedule,
  serverId,
  onDone,
}: {
  schedule: GiveawaySchedule;
  serverId: string;
  onDone: () => void;
}) {
  const update = useUpdateSchedule(serverId);
  const [prize, setPrize] = useState(schedule.settings.prize);
  const [winners, setWinners] = useState(String(schedule.settings.winnerCount));
  const toLocal = (ms: number) =>
    new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const [startsAt, setStartsAt] = useState(schedule.nextRunAt ? toLocal(schedule.nextRunAt) : "");
  // Minutes only (what the input shows), so the preview isn't asked again as the clock moves.
  const previewStart = startsAt ? new Date(startsAt).getTime() : undefined;
  const save = () => {
    const at = startsAt ? new Date(startsAt).getTime() : undefined;
    update.mutate(
      {
        id: schedule.id,
        body: {
          prize,
          winnerCount: Number(winners),
          ...(at !== undefined && at !== schedule.nextRunAt ? { startsAt: at } : {}),
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      aria-label={`Edit ${schedule.settings.prize}`}
      className="mt-3 grid gap-2 sm:grid-cols-[1fr_6rem_14rem_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <input
        aria-label="Prize"
        className={inputClass}
        value={prize}
        maxLength={256}
        onChange={(e) => setPrize(e.target.value)}
      />
      <input
        aria-label="Winners"
        type="number"
        min={1}
        max={50}
        className={inputClass}
        value={winners}
        onChange={(e) => setWinners(e.target.value)}
      />
      <input
        aria-label="Next start"
        type="datetime-local"
        className={inputClass}
        value={startsAt}
        onChange={(e) => setStartsAt(e.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className={cn(buttonClass("primary"), small)} disabled={update.isPending}>
          Save
        </button>
        <button type="button" className={cn(buttonClass("ghost"), small)} onClick={onDone}>
          Close
        </button>
      </div>
      <div className="sm:col-span-4">
        <LazyGiveawayPreview
          serverId={serverId}
          body={schedulePreviewBody(schedule, prize, winners, previewStart)}
          empty="Give a prize and 1 to 50 winners to see the next run's post."
        />
      </div>
    </form>
  );
}

function Item({ schedule, serverId, now }: { schedule: GiveawaySchedule; serverId: string; now: number }) {
  const update = useUpdateSchedule(serverId);
  const cancel = useCancelSchedule(serverId);
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const live = schedule.status === "scheduled" || schedule.status === "paused";
  const askCancel = async () => {
    const series = schedule.recurrence !== null;
    const ok = await confirm({
      title: series ? `Stop "${schedule.settings.prize}"?` : `Cancel "${schedule.settings.prize}"?`,
      body: series
        ? "No more runs are posted. Its past runs and their winners stay."
        : "It won't be posted. Nothing has been posted yet.",
      confirmLabel: series ? "Stop series" : "Cancel giveaway",
      destructive: true,
    });
    if (ok) cancel.mutate(schedule);
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-stone-100">{schedule.settings.prize}</span>
            <span className="rounded-full border border-sky-400/30 bg-sky-400/10 px-2 py-0.5 text-xs font-semibold text-sky-200">
              {statusLabel(schedule)}
            </span>
          </div>
          <p className="mt-1 text-sm text-stone-400">
            {schedule.status === "scheduled" && schedule.nextRunAt !== null ? (
              <>
                Starts{" "}
                <span className="tabular-nums text-stone-200">{countdown(schedule.nextRunAt - now)}</span> ·{" "}
                {shortDateTime(schedule.nextRunAt)}
              </>
            ) : schedule.status === "paused" ? (
              "Paused: no run is posted until it is resumed"
            ) : (
              `${schedule.runs} run${schedule.runs === 1 ? "" : "s"}`
            )}
            {schedule.recurrence ? ` · repeats ${describeRecurrence(schedule.recurrence)}` : ""} ·{" "}
            {schedule.settings.winnerCount} winner{schedule.settings.winnerCount === 1 ? "" : "s"}
          </p>
        </div>
        {live && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={cn(buttonClass("secondary"), small)}
              onClick={() => setEditing(!editing)}
            >
              Edit
            </button>
            {schedule.recurrence && (
              <button
                type="button"
                className={cn(buttonClass("soft"), small)}
                disabled={update.isPending}
                onClick={() =>
                  update.mutate({ id: schedule.id, body: { paused: schedule.status !== "paused" } })
                }
              >
                {schedule.status === "paused" ? "Resume" : "Pause"}
              </button>
            )}
            <button
              type="button"
              className={cn(
                buttonClass("ghost"),
                small,
                "text-red-300 hover:bg-red-500/10 hover:text-red-200",
              )}
              disabled={cancel.isPending}
              onClick={() => void askCancel()}
            >
              {schedule.recurrence ? "Stop" : "Cancel"}
            </button>
          </div>
        )}
      </div>
      {editing && <EditForm schedule={schedule} serverId={serverId} onDone={() => setEditing(false)} />}
      {schedule.pastRuns.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-stone-300">Past runs ({schedule.runs})</summary>
          <ul className="mt-2 space-y-1 text-stone-400">
            {schedule.pastRuns.map((run) => (
              <li key={run.messageId}>
                Run {run.runNumber} · {run.active ? "running" : "ended"} {shortDateTime(run.endTime)} ·{" "}
                {run.entries} {run.entries === 1 ? "entry" : "entries"} · {run.winners} winner
                {run.winners === 1 ? "" : "s"}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** Scheduled starts (with a live countdown) and recurring series, with their past runs. */
export function ScheduleList({
  schedules,
  serverId,
}: {
  schedules: readonly GiveawaySchedule[];
  serverId: string;
}) {
  const now = useNow(1000);
  return (
    <ul aria-label="Scheduled giveaways" className="space-y-3">
      {schedules.map((schedule) => (
        <Item key={schedule.id} schedule={schedule} serverId={serverId} now={now} />
      ))}
    </ul>
  );
}
