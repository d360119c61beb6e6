import type { MessageComponentItem } from "@hearth/core";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { PlusIcon } from "../shared/icons";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { RolePicker } from "../shared/pickers/role-pickers";
import { type ActionDraft, type EditableType, newKey } from "./draft";

const roleKinds = [
  ["toggle_role", "Toggle a role"],
  ["give_role", "Give a role"],
  ["take_role", "Take a role"],
  ["send_message", "Send a message"],
] as const;
/** The kinds a trigger can run: a form's submission posts answers, a button or option opens a form. */
const kindsFor = (type: EditableType) =>
  type === "form"
    ? [...roleKinds, ["post_answers", "Post the answers"] as const]
    : [...roleKinds, ["open_form", "Open a form"] as const];

/** "here" and "private" as themselves; a channel id, or "" while none is picked, as "channel". */
const targetMode = (target: string | undefined) =>
  target === undefined || target === "here" || target === "private" ? (target ?? "here") : "channel";

const isRole = (kind: string) => kind === "give_role" || kind === "take_role" || kind === "toggle_role";

/** One trigger's actions (a button's click, or one option of a menu): at most `max`, each with its settings. */
export function ActionList({
  type,
  label,
  actions,
  onChange,
  forms,
  errors,
  errorPrefix,
  max,
  disabled,
}: {
  type: EditableType;
  label: string;
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
  forms: readonly MessageComponentItem[];
  errors: FieldErrors;
  /** Where the API's refusals for this list point: `definition.actions` or `definition.options.0.actions`. */
  errorPrefix: string;
  max: number;
  disabled: boolean;
}) {
  const update = (index: number, patch: Partial<ActionDraft>) =>
    onChange(actions.map((action, at) => (at === index ? ({ ...action, ...patch } as ActionDraft) : action)));
  const opensForm = actions.some((action) => action.kind === "open_form");
  return (
    <fieldset className="space-y-3 rounded-lg border border-white/[0.08] p-3">
      <legend className="px-1 text-sm font-medium text-stone-200">{label}</legend>
      {errors[errorPrefix] && (
        <p role="alert" className="text-sm text-red-300">
          {errors[errorPrefix]}
        </p>
      )}
      {actions.length === 0 && (
        <p className="text-sm text-stone-400">No actions yet: using it does nothing.</p>
      )}
      {actions.map((action, index) => {
        const at = `${errorPrefix}.${index}`;
        const err = (field: string) => errors[`${at}.${field}`] ?? undefined;
        return (
          <div key={action.key} className="space-y-2 rounded-md bg-white/[0.02] p-2">
            <div className="flex items-end gap-2">
              <Field label={`Action ${index + 1}`} className="flex-1" error={err("kind")}>
                {(control) => (
                  <SelectBox
                    {...control}
                    value={action.kind}
                    disabled={disabled}
                    onChange={(event) =>
                      onChange(
                        actions.map((current, position) =>
                          position === index
                            ? ({ key: current.key, kind: event.target.value } as ActionDraft)
                            : current,
                        ),
                      )
                    }
                  >
                    {kindsFor(type).map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </SelectBox>
                )}
              </Field>
              <button
                type="button"
                className={cn(buttonClass("ghost", "sm"), "mb-1 text-red-300")}
                onClick={() => onChange(actions.filter((_, position) => position !== index))}
                disabled={disabled}
                aria-label={`Remove action ${index + 1} of ${label.toLowerCase()}`}
              >
                Remove
              </button>
            </div>
            {isRole(action.kind) && (
              <RolePicker
                label="Role"
                value={action.roleId ?? null}
                onChange={(roleId) => update(index, { roleId: roleId ?? undefined })}
                error={err("roleId")}
                disabled={disabled}
                required
              />
            )}
            {action.kind === "send_message" && (
              <>
                <Field
                  label="Message"
                  error={err("text")}
                  hint="Tags like {user.mention} are filled in for the member who used it."
                >
                  {(control) => (
                    <textarea
                      {...control}
                      className={cn(inputClass, "h-20 py-2")}
                      value={action.text ?? ""}
                      maxLength={2000}
                      disabled={disabled}
                      onChange={(event) => update(index, { text: event.target.value })}
                    />
                  )}
                </Field>
                <Field label="Where" error={err("target")}>
                  {(control) => (
                    <SelectBox
                      {...control}
                      value={targetMode(action.target)}
                      disabled={disabled}
                      onChange={(event) =>
                        update(index, { target: event.target.value === "channel" ? "" : event.target.value })
                      }
                    >
                      <option value="here">In the channel it was used in</option>
                      <option value="private">Privately, to the member only</option>
                      <option value="channel">In another channel…</option>
                    </SelectBox>
                  )}
                </Field>
                {targetMode(action.target) === "channel" && (
                  <ChannelPicker
                    label="Channel"
                    value={action.target || null}
                    onChange={(channelId) => update(index, { target: channelId ?? "" })}
                    disabled={disabled}
                    required
                  />
                )}
              </>
            )}
            {action.kind === "post_answers" && (
              <ChannelPicker
                label="Answers channel"
                value={action.channelId ?? null}
                onChange={(channelId) => update(index, { channelId: channelId ?? undefined })}
                error={err("channelId")}
                hint="Each submission is posted there as an embed."
                disabled={disabled}
                required
              />
            )}
            {action.kind === "open_form" && (
              <Field
                label="Form"
                error={err("formId")}
                hint={
                  forms.length === 0
                    ? "This server has no form yet: create one here first (Kind: Form)."
                    : "Opening a form must be the only action of its trigger."
                }
              >
                {(control) => (
                  <SelectBox
                    {...control}
                    value={action.formId ?? ""}
                    disabled={disabled}
                    onChange={(event) => update(index, { formId: event.target.value })}
                  >
                    <option value="">Pick a form…</option>
                    {forms.map((form) => (
                      <option key={form.componentId} value={form.componentId}>
                        {form.name}
                      </option>
                    ))}
                  </SelectBox>
                )}
              </Field>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={disabled || actions.length >= max || opensForm}
        onClick={() => onChange([...actions, { key: newKey(), kind: "toggle_role" }])}
        title={opensForm ? "A trigger that opens a form runs nothing else" : undefined}
      >
        <PlusIcon className="size-4" />
        Add an action
      </button>
    </fieldset>
  );
}
