import type { EmbedDraft } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { SubHeading } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { Field, inputClass } from "../shared/form-controls";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { embedTemplatesQuery, useDeleteTemplate, useSaveTemplate } from "./api";
import { draftProblems, sendableDraft } from "./embed-form";

/**
 * The builder's templates, as `/embed create template:` and `/embed templates` offer them: load a
 * built-in or saved one into the builder, save the builder's draft under a name (replacing one of
 * that name only when asked), delete a saved one.
 */
export function TemplatesCard({
  serverId,
  current,
  canSave,
  onLoad,
}: {
  serverId: string;
  /** The builder's draft as it is now. */
  current: EmbedDraft;
  canSave: boolean;
  onLoad: (draft: EmbedDraft, name: string) => void;
}) {
  const templates = useQuery(embedTemplatesQuery(serverId));
  const save = useSaveTemplate(serverId);
  const remove = useDeleteTemplate(serverId);
  const confirm = useConfirm();
  const [name, setName] = useState("");
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (templates.isPending) return <PanelLoading label="Loading templates" rows={3} />;
  if (templates.isError)
    return (
      <PanelError
        message="Failed to load the templates."
        onRetry={() => void templates.refetch()}
        error={templates.error}
      />
    );
  const { saved, builtIn, limits } = templates.data;
  const full = saved.length >= limits.max;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = sendableDraft(current);
    if (name.trim() === "") return setError("Name the template.");
    if (draftProblems(draft).size > 0)
      return setError("Fix the builder's problems first: a template must send.");
    setError(undefined);
    save.mutate(
      { name: name.trim(), draft, ...(replace ? { replace: true } : {}) },
      {
        onSuccess: () => {
          setName("");
          setReplace(false);
        },
      },
    );
  };
  const ask = async (id: number, templateName: string) => {
    if (
      await confirm({
        title: `Delete the template ${templateName}?`,
        body: "Messages sent from it stay as they are.",
        confirmLabel: "Delete template",
        dismissLabel: "Keep template",
        destructive: true,
      })
    )
      remove.mutate(id);
  };
  const row = "flex flex-wrap items-center justify-between gap-2 py-2";
  return (
    <div className="space-y-5">
      <form onSubmit={submit} noValidate aria-label="Save as template" className="space-y-3">
        <Field
          label="Template name"
          error={error}
          aside={`${saved.length}/${limits.max} saved`}
          hint="Saves the builder's embed as it is now; /embed create template: offers it too."
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={limits.nameMax}
              placeholder="Weekly news"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-stone-300">
            <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
            Replace a template of that name
          </label>
          <button
            type="submit"
            className={buttonClass("secondary")}
            disabled={!canSave || save.isPending || (full && !replace)}
            title={
              canSave
                ? full
                  ? `The server has ${limits.max} templates, the most it may`
                  : undefined
                : "Saving templates needs the admin permission"
            }
          >
            {save.isPending ? "Saving…" : "Save as template"}
          </button>
        </div>
      </form>
      <div>
        <SubHeading>Saved on this server</SubHeading>
        {saved.length === 0 ? (
          <EmptyState title="No saved templates">
            Save the builder's embed to reuse it here and with /embed.
          </EmptyState>
        ) : (
          <ul aria-label="Saved templates" className="divide-y divide-white/[0.06]">
            {saved.map((template) => (
              <li key={template.id} className={row}>
                <span className="min-w-0 truncate text-sm text-stone-100">{template.name}</span>
                <span className="flex gap-1">
                  <button
                    type="button"
                    className={buttonClass("ghost", "sm")}
                    onClick={() => onLoad(template.draft, template.name)}
                    aria-label={`Load the template ${template.name}`}
                  >
                    Load
                  </button>
                  <button
                    type="button"
                    className={cn(
                      buttonClass("ghost", "sm"),
                      "text-red-300 hover:bg-red-500/10 hover:text-red-200",
                    )}
                    disabled={!canSave || remove.isPending}
                    onClick={() => void ask(template.id, template.name)}
                    aria-label={`Delete the template ${template.name}`}
                  >
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <SubHeading>Built in</SubHeading>
        <ul aria-label="Built-in templates" className="divide-y divide-white/[0.06]">
          {builtIn.map((starter) => (
            <li key={starter.key} className={row}>
              <span className="min-w-0">
                <span className="block text-sm text-stone-100">{starter.name}</span>
                <span className="block text-xs text-stone-400">{starter.description}</span>
              </span>
              <button
                type="button"
                className={buttonClass("ghost", "sm")}
                onClick={() => onLoad(starter.draft, starter.name)}
                aria-label={`Load the template ${starter.name}`}
              >
                Load
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
