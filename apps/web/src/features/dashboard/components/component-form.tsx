import type { MessageComponentList } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api-client";
import { usePermission } from "../session/permission";
import { type FieldErrors, humanMessage, serverFieldError, serverMessage } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { PlusIcon } from "../shared/icons";
import { MessagePreview } from "../shared/message-preview";
import { EmojiPicker } from "../shared/pickers/emoji-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { ActionList } from "./action-list";
import { useComponentPreview, useSaveComponent } from "./api";
import { bodyOf, type ComponentDraft, emptyDraft, newOption } from "./draft";
import { FormFields } from "./form-fields";
import { OptionEditor } from "./option-editor";

/** What can be checked before asking the server (which checks everything again, naming the field). */
function validate(draft: ComponentDraft, limits: MessageComponentList["limits"]): FieldErrors {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = "Name the component (you and the /components commands use the name).";
  else if (name.length > limits.name) errors.name = `At most ${limits.name} characters.`;
  if (draft.type === "button" && draft.label.trim() === "")
    errors["definition.label"] = "Write the button's text.";
  if (draft.type === "select") {
    draft.options.forEach((option, index) => {
      if (option.label.trim() === "")
        errors[`definition.options.${index}.label`] = "Write the option's text.";
    });
  }
  return errors;
}

function Preview({ serverId, draft }: { serverId: string; draft: ComponentDraft }) {
  // What it looks like: actions change nothing there, so editing them doesn't redraw it.
  const { componentId: _id, ...whole } = bodyOf(draft);
  const body = {
    ...whole,
    definition: {
      ...whole.definition,
      actions: [],
      options: (whole.definition.options ?? []).map((option) => ({ ...option, actions: [] })),
    },
  };
  const ready = draft.type === "select" ? draft.options.length > 0 : draft.label.trim() !== "";
  const settled = useDebounced(ready ? JSON.stringify(body) : null, 300);
  const preview = useComponentPreview(serverId, settled === null ? null : JSON.parse(settled));
  const refusal = preview.isError ? serverFieldError(preview.error) : null;
  return (
    <MessagePreview
      message={settled === null ? null : preview.data}
      loading={preview.isFetching}
      error={
        preview.isError
          ? `The preview could not be made: ${refusal ? humanMessage(refusal.field, refusal.message) : preview.error.message}`
          : null
      }
      empty={
        draft.type === "select"
          ? "Add an option to see the menu as Hearth will post it."
          : "Write the button's text to see it as Hearth will post it."
      }
      data-testid="component-preview"
    />
  );
}

/** Creates or edits a button, a select menu or a form, with its actions and a live preview. */
export function ComponentForm({
  serverId,
  list,
  initial,
  onDone,
}: {
  serverId: string;
  list: MessageComponentList;
  initial: ComponentDraft;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveComponent(serverId);
  const { can } = usePermission();
  const allowed = can("admin");
  const editing = draft.componentId !== null;
  const forms = list.components.filter((component) => component.type === "form");
  const full = !editing && list.components.length >= list.limits.perServer;
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(initial));
  const set = (patch: Partial<ComponentDraft>) => {
    setDraft({ ...draft, ...patch });
    setErrors({});
    setFailure(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(draft, list.limits);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(bodyOf(draft), {
      onSuccess: () => onDone(),
      onError: (error) => {
        // The field named in the answer's `field` (the builder's checks) or its `field: text` (the schema's).
        const refusal = serverFieldError(error);
        const field = (error instanceof ApiError ? error.field : null) ?? refusal?.field ?? null;
        if (field && field !== "definition" && refusal) {
          setErrors({ [field]: humanMessage(refusal.field, refusal.message) });
        }
        setFailure(serverMessage(error) ?? "The component could not be saved.");
      },
    });
  };
  const limits = list.limits;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${initial.name}` : "Create a component"}
      className="space-y-4"
    >
      {!editing && (
        <Field label="Kind">
          {(control) => (
            <SelectBox
              {...control}
              value={draft.type}
              disabled={!allowed}
              onChange={(event) => {
                const type =
                  event.target.value === "select" || event.target.value === "form"
                    ? event.target.value
                    : "button";
                setDraft({ ...emptyDraft(type), name: draft.name, message: draft.message });
                setErrors({});
              }}
            >
              <option value="button">Button</option>
              <option value="select">Select menu</option>
              <option value="form">Form (a button that opens it)</option>
            </SelectBox>
          )}
        </Field>
      )}
      <Field
        label="Name"
        error={errors.name}
        hint={
          editing
            ? "The /components commands take the new name once it is saved."
            : "How you find it here and in the /components commands."
        }
        aside={`${draft.name.length}/${limits.name}`}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={draft.name}
            maxLength={limits.name}
            disabled={!allowed}
            placeholder="verify"
            onChange={(event) => set({ name: event.target.value })}
          />
        )}
      </Field>
      <MarkupTextarea
        label="Message above it"
        value={draft.message}
        onChange={(message) => set({ message })}
        error={errors["definition.message"]}
        hint="Optional text posted with the component."
        aside={`${draft.message.length}/${limits.messageText}`}
        rows={3}
        maxLength={limits.messageText}
        placeholder="Press the button to get in."
      />
      {draft.type !== "select" ? (
        <>
          <Field
            label="Button text"
            error={errors["definition.label"]}
            aside={`${draft.label.length}/${limits.label}`}
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={draft.label}
                maxLength={limits.label}
                disabled={!allowed}
                placeholder="Verify"
                onChange={(event) => set({ label: event.target.value })}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <EmojiPicker
              label="Emoji"
              value={draft.emoji}
              onChange={(emoji) => set({ emoji })}
              customEmojis={[]}
              error={errors["definition.emoji"]}
              disabled={!allowed}
              clearable
            />
            <Field label="Colour" error={errors["definition.style"]}>
              {(control) => (
                <SelectBox
                  {...control}
                  value={draft.style}
                  disabled={!allowed}
                  onChange={(event) => set({ style: event.target.value as ComponentDraft["style"] })}
                >
                  <option value="primary">Blurple (primary)</option>
                  <option value="secondary">Grey (secondary)</option>
                  <option value="success">Green (success)</option>
                  <option value="danger">Red (danger)</option>
                </SelectBox>
              )}
            </Field>
          </div>
          {draft.type === "form" && (
            <FormFields draft={draft} set={set} errors={errors} max={limits.fields} disabled={!allowed} />
          )}
          <ActionList
            type={draft.type}
            label={draft.type === "form" ? "When it is submitted" : "When it is clicked"}
            actions={draft.actions}
            onChange={(actions) => set({ actions })}
            forms={forms}
            errors={errors}
            errorPrefix="definition.actions"
            max={limits.actionsPerTrigger}
            disabled={!allowed}
          />
        </>
      ) : (
        <>
          <Field
            label="Placeholder"
            error={errors["definition.placeholder"]}
            hint="The grey text before a choice."
            aside={`${draft.placeholder.length}/${limits.placeholder}`}
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={draft.placeholder}
                maxLength={limits.placeholder}
                disabled={!allowed}
                onChange={(event) => set({ placeholder: event.target.value })}
              />
            )}
          </Field>
          {errors["definition.options"] && (
            <p role="alert" className="text-sm text-red-300">
              {errors["definition.options"]}
            </p>
          )}
          <ul aria-label="Options" className="space-y-3">
            {draft.options.map((option, index) => (
              <OptionEditor
                key={option.key}
                option={option}
                index={index}
                onChange={(changed) =>
                  set({ options: draft.options.map((current, at) => (at === index ? changed : current)) })
                }
                onRemove={() => set({ options: draft.options.filter((_, at) => at !== index) })}
                forms={forms}
                errors={errors}
                max={limits.actionsPerTrigger}
                disabled={!allowed}
              />
            ))}
          </ul>
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            disabled={!allowed || draft.options.length >= limits.options}
            onClick={() => set({ options: [...draft.options, newOption()] })}
          >
            <PlusIcon className="size-4" />
            Add an option ({draft.options.length}/{limits.options})
          </button>
        </>
      )}
      <Preview serverId={serverId} draft={draft} />
      {failure && (
        <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {failure}
        </p>
      )}
      {full && (
        <p role="note" className="text-sm text-amber-200">
          This server has {limits.perServer} components, the most it may have: delete one first.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {editing && (
          <button type="button" className={buttonClass("ghost")} onClick={onDone}>
            Cancel edit
          </button>
        )}
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={save.isPending || full || !allowed}
          title={allowed ? undefined : "Building components needs the admin permission"}
        >
          <PlusIcon className="size-4" />
          {save.isPending ? "Saving…" : editing ? "Save changes" : "Create component"}
        </button>
      </div>
    </form>
  );
}
