import { useId } from "react";
import { Field, SelectBox } from "./form-controls";

export interface RoleOption {
  id: string;
  name: string;
  color: number;
  /** Why it can't be picked, when it can't. */
  disabledReason?: string;
}

/** Discord's role colour as CSS; 0 means "no colour", shown grey. */
export function roleColor(color: number): string {
  return color === 0 ? "#99aab5" : `#${color.toString(16).padStart(6, "0")}`;
}

export function RoleDot({ color }: { color: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-2.5 shrink-0 rounded-full"
      style={{ backgroundColor: roleColor(color) }}
    />
  );
}

interface RolePickerProps {
  label: string;
  options: readonly RoleOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Roles chosen elsewhere (another list): not offered here. */
  exclude?: ReadonlySet<string>;
  max?: number;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

/**
 * A multi-select of roles: the chosen ones as chips with a remove button each, and a select that
 * offers only roles not chosen yet, so a role can never be added twice.
 */
export function RolePicker({
  label,
  options,
  value,
  onChange,
  exclude,
  max,
  hint,
  error,
  disabled,
}: RolePickerProps) {
  const listId = useId();
  const chosen = value.map(
    (id) => options.find((role) => role.id === id) ?? { id, name: `Unknown role ${id.slice(-4)}`, color: 0 },
  );
  const available = options.filter((role) => !value.includes(role.id) && !exclude?.has(role.id));
  const full = max !== undefined && value.length >= max;

  return (
    <Field label={label} hint={hint} error={error} aside={max ? `${value.length}/${max}` : undefined}>
      {(control) => (
        <div className="space-y-2">
          {chosen.length > 0 && (
            <ul id={listId} aria-label={`${label}: chosen`} className="flex flex-wrap gap-2">
              {chosen.map((role) => (
                <li
                  key={role.id}
                  className="inline-flex items-center gap-1.5 rounded-full border border-white/10 bg-white/5 py-1 pr-1 pl-2.5 text-sm text-stone-100"
                >
                  <RoleDot color={role.color} />
                  {role.name}
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onChange(value.filter((id) => id !== role.id))}
                    aria-label={`Remove ${role.name} from ${label}`}
                    className="ml-0.5 flex size-5 items-center justify-center rounded-full text-stone-400 hover:bg-white/10 hover:text-stone-50"
                  >
                    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
                      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <SelectBox
            {...control}
            value=""
            disabled={disabled || full || available.length === 0}
            onChange={(event) => {
              if (event.target.value) onChange([...value, event.target.value]);
            }}
          >
            <option value="">
              {full ? "Limit reached" : available.length === 0 ? "No more roles to add" : "Add a role…"}
            </option>
            {available.map((role) => (
              <option key={role.id} value={role.id} disabled={role.disabledReason !== undefined}>
                {role.name}
                {role.disabledReason ? ` (${role.disabledReason})` : ""}
              </option>
            ))}
          </SelectBox>
        </div>
      )}
    </Field>
  );
}
