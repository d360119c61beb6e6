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

export function RoleSelect({
  roles,
  value,
  onChange,
  none = "None",
  disabled,
  ...control
}: SelectProps & { roles: readonly Role[] }) {
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
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          @{role.name}
        </option>
      ))}
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
