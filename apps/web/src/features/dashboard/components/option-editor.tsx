import type { MessageComponentItem } from "@hearth/core";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { EmojiPicker } from "../shared/pickers/emoji-picker";
import { ActionList } from "./action-list";
import type { OptionDraft } from "./draft";

/** One option of a select menu: its text, emoji, description and the actions it runs. */
export function OptionEditor({
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
