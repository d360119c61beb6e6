import type { Role } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDashboardSession } from "../../session/session-context";
import { rolesQuery } from "../api";
import { PickerCombobox } from "./combobox";
import { nameMatches } from "./picker-data";
import { RoleDot } from "./role-dot";

interface RolePickerBase {
  label: string;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  /**
   * Offers roles the role-safety rule refuses too. Only for uses that never give the role (a ping, a
   * filter); by default those roles are shown disabled with the rule's reason.
   */
  allowUnsafe?: boolean;
  /**
   * The field's own rule in place of the role-safety verdict: why a role can't be chosen here, or
   * undefined (Statica's rewards judge roles as the bot gives them, with no one asking).
   */
  refuse?: (role: Role) => string | undefined;
  /** Roles not to offer (chosen in another field). */
  exclude?: ReadonlySet<string>;
}

export interface RolePickerProps extends RolePickerBase {
  value: string | null;
  onChange: (id: string | null) => void;
  /** Hides the clear button, for a field that must name a role. */
  required?: boolean;
}

export interface RoleMultiPickerProps extends RolePickerBase {
  value: readonly string[];
  onChange: (ids: string[]) => void;
  max?: number;
}

/** A chosen role the server no longer has: still shown, as such. */
function unknownRole(id: string): Role {
  return {
    id,
    name: `deleted-role-${id.slice(-4)}`,
    color: 0,
    position: 0,
    managed: false,
    unsafeReason: null,
  };
}

function useRoleOptions(
  query: string,
  { allowUnsafe, refuse, exclude }: Pick<RolePickerBase, "allowUnsafe" | "refuse" | "exclude">,
) {
  const { serverId } = useDashboardSession();
  const roles = useQuery(rolesQuery(serverId));
  const items = (roles.data ?? []).filter((role) => !exclude?.has(role.id) && nameMatches(role.name, query));
  const find = (id: string) =>
    roles.data?.find((role) => role.id === id) ?? (roles.data ? unknownRole(id) : null);
  const status = {
    loading: roles.isPending,
    error: roles.isError
      ? "Couldn't load the roles; they are asked for again when the list next opens."
      : null,
    empty: query ? `No roles match “${query}”.` : "No roles to offer.",
  };
  const disabledReason = (role: Role) =>
    refuse ? refuse(role) : allowUnsafe ? undefined : (role.unsafeReason ?? undefined);
  const onOpen = () => {
    if (roles.isError) void roles.refetch();
  };
  return { items, find, status, disabledReason, onOpen };
}

const renderRole = (role: Role) => (
  <>
    <RoleDot color={role.color} />
    <span className="truncate">{role.name}</span>
  </>
);

/** Picks one role by name, with its colour; roles Hearth may not give are disabled with the reason. */
export function RolePicker({
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
  placeholder = "Search roles…",
  allowUnsafe,
  refuse,
  exclude,
  required,
}: RolePickerProps) {
  const [query, setQuery] = useState("");
  const options = useRoleOptions(query, { allowUnsafe, refuse, exclude });
  const selected = value === null ? null : options.find(value);
  return (
    <PickerCombobox<Role>
      label={label}
      hint={hint}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      mode="single"
      items={options.items}
      onQueryChange={setQuery}
      selected={selected}
      onSelect={(role) => onChange(role?.id ?? null)}
      itemKey={(role) => role.id}
      itemText={(role) => `@${role.name}`}
      renderItem={renderRole}
      disabledReason={options.disabledReason}
      leading={selected ? <RoleDot color={selected.color} /> : undefined}
      clearable={!required}
      onOpen={options.onOpen}
      status={options.status}
      data-testid="role-picker"
    />
  );
}

/**
 * Picks several roles: the chosen ones as chips (each with a remove button) above a search that
 * adds one at a time; a role is never offered twice, and the count shows against `max`.
 */
export function RoleMultiPicker({
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
  placeholder,
  allowUnsafe,
  refuse,
  exclude,
  max,
}: RoleMultiPickerProps) {
  const [query, setQuery] = useState("");
  const chosen = new Set(value);
  const options = useRoleOptions(query, {
    allowUnsafe,
    refuse,
    exclude: new Set([...(exclude ?? []), ...value]),
  });
  const full = max !== undefined && value.length >= max;
  const chips = value.map((id) => options.find(id) ?? unknownRole(id));
  return (
    <div className="space-y-2" data-testid="role-multi-picker">
      <PickerCombobox<Role>
        label={label}
        hint={hint}
        error={error}
        disabled={disabled || full}
        placeholder={full ? `Limit reached (${max})` : (placeholder ?? "Add a role…")}
        mode="add"
        items={options.items}
        onQueryChange={setQuery}
        selected={null}
        onSelect={(role) => {
          if (role && !chosen.has(role.id)) onChange([...value, role.id]);
        }}
        itemKey={(role) => role.id}
        itemText={(role) => `@${role.name}`}
        renderItem={renderRole}
        disabledReason={options.disabledReason}
        onOpen={options.onOpen}
        status={options.status}
      />
      {chips.length > 0 && (
        <ul aria-label={`${label}: chosen`} className="flex flex-wrap gap-2">
          {chips.map((role) => (
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
      {max !== undefined && (
        <p className="text-xs text-stone-400">
          {value.length}/{max} chosen
        </p>
      )}
    </div>
  );
}
