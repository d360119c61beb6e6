import {
  type BirthdaySettingsView,
  type BirthdaysOverview,
  birthdayLimits,
  type OwnBirthday,
  type UpcomingBirthdayView,
} from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { RequirePermission, usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { serverMessage } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { GiftIcon, SettingsIcon, StarIcon, TrashIcon } from "../shared/icons";
import { MessagePreview } from "../shared/message-preview";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { RolePicker } from "../shared/pickers/role-pickers";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { useDraft } from "../shared/use-draft";
import {
  birthdayListSize,
  birthdayPreviewQuery,
  birthdaysQuery,
  useForgetOwnBirthday,
  useRemoveMemberBirthday,
  useSaveBirthdaySettings,
  useSaveOwnBirthday,
} from "./api";

interface SetupForm {
  channelId: string | null;
  roleId: string | null;
  message: string;
}

const toSetupForm = (settings: BirthdaySettingsView | null): SetupForm => ({
  channelId: settings?.channelId ?? null,
  roleId: settings?.roleId ?? null,
  message: settings?.message ?? "",
});

/** Where birthdays are announced, the role for the day and the message, with the bot's own preview. */
function AnnouncementSetup({ serverId, overview }: { serverId: string; overview: BirthdaysOverview }) {
  const draft = useDraft(overview.settings, toSetupForm);
  const form = draft.value ?? toSetupForm(overview.settings);
  const [channelError, setChannelError] = useState<string | null>(null);
  const save = useSaveBirthdaySettings(serverId);
  useUnsavedChanges(draft.dirty);
  const message = form.message.trim() === "" ? null : form.message;
  const settled = useDebounced(message, 400);
  const preview = useQuery(birthdayPreviewQuery(serverId, settled));
  const tooLong = form.message.length > birthdayLimits.messageMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.channelId) {
      setChannelError("Choose the channel birthdays are announced in.");
      return;
    }
    if (tooLong) return;
    save.mutate(
      { channelId: form.channelId, roleId: form.roleId, message },
      { onSuccess: () => draft.reset() },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Birthday announcements" className="space-y-4">
      {!overview.settings && (
        <p
          role="note"
          className="rounded-xl border border-white/10 bg-white/[0.03] px-4 py-3 text-sm text-stone-300"
        >
          Birthdays aren't announced yet: choose a channel and save to start.
        </p>
      )}
      <ChannelPicker
        label="Announcement channel"
        value={form.channelId}
        required
        error={channelError}
        hint="Each member's birthday is announced here at midnight in their time zone."
        onChange={(channelId) => {
          setChannelError(null);
          draft.update({ channelId });
        }}
      />
      <RolePicker
        label="Birthday role (optional)"
        value={form.roleId}
        hint="Given for 24 hours from the start of their birthday, then taken back."
        placeholder="No role"
        onChange={(roleId) => draft.update({ roleId })}
      />
      <MarkupTextarea
        label="Message"
        rows={3}
        value={form.message}
        placeholder={overview.defaultMessage}
        aside={`${form.message.length}/${birthdayLimits.messageMax}`}
        error={tooLong ? `The message can be at most ${birthdayLimits.messageMax} characters.` : null}
        hint="Leave empty for the default. Tags: {user.mention}, {user.name}, {server.name}, {birthday.age} (only for members who chose to show it)."
        onChange={(value) => draft.update({ message: value })}
      />
      <MessagePreview
        message={preview.data}
        loading={preview.isFetching}
        error={preview.isError ? (serverMessage(preview.error) ?? "The preview couldn't be rendered.") : null}
      >
        Shown for you; each member sees their own name{settled === message ? "" : " (updating…)"}.
      </MessagePreview>
      {save.data?.roleWarning && (
        <p
          role="alert"
          className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
        >
          {save.data.roleWarning}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {draft.dirty && (
          <button type="button" className={buttonClass("ghost")} onClick={draft.reset}>
            Discard changes
          </button>
        )}
        <button type="submit" className={buttonClass("primary")} disabled={save.isPending || tooLong}>
          {save.isPending ? "Saving…" : overview.settings ? "Save changes" : "Start announcing"}
        </button>
        {overview.settings && <SeeInSandbox channelId={overview.settings.channelId} />}
      </div>
    </form>
  );
}

function BirthdayRow({
  entry,
  serverId,
  canRemove,
}: {
  entry: UpcomingBirthdayView;
  serverId: string;
  canRemove: boolean;
}) {
  const remove = useRemoveMemberBirthday(serverId);
  const confirm = useConfirm();
  const name = entry.name ?? `Member ${entry.userId.slice(-4)}`;
  const ask = async () => {
    if (
      await confirm({
        title: `Remove ${name}'s birthday?`,
        body: "Their date, year and time zone are deleted and it won't be announced. They can save it again with /birthday set.",
        confirmLabel: "Remove birthday",
        dismissLabel: "Keep it",
        destructive: true,
      })
    ) {
      remove.mutate(entry.userId);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-stone-100">{name}</p>
        <p className="text-xs text-stone-400">
          {entry.date} · {shortDateTime(entry.at)} ({entry.timezone})
          {entry.age === null ? "" : ` · turns ${entry.age}`}
        </p>
      </div>
      <button
        type="button"
        aria-label={`Remove ${name}'s birthday`}
        title={canRemove ? undefined : "Removing a member's birthday needs the admin permission"}
        className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
        disabled={!canRemove || remove.isPending}
        onClick={() => void ask()}
      >
        <TrashIcon className="size-4" />
        Remove
      </button>
    </li>
  );
}

function BirthdayList({ serverId, overview }: { serverId: string; overview: BirthdaysOverview }) {
  const { can } = usePermission();
  if (overview.upcoming.length === 0) {
    return (
      <EmptyState title="No birthdays saved yet" icon={<GiftIcon />}>
        Members save theirs with <code>/birthday set</code>, or below under Your birthday.
      </EmptyState>
    );
  }
  return (
    <div>
      <p className="text-sm text-stone-400">
        {overview.total} saved
        {overview.total > overview.upcoming.length ? ` · the next ${overview.upcoming.length} shown` : ""}.
        Years are never shown; ages only for members who chose to show theirs.
      </p>
      {!can("admin") && (
        <p role="note" className="mt-2 text-xs text-amber-200">
          Removing a member's birthday needs the admin permission.
        </p>
      )}
      <ul aria-label="Upcoming birthdays" className="mt-2 divide-y divide-white/[0.06]">
        {overview.upcoming.map((entry) => (
          <BirthdayRow key={entry.userId} entry={entry} serverId={serverId} canRemove={can("admin")} />
        ))}
      </ul>
    </div>
  );
}

const monthNames = Array.from({ length: 12 }, (_, index) =>
  new Date(Date.UTC(2024, index, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" }),
);

interface OwnForm {
  month: string;
  day: string;
  year: string;
  timezone: string;
  showAge: boolean;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const toOwnForm = (mine: OwnBirthday | null): OwnForm => ({
  month: mine ? String(mine.month) : "",
  day: mine ? String(mine.day) : "",
  year: mine?.year ? String(mine.year) : "",
  timezone: mine?.timezone ?? browserZone(),
  showAge: mine?.showAge ?? false,
});

/** The dashboard user's own birthday: what `/birthday set` and `/birthday remove` do, for them. */
function OwnBirthdayForm({ serverId, mine }: { serverId: string; mine: OwnBirthday | null }) {
  const draft = useDraft(mine, toOwnForm);
  const form = draft.value ?? toOwnForm(mine);
  const save = useSaveOwnBirthday(serverId);
  const forget = useForgetOwnBirthday(serverId);
  const confirm = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const month = Number(form.month);
    const day = Number(form.day);
    const year = form.year.trim() === "" ? null : Number(form.year);
    if (!month || !Number.isInteger(day) || day < 1 || day > 31) {
      setProblem("Choose a month and a day from 1 to 31.");
      return;
    }
    if (form.showAge && year === null) {
      setProblem("Showing your age needs your birth year.");
      return;
    }
    setProblem(null);
    save.mutate(
      { month, day, year, timezone: form.timezone.trim() || null, showAge: form.showAge },
      { onSuccess: () => draft.reset(), onError: (error) => setProblem(serverMessage(error) ?? null) },
    );
  };
  const ask = async () => {
    if (
      await confirm({
        title: "Forget your birthday?",
        body: "Your date, year and time zone are deleted in this server.",
        confirmLabel: "Forget it",
        dismissLabel: "Keep it",
        destructive: true,
      })
    ) {
      forget.mutate(undefined, { onSuccess: () => draft.reset() });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Your birthday" className="space-y-4">
      <p className="text-sm text-stone-400">
        {mine
          ? `Saved: next celebrated ${shortDateTime(mine.nextAt)} (${mine.timezone}).`
          : "You haven't saved a birthday in this server."}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Month">
          {(control) => (
            <SelectBox
              {...control}
              value={form.month}
              onChange={(event) => draft.update({ month: event.target.value })}
            >
              <option value="">Choose…</option>
              {monthNames.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </SelectBox>
          )}
        </Field>
        <Field label="Day">
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={31}
              className={inputClass}
              value={form.day}
              onChange={(event) => draft.update({ day: event.target.value })}
            />
          )}
        </Field>
        <Field label="Year" aside="optional">
          {(control) => (
            <input
              {...control}
              type="number"
              min={birthdayLimits.minYear}
              max={new Date().getFullYear()}
              className={inputClass}
              value={form.year}
              onChange={(event) => draft.update({ year: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label="Time zone" hint="Your birthday starts at midnight here, e.g. Europe/Berlin.">
        {(control) => (
          <>
            <input
              {...control}
              list="birthday-zones"
              autoComplete="off"
              className={inputClass}
              value={form.timezone}
              onChange={(event) => draft.update({ timezone: event.target.value })}
            />
            <datalist id="birthday-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-stone-200">
        <input
          type="checkbox"
          checked={form.showAge}
          onChange={(event) => draft.update({ showAge: event.target.checked })}
          className="size-4 accent-ember-500"
        />
        Show my age in the announcement (needs the year)
      </label>
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {mine && (
          <button
            type="button"
            className={cn(buttonClass("ghost"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={forget.isPending}
            onClick={() => void ask()}
          >
            Forget my birthday
          </button>
        )}
        <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save my birthday"}
        </button>
      </div>
    </form>
  );
}

/** The Birthdays page: announcements (channel, role, message), the next birthdays, your own. */
export default function BirthdaysPage() {
  const { serverId } = useDashboardSession();
  const overview = useQuery(birthdaysQuery(serverId));

  if (overview.isPending) {
    return (
      <Card title="Birthdays" icon={<GiftIcon />}>
        <PanelLoading label="Loading birthdays" rows={4} />
      </Card>
    );
  }
  if (overview.isError && !overview.data) {
    return (
      <Card title="Birthdays" icon={<GiftIcon />}>
        <PanelError
          message="Failed to load birthdays."
          onRetry={() => void overview.refetch()}
          error={overview.error}
        />
      </Card>
    );
  }
  const data = overview.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title="Announcements"
        description="Where and how Hearth celebrates members' birthdays."
        icon={<SettingsIcon />}
      >
        <RequirePermission required="admin" what="The birthday setup">
          <AnnouncementSetup serverId={serverId} overview={data} />
        </RequirePermission>
      </Card>
      <div className="space-y-6">
        <Card
          title="Upcoming birthdays"
          description={`The next ${birthdayListSize} at most, soonest first.`}
          icon={<GiftIcon />}
        >
          <BirthdayList serverId={serverId} overview={data} />
        </Card>
        <Card title="Your birthday" description="Saved in this server only." icon={<StarIcon />}>
          <OwnBirthdayForm serverId={serverId} mine={data.mine} />
        </Card>
      </div>
    </div>
  );
}
