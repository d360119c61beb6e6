import { type DiscoveryEntry, discoveryLimits } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { ImageWithFallback } from "../../../components/ui/image-with-fallback";
import { cn } from "../../../lib/cn";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { type FieldErrors, serverFieldError } from "../shared/errors";
import { Field, inputClass, textareaClass } from "../shared/form-controls";
import { formatAmount } from "../shared/format";
import { CompassIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import {
  discoveryEntryQuery,
  useCreateDiscovery,
  useDeleteDiscovery,
  useToggleDiscovery,
  useUpdateDiscovery,
} from "./api";
import { type DiscoveryForm, validateDiscovery } from "./rules";

const emptyForm: DiscoveryForm = { invite: "", description: "", tags: "" };

function EntryForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: DiscoveryForm;
  submitLabel: string;
  busy: boolean;
  onSubmit: (form: DiscoveryForm, setErrors: (errors: FieldErrors) => void) => void;
  onCancel?: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  useUnsavedChanges(!busy && JSON.stringify(form) !== JSON.stringify(initial));
  const set = (patch: Partial<DiscoveryForm>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form, setErrors);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Discovery entry" className="space-y-4">
      <Field label="Invite link" error={errors.invite} hint="A permanent invite works best.">
        {(control) => (
          <input
            {...control}
            type="url"
            className={inputClass}
            placeholder="https://discord.gg/yourserver"
            value={form.invite}
            onChange={(event) => set({ invite: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="Description"
        error={errors.description}
        aside={`${form.description.trim().length}/${discoveryLimits.descriptionMax}`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={discoveryLimits.descriptionMax}
            className={textareaClass}
            placeholder={`What makes your server worth joining? At least ${discoveryLimits.descriptionMin} characters.`}
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="Tags"
        error={errors.tags}
        hint={`Comma-separated, up to ${discoveryLimits.tagsMax}: gaming, events, community`}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            placeholder="gaming, events"
            value={form.tags}
            onChange={(event) => set({ tags: event.target.value })}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className={buttonClass("primary", "sm")} disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}

function submitWith(
  mutate: (
    body: NonNullable<ReturnType<typeof validateDiscovery>["body"]>,
    options: { onSuccess?: () => void; onError: (error: unknown) => void },
  ) => void,
  onDone?: () => void,
) {
  return (form: DiscoveryForm, setErrors: (errors: FieldErrors) => void) => {
    const { body, errors } = validateDiscovery(form);
    if (!body) {
      setErrors(errors);
      return;
    }
    mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        const refusal = serverFieldError(error);
        if (refusal?.field) setErrors({ [refusal.field.split(".")[0] ?? refusal.field]: refusal.message });
      },
    });
  };
}

function EntryView({
  entry,
  onEdit,
  serverId,
}: {
  entry: DiscoveryEntry;
  onEdit: () => void;
  serverId: string;
}) {
  const toggle = useToggleDiscovery(serverId);
  const remove = useDeleteDiscovery(serverId);
  const confirm = useConfirm();
  const isPublic = entry.toggle === "public";
  const preview =
    entry.description.length > discoveryLimits.descriptionPreview
      ? `${entry.description.slice(0, discoveryLimits.descriptionPreview).trimEnd()}…`
      : entry.description;

  const askDelete = async () => {
    const ok = await confirm({
      title: "Delete the discovery entry?",
      body: "Your server leaves Server Discovery. You can list it again later.",
      confirmLabel: "Delete entry",
      destructive: true,
    });
    if (ok) remove.mutate(undefined);
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-4 rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
        <ImageWithFallback
          src={entry.icon}
          fallback="/images/default-server.svg"
          alt=""
          size={48}
          className="size-12 shrink-0 rounded-xl"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-stone-100">{entry.name}</p>
            <span
              className={cn(
                "rounded-full border px-2 py-0.5 text-xs font-semibold",
                isPublic
                  ? "border-emerald-400/30 bg-emerald-400/10 text-emerald-200"
                  : "border-white/10 bg-white/5 text-stone-300",
              )}
            >
              {isPublic ? "Public" : "Private"}
            </span>
            {entry.advertised && (
              <span className="rounded-full border border-ember-400/30 bg-ember-500/10 px-2 py-0.5 text-xs font-semibold text-ember-200">
                Featured
              </span>
            )}
          </div>
          <p className="mt-0.5 text-xs text-stone-400">
            {formatAmount(entry.memberCount)} members · {entry.invite}
          </p>
          <p className="mt-2 text-sm text-stone-300">{preview}</p>
          {entry.tags.length > 0 && (
            <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
              {entry.tags.map((tag) => (
                <li key={tag} className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-stone-300">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="text-sm text-stone-400">
        {isPublic ? "Listed in Server Discovery." : "Hidden from Server Discovery; only you can see it."}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(undefined)}
        >
          {isPublic ? "Make Private" : "Make Public"}
        </button>
        <button
          type="button"
          className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
          disabled={remove.isPending}
          onClick={() => void askDelete()}
        >
          Delete
        </button>
      </div>
    </div>
  );
}

/** Discovery entry: none → create; created → view, edit, public/private, delete. */
export function DiscoveryCard({ serverId }: { serverId: string }) {
  const entry = useQuery(discoveryEntryQuery(serverId));
  const create = useCreateDiscovery(serverId);
  const update = useUpdateDiscovery(serverId);
  const [editing, setEditing] = useState(false);

  let body: ReactNode;
  if (entry.isPending) body = <PanelLoading label="Loading discovery entry" rows={3} />;
  else if (entry.isError && entry.data === undefined)
    body = (
      <PanelError
        message="Failed to load your discovery entry."
        onRetry={() => void entry.refetch()}
        error={entry.error}
      />
    );
  else if (!entry.data) {
    body = (
      <>
        <p className="mb-4 text-sm text-stone-400">
          Your server is not listed. Add an entry to appear in Server Discovery.
        </p>
        <EntryForm
          initial={emptyForm}
          submitLabel="Create Entry"
          busy={create.isPending}
          onSubmit={submitWith(create.mutate)}
        />
      </>
    );
  } else if (editing) {
    body = (
      <EntryForm
        initial={{
          invite: entry.data.invite,
          description: entry.data.description,
          tags: entry.data.tags.join(", "),
        }}
        submitLabel="Save Changes"
        busy={update.isPending}
        onSubmit={submitWith(update.mutate, () => setEditing(false))}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    body = <EntryView entry={entry.data} serverId={serverId} onEdit={() => setEditing(true)} />;
  }

  return (
    <Card
      title="Discovery Settings"
      description="How your server appears in the public directory."
      icon={<CompassIcon />}
    >
      {body}
    </Card>
  );
}
