import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { PlusIcon } from "../shared/icons";
import { type ComponentDraft, type FieldDraft, newField } from "./draft";

/** A form's title and its text fields (at most `max`, Discord's limit). */
export function FormFields({
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
