import type { Channel } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDashboardSession } from "../../session/session-context";
import { channelsQuery } from "../api";
import { PickerCombobox } from "./combobox";
import { type ChannelKind, channelOfKinds, nameMatches } from "./picker-data";

export interface ChannelPickerProps {
  label: string;
  /** Keeps the label for screen readers only (a table cell whose column header says it). */
  hideLabel?: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
  /** Which kinds are offered; text channels by default (the spec's channel fields). */
  kinds?: readonly ChannelKind[];
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  /** Hides the clear button, for a field that must name a channel. */
  required?: boolean;
  /** Channels not to offer (already on a list). */
  exclude?: ReadonlySet<string>;
}

/** The sign Discord shows before a channel of this type. */
export function channelSign(type: number): string {
  if (type === 2 || type === 13) return "🔊";
  if (type === 5) return "📢";
  if (type === 15) return "💬";
  if (type === 4) return "▾";
  return "#";
}

/** A chosen channel the server no longer has: still shown, as such. */
function unknownChannel(id: string): Channel {
  return {
    id,
    name: `deleted-channel-${id.slice(-4)}`,
    type: 0,
    parentId: null,
    parentName: null,
    position: 0,
  };
}

/**
 * Picks one channel of the server by name: Discord's order, the category beside each, only the
 * kinds the field takes (text channels unless `kinds` says more).
 */
export function ChannelPicker({
  label,
  hideLabel,
  value,
  onChange,
  kinds = ["text"],
  hint,
  error,
  disabled,
  placeholder = "Search channels…",
  required,
  exclude,
}: ChannelPickerProps) {
  const { serverId } = useDashboardSession();
  const channels = useQuery(channelsQuery(serverId));
  const [query, setQuery] = useState("");
  const offered = (channels.data ?? []).filter(
    (channel) => channelOfKinds(channel, kinds) && !exclude?.has(channel.id),
  );
  const items = offered.filter((channel) => nameMatches(channel.name, query));
  const selected =
    value === null
      ? null
      : (channels.data?.find((channel) => channel.id === value) ??
        (channels.data ? unknownChannel(value) : null));
  const kindWords = kinds.length === 1 && kinds[0] === "text" ? "text channels" : "channels";

  return (
    <PickerCombobox<Channel>
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      mode="single"
      items={items}
      onQueryChange={setQuery}
      selected={selected}
      onSelect={(channel) => onChange(channel?.id ?? null)}
      itemKey={(channel) => channel.id}
      itemText={(channel) =>
        channel.type === 4 ? channel.name : `${channelSign(channel.type)}${channel.name}`
      }
      renderItem={(channel) => (
        <>
          <span aria-hidden="true" className="w-4 shrink-0 text-center text-stone-400">
            {channelSign(channel.type)}
          </span>
          <span className="truncate">{channel.name}</span>
          {channel.parentName && (
            <span className="ml-auto shrink-0 truncate pl-2 text-xs text-stone-400 uppercase">
              {channel.parentName}
            </span>
          )}
        </>
      )}
      clearable={!required}
      onOpen={() => {
        if (channels.isError) void channels.refetch();
      }}
      status={{
        loading: channels.isPending,
        error: channels.isError
          ? "Couldn't load the channels; they are asked for again when the list next opens."
          : null,
        empty: query ? `No ${kindWords} match “${query}”.` : `This server has no ${kindWords}.`,
      }}
      data-testid="channel-picker"
    />
  );
}
