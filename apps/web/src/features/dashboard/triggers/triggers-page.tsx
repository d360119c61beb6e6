import { type ServerTrigger, triggerLimits, triggerMatchLabels, triggerMatchModes } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { RequirePermission, usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, settingsQuery } from "../shared/api";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { type FieldErrors, serverFieldError } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { PlusIcon, SparkIcon, TrashIcon } from "../shared/icons";
import { MessagePreview } from "../shared/message-preview";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { readableMentions, triggersQuery, useDeleteTrigger } from "../shared/triggers-api";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { triggerPreviewQuery, useSaveMemberLimit, useSaveTrigger } from "./api";
import {
  bodyOf,
  emptyTriggerForm,
  formOf,
  previewBodyOf,
  responseMax,
  sameForm,
  type TriggerForm,
  validateTrigger,
} from "./trigger-form";

const matchHints: Record<(typeof triggerMatchModes)[number], string> = {
  word: "The keyword as a word of its own: “gg” answers “gg!” but not “eggs”.",
  contains: "Anywhere in a message, even inside a word.",
  exact: "Only a message that is the keyword and nothing else.",
};

/** The server's refusal under the field it names (the API's `field` on 400 and 409), else above the buttons. */
function refusalOf(error: unknown): { field: string | null; message: string } | null {
  if (!error) return null;
  const explained = serverFieldError(error);
  const field = error instanceof ApiError ? (error.field ?? explained?.field ?? null) : null;
  return { field, message: explained?.message ?? (error instanceof Error ? error.message : "Not saved.") };
}

function ReplyPreview({ serverId, form }: { serverId: string; form: TriggerForm }) {
  const body = useDebounced(previewBodyOf(form), 400);
  const preview = useQuery(triggerPreviewQuery(serverId, body));
  return (
    <div className="space-y-2">
      <MessagePreview
        message={preview.data?.message}
        loading={body !== null && preview.isFetching}
        error={
          preview.isError ? (refusalOf(preview.error)?.message ?? "The preview could not be loaded.") : null
        }
        empty="Type a reply to see how Hearth posts it."
      />
      <p className="text-xs text-stone-400">
        Tags such as <code>{"{user.name}"}</code> are filled in for you here, and for whoever says the keyword
        in chat. Only that member can be pinged.
      </p>
    </div>
  );
}

function TriggerEditor({
  serverId,
  editing,
  onDone,
}: {
  serverId: string;
  /** The trigger being changed; null: a new one. */
  editing: ServerTrigger | null;
  onDone: () => void;
}) {
  const initial = editing ? formOf(editing) : emptyTriggerForm;
  const [form, setForm] = useState<TriggerForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveTrigger(serverId);
  useUnsavedChanges(!sameForm(form, initial) && !save.isSuccess);
  const refusal = refusalOf(save.error);
  const fieldError = (name: string) =>
    errors[name] ??
    (refusal?.field === name || (name === "keyword" && refusal?.field === "new_keyword")
      ? refusal?.message
      : undefined);
  const set = (patch: Partial<TriggerForm>) => {
    setForm({ ...form, ...patch });
    setErrors({});
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateTrigger(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate({ id: editing?.id ?? null, body: bodyOf(form) }, { onSuccess: onDone });
  };
  const max = responseMax(form.replyType);
  const title = editing ? `Edit “${editing.keyword}”` : "New trigger";
  const generalRefusal =
    refusal &&
    !["keyword", "new_keyword", "response", "embedTitle", "title", "match", "replyType"].includes(
      refusal.field ?? "",
    )
      ? refusal.message
      : null;

  return (
    <Card
      title={title}
      icon={<SparkIcon />}
      description={editing && !editing.staff ? "A member's own trigger: it stays theirs." : undefined}
    >
      <form onSubmit={submit} noValidate aria-label={title} className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <Field
            label="Keyword"
            error={fieldError("keyword")}
            aside={`${form.keyword.trim().length}/${triggerLimits.keywordMax}`}
            hint="Case doesn't matter; extra spaces are ignored."
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                autoComplete="off"
                maxLength={triggerLimits.keywordMax + 20}
                placeholder="heist"
                value={form.keyword}
                onChange={(event) => set({ keyword: event.target.value })}
              />
            )}
          </Field>
          <Field label="Matches" hint={matchHints[form.match]} error={fieldError("match")}>
            {(control) => (
              <SelectBox
                {...control}
                value={form.match}
                onChange={(event) => set({ match: event.target.value as TriggerForm["match"] })}
              >
                {triggerMatchModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {triggerMatchLabels[mode]}
                  </option>
                ))}
              </SelectBox>
            )}
          </Field>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-200">Reply as</legend>
            <div className="flex flex-wrap gap-2">
              {(["text", "embed"] as const).map((type) => (
                <label
                  key={type}
                  className={cn(
                    "flex h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ember-300",
                    form.replyType === type
                      ? "border-ember-400/60 bg-ember-500/15 text-ember-100"
                      : "border-white/10 bg-white/5 text-stone-300",
                  )}
                >
                  <input
                    type="radio"
                    name="replyType"
                    className="sr-only"
                    value={type}
                    checked={form.replyType === type}
                    onChange={() => set({ replyType: type })}
                  />
                  {type === "text" ? "Text message" : "Embed"}
                </label>
              ))}
            </div>
          </fieldset>
          {form.replyType === "embed" && (
            <Field
              label="Embed title"
              aside={`${form.embedTitle.trim().length}/${triggerLimits.embedTitleMax}`}
              error={fieldError("embedTitle") ?? fieldError("title")}
              hint="Optional."
            >
              {(control) => (
                <input
                  {...control}
                  className={inputClass}
                  autoComplete="off"
                  value={form.embedTitle}
                  onChange={(event) => set({ embedTitle: event.target.value })}
                />
              )}
            </Field>
          )}
          <MarkupTextarea
            label={form.replyType === "embed" ? "Embed text" : "Reply"}
            error={fieldError("response")}
            aside={`${form.response.trim().length.toLocaleString("en-US")}/${max.toLocaleString("en-US")}`}
            hint="Type # for a channel or @ for a member or role. Discord markup and tags work: {user.mention}, {user.name}, {server.name}, {server.members}."
            rows={5}
            placeholder="Heists start at 8pm in #events, {user.mention}!"
            value={form.response}
            onChange={(response) => set({ response })}
          />
          {generalRefusal && (
            <p role="alert" className="text-sm text-red-300">
              {generalRefusal}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass("ghost")} onClick={onDone}>
              Cancel
            </button>
            <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
              {save.isPending ? "Saving…" : editing ? "Save Trigger" : "Add Trigger"}
            </button>
          </div>
        </div>
        <ReplyPreview serverId={serverId} form={form} />
      </form>
    </Card>
  );
}

type Filter = "all" | "staff" | "members";

function TriggerRow({
  trigger,
  maker,
  describe,
  canEdit,
  busy,
  onEdit,
  onDelete,
}: {
  trigger: ServerTrigger;
  maker: string | undefined;
  describe: (text: string) => string;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold break-all text-stone-100">{trigger.keyword}</span>
          <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-stone-300">
            {triggerMatchLabels[trigger.match]}
          </span>
          <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-stone-300">
            {trigger.replyType === "embed" ? "Embed" : "Text"}
          </span>
          <span
            className={
              trigger.staff
                ? "rounded-full bg-ember-500/15 px-2 py-0.5 text-xs text-ember-200"
                : "rounded-full bg-sky-500/15 px-2 py-0.5 text-xs text-sky-200"
            }
          >
            {trigger.staff ? "Staff" : `By ${maker ?? `member …${trigger.createdBy.slice(-4)}`}`}
          </span>
        </p>
        <p className="mt-1 line-clamp-2 text-sm break-words text-stone-400">
          {trigger.embedTitle && <span className="font-medium text-stone-300">{trigger.embedTitle}: </span>}
          {describe(trigger.response)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          onClick={onEdit}
          disabled={!canEdit}
          aria-label={`Edit the trigger “${trigger.keyword}”`}
        >
          Edit
        </button>
        <button
          type="button"
          className={buttonClass("ghost", "sm")}
          onClick={onDelete}
          disabled={!canEdit || busy}
          aria-label={`Delete the trigger “${trigger.keyword}”`}
        >
          <TrashIcon className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}

const limitError = `Enter a whole number from ${triggerLimits.memberMin} to ${triggerLimits.memberMax}.`;

/** The typed member limit, or null when it isn't a whole number in range. */
export function parseMemberLimit(raw: string): number | null {
  const value = Number(raw.trim());
  return raw.trim() !== "" &&
    Number.isInteger(value) &&
    value >= triggerLimits.memberMin &&
    value <= triggerLimits.memberMax
    ? value
    : null;
}

function MemberLimit({ serverId }: { serverId: string }) {
  const settings = useQuery(settingsQuery(serverId));
  const edit = useSaveMemberLimit(serverId);
  const saved = settings.data?.memberTriggerLimit;
  const [value, setValue] = useState(saved === undefined ? "" : String(saved));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (saved !== undefined) setValue(String(saved));
  }, [saved]);
  useUnsavedChanges(saved !== undefined && value.trim() !== String(saved) && !edit.isPending);
  if (settings.isError && !settings.data)
    return (
      <PanelError
        message="Failed to load the member limit."
        onRetry={() => void settings.refetch()}
        error={settings.error}
      />
    );
  if (saved === undefined) return <PanelLoading label="Loading the member limit" rows={1} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMemberLimit(value);
    setError(parsed === null ? limitError : null);
    if (parsed !== null && parsed !== saved) edit.mutate(parsed);
  };
  return (
    <RequirePermission required="admin" what="The member trigger limit">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Member trigger limit"
        className="flex flex-wrap items-end gap-3"
      >
        <Field
          label="Triggers each member may own"
          error={error}
          hint={`Members add their own with /trigger add in Discord, ${triggerLimits.memberMin} to ${triggerLimits.memberMax} each. Staff triggers (and every trigger added here) don't count.`}
          className="min-w-0 flex-1"
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={triggerLimits.memberMin}
              max={triggerLimits.memberMax}
              step={1}
              className={`${inputClass} max-w-40`}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <button
          type="submit"
          className={cn(buttonClass("secondary"), "mb-6")}
          disabled={edit.isPending || value.trim() === String(saved)}
        >
          {edit.isPending ? "Saving…" : "Save Limit"}
        </button>
      </form>
    </RequirePermission>
  );
}

/** The Triggers page: the server's keyword triggers (staff's and members'), added, edited and deleted here. */
export default function TriggersPage() {
  const { serverId } = useDashboardSession();
  const { can } = usePermission();
  const canEdit = can("admin");
  const list = useQuery(triggersQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const remove = useDeleteTrigger(serverId);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<ServerTrigger | "new" | null>(null);
  const [filter, setFilter] = useState<Filter>("all");

  const ask = async (trigger: ServerTrigger) => {
    const yes = await confirm({
      title: `Delete the trigger “${trigger.keyword}”?`,
      body: "Hearth stops answering this keyword at once. This can't be undone.",
      confirmLabel: "Delete Trigger",
      destructive: true,
    });
    if (yes) {
      if (editing !== "new" && editing?.id === trigger.id) setEditing(null);
      remove.mutate(trigger.id);
    }
  };

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = (
      <PanelError message="Failed to load triggers." onRetry={() => void list.refetch()} error={list.error} />
    );
  } else if (!list.data) {
    body = <PanelLoading label="Loading triggers" rows={4} />;
  } else if (list.data.triggers.length === 0) {
    body = (
      <EmptyState
        title="No triggers yet"
        icon={<SparkIcon className="size-5" />}
        action={
          canEdit && editing === null ? (
            <button type="button" className={buttonClass("primary")} onClick={() => setEditing("new")}>
              <PlusIcon className="size-4" />
              Add a Trigger
            </button>
          ) : undefined
        }
      >
        A trigger answers a keyword in chat, for example “rules” with a link to your rules channel.
      </EmptyState>
    );
  } else {
    const { triggers, memberLimit, serverLimit, names = {} } = list.data;
    const members = triggers.filter((trigger) => !trigger.staff).length;
    const shown = triggers.filter((trigger) =>
      filter === "all" ? true : filter === "staff" ? trigger.staff : !trigger.staff,
    );
    const counts: Record<Filter, number> = {
      all: triggers.length,
      staff: triggers.length - members,
      members,
    };
    body = (
      <>
        <p className="text-sm text-stone-400">
          {triggers.length} of {serverLimit} · each member may own {memberLimit}; staff triggers are
          unlimited.
        </p>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {(["all", "staff", "members"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => setFilter(option)}
              className={cn(
                "h-8 rounded-lg border px-3 text-xs font-semibold",
                filter === option
                  ? "border-ember-400/60 bg-ember-500/15 text-ember-100"
                  : "border-white/10 bg-white/5 text-stone-300 hover:text-stone-100",
              )}
            >
              {option === "all" ? "All" : option === "staff" ? "Staff" : "Members'"} ({counts[option]})
            </button>
          ))}
        </fieldset>
        {shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-400">
            {filter === "members" ? "No member has made a trigger yet." : "No staff triggers yet."}
          </p>
        ) : (
          <ul aria-label="Triggers" className="divide-y divide-white/[0.06]">
            {shown.map((trigger) => (
              <TriggerRow
                key={trigger.id}
                trigger={trigger}
                maker={names[trigger.createdBy]}
                describe={(text) => readableMentions(text, channels.data)}
                canEdit={canEdit}
                busy={remove.isPending && remove.variables === trigger.id}
                onEdit={() => setEditing(trigger)}
                onDelete={() => void ask(trigger)}
              />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      {editing !== null && (
        <TriggerEditor
          key={editing === "new" ? "new" : editing.id}
          serverId={serverId}
          editing={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <Card
        title="Triggers"
        description="Keywords Hearth answers in chat, oldest first (the first match answers). Members add their own with /trigger add."
        icon={<SparkIcon />}
        actions={
          editing === null && list.data && list.data.triggers.length > 0 ? (
            <button
              type="button"
              className={buttonClass("primary", "sm")}
              onClick={() => setEditing("new")}
              disabled={!canEdit}
              title={canEdit ? undefined : "Adding triggers needs the admin permission"}
            >
              <PlusIcon className="size-4" />
              New Trigger
            </button>
          ) : undefined
        }
      >
        <div className="space-y-3">
          {!canEdit && (
            <p
              role="note"
              className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
            >
              Triggers are read-only for your token: adding, editing and deleting them needs the admin
              permission.
            </p>
          )}
          {body}
        </div>
      </Card>
      <Card title="Member triggers" description="How many triggers one member may make for themselves.">
        <MemberLimit serverId={serverId} />
      </Card>
    </div>
  );
}
