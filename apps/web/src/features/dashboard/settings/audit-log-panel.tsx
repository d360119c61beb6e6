import type { AuditEntryView, AuditPage } from "@hearth/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { dashboardRequest } from "../../../lib/api-client";
import { channelsQuery, rolesQuery } from "../shared/api";
import { Card } from "../shared/card";
import { selectClass } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { ClockIcon } from "../shared/icons";
import { Pager } from "../shared/pager";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { PickerCombobox } from "../shared/pickers/combobox";
import { nameMatches } from "../shared/pickers/picker-data";
import { dashboardKeys } from "../shared/query-keys";

const pageSize = 20;

/** "grinders.break.start" → "Break start", under its feature's label. */
function actionLabel(action: string): string {
  const rest = action.split(".").slice(1).join(" ").replaceAll("-", " ");
  const text = rest || action;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Names for the ids a summary holds: members (from the API), channels and roles (the server's lists). */
type Namer = (id: string) => string | null;

/** What people call the setting keys and fields entries record. */
const keyLabels: Record<string, string> = {
  userId: "Member",
  id: "Record",
  channelId: "Channel",
  roleId: "Role",
  tierRoleId: "Tier role",
  grinderBaseRoleId: "Grinder base role",
  managerRoleId: "Manager role",
  paymentsChannelId: "Payments channel",
  logChannelId: "Log channel",
  ticketCategoryId: "Ticket category",
  poolManagerId: "Pool manager",
  memberTriggerLimit: "Member trigger limit",
  antiPoolShow: "Anti-pool protection",
  tipsEvery: "Tip frequency",
  heistImageUrl: "Heist image",
  gameBotIds: "Game bots",
  tierName: "Tier",
  tierPayment: "Payment",
};

/** `memberTriggerLimit` → "Member trigger limit", unless it has a label of its own. */
export function keyLabel(key: string): string {
  const known = keyLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A summary value as a reader wants it: a change as "before → after", a list comma-separated, a
 * nested record as "key value" pairs, an id as the member's, channel's or role's name; never
 * JSON's braces and quotes.
 */
function valueText(value: unknown, key = "", name: Namer = () => null): string {
  if (typeof value === "string" && /^\d{17,20}$/.test(value)) return name(value) ?? `…${value.slice(-4)}`;
  // Times are stored as epoch milliseconds under names like startsAt, endsAt or until.
  if (typeof value === "number" && /(At|until|Until)$/.test(key) && value > 1e11) return shortDateTime(value);
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value))
    return value.length === 0 ? "none" : value.map((item) => valueText(item, key, name)).join(", ");
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 2 && "before" in record && "after" in record) {
      return `${valueText(record.before, key, name)} → ${valueText(record.after, key, name)}`;
    }
    return `(${keys.map((inner) => `${keyLabel(inner).toLowerCase()} ${valueText(record[inner], inner, name)}`).join(", ")})`;
  }
  return String(value);
}

/** The summary's fields as short "Label: value" pairs, at most 6. */
export function summaryText(summary: Record<string, unknown>, name: Namer = () => null): string {
  const parts = Object.entries(summary)
    .filter(([, value]) => value !== null && value !== undefined)
    .slice(0, 6)
    .map(([key, value]) => `${keyLabel(key)}: ${valueText(value, key, name)}`);
  const text = parts.join(" · ");
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

const viaLabel: Record<AuditEntryView["via"], string> = {
  dashboard: "Dashboard",
  discord: "Discord",
  system: "Hearth",
};

function Entry({ entry, name }: { entry: AuditEntryView; name: Namer }) {
  const actor = entry.actor ? (entry.actor.name ?? `…${entry.actor.id.slice(-4)}`) : "Hearth";
  return (
    <li className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <p className="text-xs text-stone-400 tabular-nums">
        <time dateTime={new Date(entry.createdAt).toISOString()}>{shortDateTime(entry.createdAt)}</time>
      </p>
      <div className="min-w-0">
        <p className="text-sm text-stone-100">
          <span className="mr-2 inline-flex rounded-md bg-white/5 px-1.5 py-0.5 text-xs font-medium text-stone-300">
            {entry.feature}
          </span>
          <span className="font-medium">{actionLabel(entry.action)}</span>{" "}
          <span className="text-stone-400">by</span> {actor}
        </p>
        <p className="mt-0.5 text-xs text-stone-400">
          {viaLabel[entry.via]}
          {entry.address ? ` · from ${entry.address}` : ""}
        </p>
        {Object.keys(entry.summary).length > 0 && (
          <p className="mt-1 break-words text-xs text-stone-400">{summaryText(entry.summary, name)}</p>
        )}
      </div>
    </li>
  );
}

type LogMember = AuditPage["members"][number];

/**
 * The Member filter: a searchable picker of the members the log names (those who changed
 * something), by name; cleared, everyone's changes show.
 */
function MemberFilter({
  members,
  loading,
  value,
  onChange,
}: {
  members: readonly LogMember[] | undefined;
  loading: boolean;
  value: string;
  onChange: (id: string) => void;
}) {
  const [query, setQuery] = useState("");
  const label = (member: LogMember) => member.name ?? `Unknown member (${member.id.slice(-4)})`;
  const items = (members ?? []).filter((member) => nameMatches(label(member), query));
  const selected = value
    ? (members?.find((member) => member.id === value) ?? { id: value, name: null })
    : null;
  return (
    <PickerCombobox<LogMember>
      label="Member"
      placeholder="Everyone"
      mode="single"
      items={items}
      onQueryChange={setQuery}
      selected={selected}
      onSelect={(member) => onChange(member?.id ?? "")}
      itemKey={(member) => member.id}
      itemText={label}
      renderItem={(member) => <span className="truncate">{label(member)}</span>}
      status={{
        loading,
        empty: query ? `No one in the log matches “${query}”.` : "No one has changed anything yet.",
      }}
    />
  );
}

/** Who changed what, when and from where: the server's audit log, for owners and administrators. */
export function AuditLogPanel({ serverId }: { serverId: string }) {
  const [page, setPage] = useState(1);
  const [feature, setFeature] = useState("");
  const [member, setMember] = useState("");
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (feature) search.set("feature", feature);
  if (member) search.set("member", member);
  const log = useQuery({
    queryKey: [...dashboardKeys.server(serverId), "audit", page, feature, member],
    queryFn: ({ signal }) => dashboardRequest<AuditPage>(`/api/dashboard/audit?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });

  const channels = useQuery(channelsQuery(serverId));
  const roles = useQuery(rolesQuery(serverId));
  const name: Namer = (id) => {
    const member = log.data?.names?.[id];
    if (member) return member;
    const channel = channels.data?.find((candidate) => candidate.id === id);
    if (channel) return `#${channel.name}`;
    const role = roles.data?.find((candidate) => candidate.id === id);
    return role ? `@${role.name}` : null;
  };

  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Card
      title="Audit log"
      description="Every change to this server's Hearth setup: who made it, when, and from where."
      icon={<ClockIcon />}
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-200">
          Feature
          <select
            className={selectClass}
            value={feature}
            onChange={(event) => filter(() => setFeature(event.target.value))}
          >
            <option value="">All features</option>
            {(log.data?.features ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <MemberFilter
          members={log.data?.members}
          loading={!log.data}
          value={member}
          onChange={(id) => filter(() => setMember(id))}
        />
      </div>
      {log.isError && !log.data ? (
        <PanelError
          message="Failed to load the audit log."
          onRetry={() => void log.refetch()}
          error={log.error}
        />
      ) : !log.data ? (
        <PanelLoading label="Loading the audit log" rows={5} />
      ) : log.data.total === 0 ? (
        <EmptyState title="Nothing recorded yet">
          {feature || member
            ? "No entries match these filters."
            : "Changes made from the dashboard or with Hearth's commands appear here."}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label="Audit log entries"
            aria-busy={log.isFetching}
            className="divide-y divide-white/[0.06]"
          >
            {log.data.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} name={name} />
            ))}
          </ul>
          <Pager
            label="Audit log"
            page={page}
            pageSize={pageSize}
            total={log.data.total}
            busy={log.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </Card>
  );
}
