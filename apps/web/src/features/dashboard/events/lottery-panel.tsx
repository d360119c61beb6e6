import { type LotteryOverview, lotteryLimits, parseDuration } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { usePermission } from "../session/permission";
import { useConfirm } from "../shared/confirm";
import { Field, inputClass } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useForm } from "../shared/use-form";
import { lotteryQuery, useDrawLottery, useStartLottery } from "./api";
import { describeSeconds, EventPreview, HolderList } from "./shared";

interface Form {
  prize: string;
  duration: string;
  maxTickets: string;
  channelId: string | null;
}

const empty: Form = { prize: "", duration: "1d", maxTickets: "1", channelId: null };

function durationSeconds(text: string): number | null {
  const ms = parseDuration(text);
  return ms === null ? null : Math.round(ms / 1000);
}

/** `/lottery start`: the prize, how long, tickets per member, the channel; the post previewed. */
function StartLottery({ serverId, disabled }: { serverId: string; disabled: boolean }) {
  const { form, update, resetIfUnchanged } = useForm<Form>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const start = useStartLottery(serverId);
  useUnsavedChanges(form.prize !== "");
  const set = (patch: Partial<Form>) => {
    update(patch);
    setErrors({});
  };
  const seconds = durationSeconds(form.duration);
  const maxTickets = Number(form.maxTickets);
  const valid =
    form.prize.trim() !== "" &&
    seconds !== null &&
    seconds >= lotteryLimits.minDurationSeconds &&
    seconds <= lotteryLimits.maxDurationSeconds &&
    Number.isInteger(maxTickets) &&
    maxTickets >= lotteryLimits.minTickets &&
    maxTickets <= lotteryLimits.maxTickets;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (form.prize.trim() === "") problems.prize = "Name the prize.";
    if (
      seconds === null ||
      seconds < lotteryLimits.minDurationSeconds ||
      seconds > lotteryLimits.maxDurationSeconds
    )
      problems.duration = "Between 1 minute and 90 days, e.g. 30m, 12h, 3d or 1w.";
    if (!Number.isInteger(maxTickets) || maxTickets < 1 || maxTickets > lotteryLimits.maxTickets)
      problems.maxTickets = `A whole number from 1 to ${lotteryLimits.maxTickets}.`;
    if (!form.channelId) problems.channelId = "Choose the channel it is posted in.";
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !form.channelId || seconds === null) return;
    start.mutate(
      { prize: form.prize.trim(), duration: seconds, maxTickets, channelId: form.channelId },
      { onSuccess: () => resetIfUnchanged(form, empty) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Start a lottery" className="space-y-4">
      <Field
        label="Prize"
        error={errors.prize}
        aside={`${form.prize.length}/${lotteryLimits.prizeMaxLength}`}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            maxLength={lotteryLimits.prizeMaxLength}
            value={form.prize}
            onChange={(event) => set({ prize: event.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Runs for"
          error={errors.duration}
          hint={seconds ? `Drawn after ${describeSeconds(seconds)}.` : "e.g. 30m, 12h, 3d or 1w"}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={form.duration}
              onChange={(event) => set({ duration: event.target.value })}
            />
          )}
        </Field>
        <Field label="Tickets per member" error={errors.maxTickets}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={lotteryLimits.maxTickets}
              className={inputClass}
              value={form.maxTickets}
              onChange={(event) => set({ maxTickets: event.target.value })}
            />
          )}
        </Field>
      </div>
      <ChannelPicker
        label="Channel"
        value={form.channelId}
        error={errors.channelId}
        onChange={(channelId) => set({ channelId })}
      />
      <EventPreview
        kind="lottery"
        body={valid && seconds ? { prize: form.prize.trim(), duration: seconds, maxTickets } : null}
        empty="Fill in the prize to see the lottery's post."
      />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={disabled || start.isPending}>
          {start.isPending ? "Starting…" : "Start lottery"}
        </button>
      </div>
    </form>
  );
}

function LotteryStatus({ serverId, data }: { serverId: string; data: LotteryOverview }) {
  const lottery = data.lottery;
  const draw = useDrawLottery(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  if (!lottery) return null;
  const running = lottery.status === "running";
  const winner = data.holders.find((holder) => holder.userId === lottery.winnerId);
  const ask = async () => {
    if (
      await confirm({
        title: "Draw the lottery now?",
        body: "One ticket is drawn now instead of at the end time, and the winner is announced. A draw is final.",
        confirmLabel: "Draw now",
        dismissLabel: "Not yet",
      })
    )
      draw.mutate(undefined);
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-stone-50">{lottery.prize}</p>
          <p className="text-sm text-stone-400">
            {running
              ? `Running · drawn ${shortDateTime(lottery.endTime)} · up to ${lottery.maxTickets} ticket${lottery.maxTickets === 1 ? "" : "s"} per member`
              : `Ended ${shortDateTime(lottery.endedAt ?? lottery.endTime)}`}
          </p>
          {!running && (
            <p className="mt-1 text-sm text-stone-200">
              {lottery.winnerId
                ? `Winner: ${winner?.name ?? `member ${lottery.winnerId.slice(-4)}`} with ${lottery.winnerTickets} ticket${lottery.winnerTickets === 1 ? "" : "s"}`
                : "No winner: no eligible ticket holder."}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <SeeInSandbox channelId={lottery.channelId} />
          {running && (
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              disabled={!can("admin") || draw.isPending}
              title={can("admin") ? undefined : "Drawing needs the admin permission"}
              onClick={() => void ask()}
            >
              {draw.isPending ? "Drawing…" : "Draw now"}
            </button>
          )}
        </div>
      </div>
      <HolderList holders={data.holders} total={data.tickets} count={data.entrants} label="Lottery tickets" />
    </div>
  );
}

/** The lottery section: the running (or last) lottery and its tickets; a new one when none runs. */
export function LotteryPanel({ serverId }: { serverId: string }) {
  const lottery = useQuery(lotteryQuery(serverId));
  const { can } = usePermission();
  if (lottery.isPending) return <PanelLoading label="Loading the lottery" rows={3} />;
  if (lottery.isError && !lottery.data)
    return (
      <PanelError
        message="Failed to load the lottery."
        error={lottery.error}
        onRetry={() => void lottery.refetch()}
      />
    );
  const running = lottery.data.lottery?.status === "running";
  return (
    <div className="space-y-6">
      {lottery.data.lottery ? (
        <LotteryStatus serverId={serverId} data={lottery.data} />
      ) : (
        <p className="text-sm text-stone-400">No lottery has run in this server yet.</p>
      )}
      {running ? (
        <p className="text-xs text-stone-400">
          One lottery runs at a time: a new one can start once this one is drawn.
        </p>
      ) : (
        <StartLottery serverId={serverId} disabled={!can("admin")} />
      )}
    </div>
  );
}
