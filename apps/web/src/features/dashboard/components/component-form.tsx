import type { MessageComponentItem, MessageComponentList } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
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
import {
  bodyOf,
  type ComponentDraft,
  emptyDraft,
  type FieldDraft,
  newField,
  newOption,
  type OptionDraft,
} from "./draft";

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

function OptionEditor({
  option,
  index,
  onChange,
  onRemove,
  forms,
  errors,
  max,
  disabled,
}: {
  option: OptionDraft;
  index: number;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
  forms: readonly MessageComponentItem[];
  errors: FieldErrors;
  max: number;
  disabled: boolean;
}) {
  const at = `definition.options.${index}`;
  const name = option.label.trim() || `option ${index + 1}`;
  return (
    <li className="space-y-3 rounded-xl border border-white/[0.08] bg-white/[0.02] p-3">
      <div className="flex items-end gap-2">
        <Field
          label={`Option ${index + 1}`}
          className="flex-1"
          error={errors[`${at}.label`] ?? errors[`${at}.value`]}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={option.label}
              maxLength={100}
              disabled={disabled}
              placeholder="Events"
              onChange={(event) => onChange({ ...option, label: event.target.value })}
            />
          )}
        </Field>
        <button
          type="button"
          className={cn(buttonClass("ghost", "sm"), "mb-1 text-red-300")}
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
      </div>
      <Field label="Description" aside="optional" error={errors[`${at}.description`]}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={option.description}
            maxLength={100}
            disabled={disabled}
            onChange={(event) => onChange({ ...option, description: event.target.value })}
          />
        )}
      </Field>
      <EmojiPicker
        label="Emoji"
        value={option.emoji}
        onChange={(emoji) => onChange({ ...option, emoji })}
        customEmojis={[]}
        error={errors[`${at}.emoji`]}
        disabled={disabled}
        clearable
      />
      <ActionList
        type="select"
        label={`When ${name} is picked`}
        actions={option.actions}
        onChange={(actions) => onChange({ ...option, actions })}
        forms={forms}
        errors={errors}
        errorPrefix={`${at}.actions`}
        max={max}
        disabled={disabled}
      />
    </li>
  );
}

/** A form's title and its text fields (at most `max`, Discord's limit). */
function FormFields({
  draft,
  set,
  errors,
  max,
  disabled,
}: {
  draft: ComponentDraft;
  set: (patch: Partial<ComponentDraft>) => void;
  errors: FieldErrors;
  max: number;
  disabled: boolean;
}) {
  const change = (index: number, patch: Partial<FieldDraft>) =>
    set({ fields: draft.fields.map((field, at) => (at === index ? { ...field, ...patch } : field)) });
  return (
    <>
      <Field label="Form title" error={errors["definition.title"]} aside={`${draft.title.length}/45`}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={draft.title}
            maxLength={45}
            disabled={disabled}
            placeholder="Staff application"
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </Field>
      {errors["definition.fields"] && (
        <p role="alert" className="text-sm text-red-300">
          {errors["definition.fields"]}
        </p>
      )}
      <ul aria-label="Form fields" className="space-y-3">
        {draft.fields.map((field, index) => {
          const at = `definition.fields.${index}`;
          return (
            <li
              key={field.key}
              className="space-y-3 rounded-xl border border-white/[0.08] bg-white/[0.02] p-3"
            >
              <div className="flex items-end gap-2">
                <Field label={`Question ${index + 1}`} className="flex-1" error={errors[`${at}.label`]}>
                  {(control) => (
                    <input
                      {...control}
                      className={inputClass}
                      value={field.label}
                      maxLength={45}
                      disabled={disabled}
                      onChange={(event) => change(index, { label: event.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className={cn(buttonClass("ghost", "sm"), "mb-1 text-red-300")}
                  onClick={() => set({ fields: draft.fields.filter((_, position) => position !== index) })}
                  disabled={disabled}
                  aria-label={`Remove question ${index + 1}`}
                >
                  Remove
                </button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Answer" error={errors[`${at}.style`]}>
                  {(control) => (
                    <SelectBox
                      {...control}
                      value={field.style}
                      disabled={disabled}
                      onChange={(event) =>
                        change(index, { style: event.target.value === "paragraph" ? "paragraph" : "short" })
                      }
                    >
                      <option value="short">One line</option>
                      <option value="paragraph">Paragraph</option>
                    </SelectBox>
                  )}
                </Field>
                <label className="flex items-center gap-2 self-end pb-2 text-sm text-stone-200">
                  <input
                    type="checkbox"
                    checked={field.required}
                    disabled={disabled}
                    onChange={(event) => change(index, { required: event.target.checked })}
                  />
                  Required
                </label>
                <Field label="Shortest answer" aside="optional" error={errors[`${at}.length`]}>
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      min={0}
                      max={4000}
                      className={inputClass}
                      value={field.minLength}
                      disabled={disabled}
                      onChange={(event) => change(index, { minLength: event.target.value })}
                    />
                  )}
                </Field>
                <Field label="Longest answer" aside="optional">
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      min={1}
                      max={4000}
                      className={inputClass}
                      value={field.maxLength}
                      disabled={disabled}
                      onChange={(event) => change(index, { maxLength: event.target.value })}
                    />
                  )}
                </Field>
              </div>
              <Field label="Hint in the empty field" aside="optional" error={errors[`${at}.placeholder`]}>
                {(control) => (
                  <input
                    {...control}
                    className={inputClass}
                    value={field.placeholder}
                    maxLength={100}
                    disabled={disabled}
                    onChange={(event) => change(index, { placeholder: event.target.value })}
                  />
                )}
              </Field>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={disabled || draft.fields.length >= max}
        onClick={() => set({ fields: [...draft.fields, newField()] })}
      >
        <PlusIcon className="size-4" />
        Add a question ({draft.fields.length}/{max})
      </button>
    </>
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
