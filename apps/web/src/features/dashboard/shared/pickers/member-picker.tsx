import type { DashboardMember } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { cn } from "../../../../lib/cn";
import { useDashboardSession } from "../../session/session-context";
import { useDebounced } from "../use-debounced";
import { PickerCombobox } from "./combobox";
import { memberSearchLimit, memberSearchQuery, membersByIdQuery, unknownMember } from "./picker-data";

export interface MemberPickerProps {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  /** "only": bots alone (a game bot); "exclude": people alone. Both by default. */
  bots?: "only" | "exclude";
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  /** Hides the clear button, for a field that must name a member. */
  required?: boolean;
  /** Members not to offer (already on a list). */
  exclude?: ReadonlySet<string>;
}

const avatarColors = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#9b84ec"];

/** A member's avatar, or Discord's coloured initial when they have none. */
export function MemberAvatar({ member, size = "sm" }: { member: DashboardMember; size?: "sm" | "md" }) {
  const box = size === "sm" ? "size-5 text-[10px]" : "size-8 text-sm";
  if (member.avatarUrl)
    return <img src={member.avatarUrl} alt="" className={cn(box, "shrink-0 rounded-full object-cover")} />;
  const color = avatarColors[Number(BigInt(member.id) % 6n)] ?? avatarColors[0];
  return (
    <span
      aria-hidden="true"
      className={cn(box, "flex shrink-0 items-center justify-center rounded-full font-semibold text-white")}
      style={{ backgroundColor: color }}
    >
      {member.displayName.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * Picks one member by searching the server (`GET /api/dashboard/members`, a pause in typing per
 * search): avatar, display name and @username, bots marked. When Discord can't be asked the
 * list says so.
 */
export function MemberPicker({
  label,
  value,
  onChange,
  bots,
  hint,
  error,
  disabled,
  placeholder = "Search by name, or paste a user id…",
  required,
  exclude,
}: MemberPickerProps) {
  const { serverId } = useDashboardSession();
  const [query, setQuery] = useState("");
  const settled = useDebounced(query.trim(), 250);
  // A pasted user id finds that member (Discord's "Copy User ID" still works here).
  const pastedId = /^\d{17,20}$/.test(settled) ? settled : null;
  const byName = useQuery({
    ...memberSearchQuery(serverId, settled),
    enabled: !disabled && pastedId === null,
  });
  const byId = useQuery({
    ...membersByIdQuery(serverId, pastedId ? [pastedId] : []),
    enabled: pastedId !== null,
  });
  const search =
    pastedId === null
      ? byName
      : { ...byId, data: byId.data ? { members: byId.data, nextCursor: null, note: null } : undefined };
  const chosen = useQuery(membersByIdQuery(serverId, value === null ? [] : [value]));
  const selected =
    value === null
      ? null
      : (chosen.data?.find((member) => member.id === value) ?? (chosen.data ? unknownMember(value) : null));
  const items = (search.data?.members ?? []).filter(
    (member) =>
      !exclude?.has(member.id) && (bots === undefined || (bots === "only" ? member.bot : !member.bot)),
  );
  const more = search.data?.nextCursor != null;
  const who = bots === "only" ? "bots" : "members";

  return (
    <PickerCombobox<DashboardMember>
      label={label}
      hint={hint}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      mode="single"
      items={items}
      onQueryChange={setQuery}
      selected={selected}
      onSelect={(member) => onChange(member?.id ?? null)}
      itemKey={(member) => member.id}
      itemText={(member) => `${member.displayName} (@${member.username})`}
      renderItem={(member) => (
        <>
          <MemberAvatar member={member} />
          <span className="truncate">{member.displayName}</span>
          <span className="truncate text-xs text-stone-400">@{member.username}</span>
          {member.bot && (
            <span className="shrink-0 rounded bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">
              APP
            </span>
          )}
        </>
      )}
      leading={selected ? <MemberAvatar member={selected} /> : undefined}
      clearable={!required}
      onOpen={() => {
        if (search.isError) void search.refetch();
      }}
      status={{
        loading: search.isPending || (search.isFetching && items.length === 0),
        error: search.isError
          ? "Couldn't search the members; the search runs again when the list next opens."
          : null,
        note:
          search.data?.note ??
          (more ? `Showing the first ${memberSearchLimit}; type more of the name to narrow.` : null),
        empty: settled ? `No ${who} match “${settled}”.` : `No ${who} to offer.`,
      }}
      data-testid="member-picker"
    />
  );
}
