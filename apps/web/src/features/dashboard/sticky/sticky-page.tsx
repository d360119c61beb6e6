import { type Channel, type Role, type StickyItem, type StickyList, stickyLimits } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type Dispatch, type FormEvent, type SetStateAction, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, rolesQuery } from "../shared/api";
import { Card } from "../shared/card";
import { channelName } from "../shared/channel-options";
import { useConfirm } from "../shared/confirm";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { readableMentions, shortDateTime } from "../shared/format";
import { PlusIcon } from "../shared/icons";
import { MessagePreview } from "../shared/message-preview";
import { EmptyState, PanelError, PanelLoading, QueryPanel } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { stickiesQuery, useRemoveSticky, useSaveSticky, useStickyPreview } from "./api";

interface Draft {
  channelId: string;
  message: string;
  triggerCount: string;
}

const emptyDraft: Draft = { channelId: "", message: "", triggerCount: String(stickyLimits.defaultTrigger) };

function validate(draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.channelId) errors.channelId = "Pick the channel the message stays at the bottom of.";
  const text = draft.message.trim();
  if (text === "") errors.message = "Write the message to keep at the bottom.";
  else if (text.length > stickyLimits.maxLength)
    errors.message = `The message is ${text.length} characters; the limit is ${stickyLimits.maxLength}.`;
  const count = Number(draft.triggerCount);
  if (!Number.isInteger(count) || count < stickyLimits.minTrigger || count > stickyLimits.maxTrigger)
    errors.triggerCount = `A whole number from ${stickyLimits.minTrigger} to ${stickyLimits.maxTrigger}.`;
  return errors;
}

function Preview({ serverId, message }: { serverId: string; message: string }) {
  const settled = useDebounced(message, 300);
  const preview = useStickyPreview(serverId, settled);
  return (
    <MessagePreview
      message={settled.trim() === "" ? null : preview.data}
      loading={preview.isFetching}
      error={preview.isError ? `The preview could not be made: ${preview.error.message}` : null}
      empty="Write a message to see what Hearth will post."
      data-testid="sticky-preview"
    />
  );
}

function StickyForm({
  serverId,
  list,
  draft,
  setDraft,
  editing,
  onDone,
}: {
  serverId: string;
  list: StickyList;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  editing: boolean;
  onDone: () => void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSticky(serverId);
  const { can } = usePermission();
  const allowed = can("admin");
  const existing = list.stickies.find((sticky) => sticky.channelId === draft.channelId);
  const full = !existing && list.stickies.length >= list.limits.maxPerServer;
  useUnsavedChanges(draft.message.trim() !== "" && (!existing || existing.message !== draft.message.trim()));
  const set = (patch: Partial<Draft>) => {
    // From the current draft, not this render's: two fields changed before a re-render (a channel
    // picked, then the message typed at once) would otherwise lose the first change.
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { channelId: draft.channelId, message: draft.message.trim(), triggerCount: Number(draft.triggerCount) },
      { onSuccess: () => onDone() },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? "Edit sticky message" : "Set a sticky message"}
      className="space-y-4"
    >
      <ChannelPicker
        label="Channel"
        value={draft.channelId || null}
        onChange={(channelId) => set({ channelId: channelId ?? "" })}
        error={errors.channelId}
        hint={
          existing
            ? "This channel already has a sticky message: saving replaces it and reposts it."
            : "One sticky message per channel."
        }
        disabled={editing}
        required
      />
      <MarkupTextarea
        label="Message"
        value={draft.message}
        onChange={(message) => set({ message })}
        error={errors.message}
        hint="Discord markup works: **bold**, and type # for a channel or @ for a member or role."
        aside={`${draft.message.length}/${stickyLimits.maxLength}`}
        rows={4}
        maxLength={stickyLimits.maxLength}
        placeholder="Read the pinned rules before trading."
      />
      <Field
        label="Repost after this many messages"
        error={errors.triggerCount}
        hint={`Members' messages before the sticky moves back to the bottom (${stickyLimits.minTrigger}–${stickyLimits.maxTrigger}).`}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={stickyLimits.minTrigger}
            max={stickyLimits.maxTrigger}
            step={1}
            className={cn(inputClass, "max-w-32")}
            value={draft.triggerCount}
            onChange={(event) => set({ triggerCount: event.target.value })}
          />
        )}
      </Field>
      <Preview serverId={serverId} message={draft.message} />
      {full && (
        <p role="note" className="text-sm text-amber-200">
          This server has {list.limits.maxPerServer} sticky messages, the most it may have: remove one first.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {save.isSuccess && <SeeInSandbox channelId={save.variables?.channelId} />}
        {editing && (
          <button type="button" className={buttonClass("ghost")} onClick={onDone}>
            Cancel edit
          </button>
        )}
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={save.isPending || full || !allowed}
          title={allowed ? undefined : "Setting sticky messages needs the admin permission"}
        >
          <PlusIcon className="size-4" />
          {save.isPending ? "Posting…" : editing || existing ? "Save and repost" : "Post sticky message"}
        </button>
      </div>
    </form>
  );
}

function StickyRow({
  sticky,
  lookup,
  serverId,
  onEdit,
}: {
  sticky: StickyItem;
  lookup: { channels: readonly Channel[]; roles: readonly Role[] };
  serverId: string;
  onEdit: () => void;
}) {
  const remove = useRemoveSticky(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  const allowed = can("admin");
  const channel = channelName(lookup.channels, sticky.channelId);
  const ask = async () => {
    if (
      await confirm({
        title: `Remove the sticky message of ${channel}?`,
        body: "Its copy in the channel is deleted and it is no longer reposted.",
        confirmLabel: "Remove sticky",
        dismissLabel: "Keep it",
        destructive: true,
      })
    )
      remove.mutate(sticky.channelId);
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-100">{channel}</p>
          <p className="mt-0.5 text-xs text-stone-400">
            Reposted every {sticky.triggerCount} message{sticky.triggerCount === 1 ? "" : "s"} ·{" "}
            {sticky.messageCount} since the last · updated {shortDateTime(sticky.updatedAt)}
            {sticky.enabled ? "" : " · paused"}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={onEdit}
            disabled={!allowed}
            aria-label={`Edit the sticky message of ${channel}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending || !allowed}
            onClick={() => void ask()}
            aria-label={`Remove the sticky message of ${channel}`}
          >
            Remove
          </button>
        </div>
      </div>
      <p className="mt-2 line-clamp-3 text-sm break-words whitespace-pre-wrap text-stone-300">
        {readableMentions(sticky.message, lookup)}
      </p>
    </li>
  );
}

/** The dashboard's Sticky messages page: one message per channel kept at the bottom (`/sticky`). */
export default function StickyPage() {
  const { serverId } = useDashboardSession();
  const list = useQuery(stickiesQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const roles = useQuery(rolesQuery(serverId));
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState(false);
  const lookup = { channels: channels.data ?? [], roles: roles.data ?? [] };
  const done = () => {
    setDraft({ ...emptyDraft, channelId: editing ? "" : draft.channelId });
    setEditing(false);
  };
  const edit = (sticky: StickyItem) => {
    setDraft({
      channelId: sticky.channelId,
      message: sticky.message,
      triggerCount: String(sticky.triggerCount),
    });
    setEditing(true);
    document.getElementById("sticky-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const loading = list.isPending || channels.isPending;
  const failed = (list.isError && !list.data) || (channels.isError && !channels.data);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        headingId="sticky-form"
        title={editing ? "Edit sticky message" : "Set a sticky message"}
        description="Hearth keeps this message at the bottom of the channel, reposting it after enough new messages."
        icon={<PlusIcon />}
      >
        {loading ? (
          <PanelLoading label="Loading channels" rows={4} />
        ) : failed || !list.data ? (
          <PanelError
            message="Failed to load the channels."
            onRetry={() => void Promise.all([list.refetch(), channels.refetch()])}
            error={list.error ?? channels.error}
          />
        ) : (
          <StickyForm
            key={editing ? `edit-${draft.channelId}` : "new"}
            serverId={serverId}
            list={list.data}
            draft={draft}
            setDraft={setDraft}
            editing={editing}
            onDone={done}
          />
        )}
      </Card>
      <Card
        title="Sticky messages"
        description={
          list.data ? `${list.data.stickies.length} of ${list.data.limits.maxPerServer} channels` : undefined
        }
      >
        <QueryPanel
          query={list}
          loading="Loading sticky messages"
          rows={3}
          failed="Failed to load the sticky messages."
        >
          {(data) =>
            data.stickies.length === 0 ? (
              <EmptyState title="No sticky messages yet">
                Set one to keep rules or a reminder at the bottom of a busy channel.
              </EmptyState>
            ) : (
              <ul aria-label="Sticky messages" className="space-y-3">
                {data.stickies.map((sticky) => (
                  <StickyRow
                    key={sticky.channelId}
                    sticky={sticky}
                    lookup={lookup}
                    serverId={serverId}
                    onEdit={() => edit(sticky)}
                  />
                ))}
              </ul>
            )
          }
        </QueryPanel>
      </Card>
    </div>
  );
}
