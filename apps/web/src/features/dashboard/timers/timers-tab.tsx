import { type Channel, type Role, type Timer, timerLimits, timerPresets } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useNow } from "../../../lib/use-now";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, rolesQuery } from "../shared/api";
import { Card } from "../shared/card";
import { channelName } from "../shared/channel-options";
import { useConfirm } from "../shared/confirm";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { readableMentions, shortDateTime } from "../shared/format";
import { ClockIcon, PlusIcon } from "../shared/icons";
import { EmptyState, QueryPanel } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { PreviewFallback } from "../shared/preview-fallback";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import type { TabProps } from "../shared/tab-props";
import { useForm } from "../shared/use-form";
import { timersQuery, useCancelTimer, useCreateTimer } from "./api";
import {
  describeSeconds,
  durationSeconds,
  emptyTimerForm,
  formatTimeLeft,
  type TimerForm,
  validateTimer,
} from "./timer-form";

// The preview's Discord renderer loads with the form, not with the dashboard's first page.
const TimerPreview = lazy(() =>
  import("./timer-preview").then((module) => ({ default: module.TimerPreview })),
);

function CreateTimer({ serverId }: { serverId: string }) {
  const { form, update, resetIfUnchanged } = useForm<TimerForm>(emptyTimerForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTimer(serverId);
  const set = (patch: Partial<TimerForm>) => {
    update(patch);
    setErrors({});
  };
  const seconds = durationSeconds(form.duration);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateTimer(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { channelId: form.channelId, duration: seconds, message: form.message.trim() },
      { onSuccess: () => resetIfUnchanged(form, { ...emptyTimerForm, channelId: form.channelId }) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create timer" className="space-y-4">
      <ChannelPicker
        label="Channel"
        error={errors.channelId}
        value={form.channelId || null}
        onChange={(channelId) => set({ channelId: channelId ?? "" })}
      />
      <Field
        label="Duration (seconds)"
        error={errors.duration}
        hint={seconds > 0 ? `Ends after ${describeSeconds(seconds)}.` : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min={1}
            max={timerLimits.maxDuration}
            step={1}
            className={inputClass}
            value={form.duration}
            onChange={(event) => set({ duration: event.target.value })}
          />
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick presets</legend>
        {timerPresets.map((preset) => (
          <button
            key={preset.seconds}
            type="button"
            aria-pressed={seconds === preset.seconds}
            onClick={() => set({ duration: String(preset.seconds) })}
            className={cn(
              "h-8 rounded-lg border px-3 text-xs font-semibold",
              seconds === preset.seconds
                ? "border-ember-400/60 bg-ember-500/15 text-ember-100"
                : "border-white/10 bg-white/5 text-stone-300 hover:text-stone-100",
            )}
          >
            {preset.label}
          </button>
        ))}
      </fieldset>
      <MarkupTextarea
        label="Message"
        error={errors.message}
        hint="Posted when the timer ends. Mentions ping only then. Type # for a channel, @ for a member or role."
        aside={`${form.message.length}/${timerLimits.messageMax}`}
        rows={3}
        maxLength={timerLimits.messageMax}
        placeholder="Heist starts now! Meet in voice."
        value={form.message}
        onChange={(message) => set({ message })}
      />
      <Suspense fallback={<PreviewFallback caption="Preview — the countdown, posted now" />}>
        <TimerPreview serverId={serverId} form={form} />
      </Suspense>
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={create.isPending}>
          <PlusIcon className="size-4" />
          {create.isPending ? "Starting…" : "Create Timer"}
        </button>
        {create.isSuccess && <SeeInSandbox channelId={create.variables?.channelId} />}
      </div>
    </form>
  );
}

interface Lookup {
  channels: readonly Channel[];
  roles: readonly Role[];
}

function RunningTimer({
  timer,
  now,
  lookup,
  serverId,
}: {
  timer: Timer;
  now: number;
  lookup: Lookup;
  serverId: string;
}) {
  const cancel = useCancelTimer(serverId);
  const confirm = useConfirm();
  const left = timer.endsAt - now;
  const progress = Math.min(100, Math.max(0, 100 - (left / (timer.duration * 1000)) * 100));
  const ask = async () => {
    if (
      await confirm({
        title: "Cancel this timer?",
        body: "Its countdown message shows it was cancelled, and the end message is not posted.",
        confirmLabel: "Cancel timer",
        dismissLabel: "Keep timer",
        destructive: true,
      })
    ) {
      cancel.mutate(timer.id);
    }
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-2xl font-bold text-stone-50 tabular-nums">{formatTimeLeft(left)}</p>
          <p className="mt-0.5 text-xs text-stone-400">
            {channelName(lookup.channels, timer.channelId)} · ends {shortDateTime(timer.endsAt)}
          </p>
        </div>
        <button
          type="button"
          className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
          disabled={cancel.isPending}
          onClick={() => void ask()}
        >
          Cancel
        </button>
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-stone-300">{readableMentions(timer.message, lookup)}</p>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-white/[0.06]" aria-hidden="true">
        <div className="h-full rounded-full bg-ember-500" style={{ width: `${progress}%` }} />
      </div>
    </li>
  );
}

/** Ticks every second on its own, so the form beside it doesn't re-render with the countdowns. */
function TimerLists({
  timers,
  lookup,
  serverId,
}: {
  timers: readonly Timer[];
  lookup: Lookup;
  serverId: string;
}) {
  const now = useNow(1000);
  // A timer just past its end stays a moment, until the refresh shows it ended.
  const running = timers.filter((timer) => timer.status === "running" && timer.endsAt > now - 60_000);
  const finished = timers.filter((timer) => !running.includes(timer));
  return (
    <div className="space-y-5">
      {running.length === 0 ? (
        <EmptyState title="No timers running" icon={<ClockIcon />}>
          Create one to count down to a heist, an event or a deadline.
        </EmptyState>
      ) : (
        <ul aria-label="Running timers" className="space-y-3">
          {running.map((timer) => (
            <RunningTimer key={timer.id} timer={timer} now={now} lookup={lookup} serverId={serverId} />
          ))}
        </ul>
      )}
      {finished.length > 0 && (
        <details className="rounded-xl border border-white/[0.06] px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium text-stone-300">
            Finished ({finished.length})
          </summary>
          <ul className="mt-3 space-y-2 text-sm">
            {finished.map((timer) => (
              <li key={timer.id} className="flex justify-between gap-3 text-stone-400">
                <span className="truncate">{readableMentions(timer.message, lookup)}</span>
                <span className="shrink-0">
                  {timer.status === "cancelled" ? "Cancelled" : "Ended"}{" "}
                  {shortDateTime(timer.endedAt ?? timer.endsAt)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

export function TimersTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  const timers = useQuery(timersQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const roles = useQuery(rolesQuery(serverId));
  const lookup = { channels: channels.data ?? [], roles: roles.data ?? [] };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title="Create Timer"
        description="Posts a live countdown now and a message when it ends."
        icon={<PlusIcon />}
      >
        <CreateTimer serverId={serverId} />
      </Card>
      <Card title="Running Timers" icon={<ClockIcon />}>
        <QueryPanel query={timers} loading="Loading timers" rows={3} failed="Failed to load timers.">
          {(data) => <TimerLists timers={data} lookup={lookup} serverId={serverId} />}
        </QueryPanel>
      </Card>
    </div>
  );
}
