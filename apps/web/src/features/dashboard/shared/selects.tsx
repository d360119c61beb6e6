import type { Channel, Role } from "@hearth/core";
import { ChannelOptions } from "./channel-options";
import { type ControlProps, SelectBox } from "./form-controls";

interface SelectProps extends ControlProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The first option's text; its value is "". */
  none?: string;
}

/**
 * A role select. With `givable` (a role Hearth will give or take: grinder roles, rewards), roles
 * the role-safety rule refuses are shown disabled with the server's reason.
 */
export function RoleSelect({
  roles,
  value,
  onChange,
  none = "None",
  disabled,
  givable = false,
  ...control
}: SelectProps & { roles: readonly Role[]; givable?: boolean }) {
  const missing = value !== "" && !roles.some((role) => role.id === value);
  return (
    <SelectBox
      {...control}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{none}</option>
      {missing && <option value={value}>Unknown role ({value.slice(-4)})</option>}
      {roles.map((role) => {
        const refused = givable && role.unsafeReason ? role.unsafeReason : null;
        return (
          <option key={role.id} value={role.id} disabled={refused !== null && role.id !== value}>
            @{role.name}
            {refused ? ` (can't be given: ${refused})` : ""}
          </option>
        );
      })}
    </SelectBox>
  );
}

/** Channels grouped by category; pass only the types the field accepts (text channels, spec §2). */
export function ChannelSelect({
  channels,
  value,
  onChange,
  none = "None",
  disabled,
  prefix,
  ...control
}: SelectProps & { channels: readonly Pick<Channel, "id" | "name" | "parentName">[]; prefix?: string }) {
  const missing = value !== "" && !channels.some((channel) => channel.id === value);
  return (
    <SelectBox
      {...control}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{none}</option>
      {missing && <option value={value}>Unknown channel ({value.slice(-4)})</option>}
      <ChannelOptions channels={channels} prefix={prefix} />
    </SelectBox>
  );
}
