import { type ModerationCaseAction, type ModerationCaseView, moderationCaseActions } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useNow } from "../../../lib/use-now";
import { useConfirm } from "../shared/confirm";
import { Field, SelectBox } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { ShieldIcon } from "../shared/icons";
import { Pager } from "../shared/pager";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { MemberPicker } from "../shared/pickers/member-picker";
import { type CaseFilter, caseDetailQuery, casePageSize, casesQuery, useUnban } from "./api";

const actionNames: Record<ModerationCaseAction, string> = {
  ban: "Ban",
  kick: "Kick",
  timeout: "Timeout",
  unban: "Unban",
  warn: "Warning",
};

const actionTones: Record<ModerationCaseAction, string> = {
  ban: "bg-red-500/15 text-red-200",
  kick: "bg-orange-500/15 text-orange-200",
  timeout: "bg-amber-500/15 text-amber-100",
  unban: "bg-emerald-500/15 text-emerald-200",
  warn: "bg-sky-500/15 text-sky-200",
};

function describeDuration(ms: number): string {
  const units: [number, string][] = [
    [7 * 86_400_000, "week"],
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "minute"],
  ];
  for (const [size, name] of units) {
    if (ms >= size && ms % size === 0) {
      const count = ms / size;
      return `${count} ${name}${count === 1 ? "" : "s"}`;
    }
  }
  return `${Math.round(ms / 60_000)} minutes`;
}

/** A temporary ban still running, or a timeout not yet over. */
const isRunning = (entry: ModerationCaseView, now: number) =>
  entry.action === "ban"
    ? entry.expiresAt !== null && entry.endedAt === null
    : entry.action === "timeout" && entry.expiresAt !== null && entry.expiresAt > now;

function status(entry: ModerationCaseView, now: number): string | null {
  if (entry.action === "ban") {
    if (entry.expiresAt === null) return "Permanent";
    return entry.endedAt === null
      ? `Ends ${shortDateTime(entry.expiresAt)}`
      : `Lifted ${shortDateTime(entry.endedAt)}`;
  }
  if (entry.action === "timeout" && entry.expiresAt !== null) {
    return entry.expiresAt > now ? `Ends ${shortDateTime(entry.expiresAt)}` : "Over";
  }
  return null;
}

const memberName = (entry: ModerationCaseView) => entry.targetName ?? `User ${entry.targetId.slice(-4)}`;

function UnbanButton({ serverId, entry }: { serverId: string; entry: ModerationCaseView }) {
  const unban = useUnban(serverId);
  const confirm = useConfirm();
  const temporary = entry.expiresAt !== null;
  const ask = async () => {
    if (
      await confirm({
        title: `Unban ${memberName(entry)}?`,
        body: temporary
          ? "The temporary ban ends now instead of at its scheduled end; they can rejoin with an invite."
          : "They can rejoin with an invite.",
        confirmLabel: "Unban",
        dismissLabel: "Keep the ban",
      })
    ) {
      unban.mutate({
        userId: entry.targetId,
        reason: temporary ? `Ended early (case #${entry.caseNumber})` : null,
      });
    }
  };
  return (
    <button
      type="button"
      className={buttonClass("secondary", "sm")}
      disabled={unban.isPending}
      onClick={() => void ask()}
    >
      {unban.isPending ? "Unbanning…" : temporary ? "Unban now" : "Unban"}
    </button>
  );
}

/** A case opened from the log: everything it records and the member's other cases. */
function CaseDetail({ serverId, caseNumber }: { serverId: string; caseNumber: number }) {
  const detail = useQuery(caseDetailQuery(serverId, caseNumber));
  const now = useNow(60_000);
  if (detail.isPending) return <PanelLoading label={`Loading case #${caseNumber}`} rows={2} />;
  if (detail.isError)
    return (
      <PanelError
        message={`Failed to load case #${caseNumber}.`}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  const { case: entry, history, historyTotal } = detail.data;
  const canUnban = entry.action === "ban" && entry.endedAt === null;
  return (
    <div className="mt-3 space-y-3 rounded-xl border border-white/[0.06] bg-black/20 p-4 text-sm">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-400">Member</dt>
        <dd className="text-stone-100">
          {memberName(entry)} <span className="text-stone-400">({entry.targetId})</span>
        </dd>
        <dt className="text-stone-400">Moderator</dt>
        <dd className="text-stone-100">
          {entry.moderatorId ? (entry.moderatorName ?? entry.moderatorId) : "Hearth"}
        </dd>
        <dt className="text-stone-400">When</dt>
        <dd className="text-stone-100">{shortDateTime(entry.createdAt)}</dd>
        {entry.durationMs !== null && (
          <>
            <dt className="text-stone-400">Duration</dt>
            <dd className="text-stone-100">
              {describeDuration(entry.durationMs)} · {status(entry, now)}
            </dd>
          </>
        )}
        <dt className="text-stone-400">Reason</dt>
        <dd className="whitespace-pre-wrap text-stone-100">{entry.reason ?? "None given"}</dd>
      </dl>
      {canUnban && <UnbanButton serverId={serverId} entry={entry} />}
      {historyTotal > 1 && (
        <div>
          <p className="text-xs font-semibold tracking-wide text-stone-400 uppercase">
            Their cases ({historyTotal})
          </p>
          <ul className="mt-1 space-y-1 text-stone-300">
            {history.map((other) => (
              <li key={other.caseNumber}>
                #{other.caseNumber} · {actionNames[other.action]} · {shortDateTime(other.createdAt)}
                {other.reason ? ` — ${other.reason}` : ""}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function CaseRow({
  serverId,
  entry,
  now,
  open,
  onToggle,
}: {
  serverId: string;
  entry: ModerationCaseView;
  now: number;
  open: boolean;
  onToggle: () => void;
}) {
  const detailId = `case-${entry.caseNumber}-detail`;
  const shown = status(entry, now);
  return (
    <li className="py-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={onToggle}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg text-left focus-visible:ring-2 focus-visible:ring-ember-400 focus-visible:outline-none"
      >
        <span className="text-xs text-stone-400 tabular-nums">#{entry.caseNumber}</span>
        <span className={cn("rounded-md px-2 py-0.5 text-xs font-semibold", actionTones[entry.action])}>
          {actionNames[entry.action]}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium text-stone-100">{memberName(entry)}</span>
        <span className="text-xs text-stone-400">
          {shown ? `${shown} · ` : ""}
          {shortDateTime(entry.createdAt)}
        </span>
      </button>
      {entry.reason && !open && <p className="mt-1 truncate pl-8 text-sm text-stone-400">{entry.reason}</p>}
      <div id={detailId}>{open && <CaseDetail serverId={serverId} caseNumber={entry.caseNumber} />}</div>
    </li>
  );
}

/** The case log: filter by member, action or running temporary bans; open a case for its detail. */
export function CaseLog({ serverId }: { serverId: string }) {
  const [filter, setFilter] = useState<CaseFilter>({ userId: null, action: null, open: false, page: 1 });
  const [opened, setOpened] = useState<number | null>(null);
  const cases = useQuery(casesQuery(serverId, filter));
  const now = useNow(60_000);
  const update = (patch: Partial<CaseFilter>) => setFilter({ ...filter, page: 1, ...patch });
  const filtered = filter.userId !== null || filter.action !== null || filter.open;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <MemberPicker
          label="Member"
          value={filter.userId}
          placeholder="Every member"
          onChange={(userId) => update({ userId })}
        />
        <Field label="Action">
          {(control) => (
            <SelectBox
              {...control}
              value={filter.action ?? ""}
              onChange={(event) =>
                update({ action: (event.target.value || null) as ModerationCaseAction | null, open: false })
              }
            >
              <option value="">Every action</option>
              {moderationCaseActions.map((action) => (
                <option key={action} value={action}>
                  {actionNames[action]}
                </option>
              ))}
            </SelectBox>
          )}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-stone-200">
        <input
          type="checkbox"
          checked={filter.open}
          onChange={(event) => update({ open: event.target.checked, action: null })}
          className="size-4 accent-ember-500"
        />
        Only temporary bans still running
      </label>
      {cases.isPending ? (
        <PanelLoading label="Loading cases" rows={4} />
      ) : cases.isError && !cases.data ? (
        <PanelError
          message="Failed to load the case log."
          error={cases.error}
          onRetry={() => void cases.refetch()}
        />
      ) : cases.data.cases.length === 0 ? (
        <EmptyState title={filtered ? "No cases match" : "No cases yet"} icon={<ShieldIcon />}>
          {filtered
            ? "Try another member or action."
            : "Warnings, timeouts, kicks and bans made here or with /mod are logged as numbered cases."}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Cases" aria-busy={cases.isFetching} className="divide-y divide-white/[0.06]">
            {cases.data.cases.map((entry) => (
              <CaseRow
                key={entry.caseNumber}
                serverId={serverId}
                entry={entry}
                now={now}
                open={opened === entry.caseNumber}
                onToggle={() => setOpened(opened === entry.caseNumber ? null : entry.caseNumber)}
              />
            ))}
          </ul>
          {cases.data.cases.some((entry) => isRunning(entry, now)) && (
            <p className="text-xs text-stone-400">Open a running temporary ban to lift it early.</p>
          )}
          <Pager
            label="Cases"
            page={filter.page}
            pageSize={casePageSize}
            total={cases.data.total}
            busy={cases.isFetching}
            onPage={(page) => setFilter({ ...filter, page })}
          />
        </>
      )}
    </div>
  );
}
