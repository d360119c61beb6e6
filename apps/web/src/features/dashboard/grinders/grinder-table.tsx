import type { Grinder } from "@hearth/core";
import { useState } from "react";
import { cn } from "../../../lib/cn";
import { useConfirm } from "../shared/confirm";
import { formatAmount, shortDate } from "../shared/format";
import { PauseIcon, TrashIcon } from "../shared/icons";
import { useRemoveGrinder, useToggleBreak } from "./api";
import { isOnBreak, memberInitials, memberName, paymentTime, recordTail } from "./display";
import { HistoryDrawer } from "./history-drawer";

const cell = "px-4 py-3 align-top max-md:block max-md:p-0";
const mobileLabel = "mb-0.5 block text-xs font-medium text-stone-400 md:hidden";

function StatusBadges({ grinder }: { grinder: Grinder }) {
  const onBreak = isOnBreak(grinder);
  return (
    <div className="flex flex-wrap gap-1.5">
      <span
        className={cn(
          "inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold",
          grinder.paid
            ? "border-emerald-400/30 bg-emerald-400/10 text-emerald-200"
            : "border-amber-400/30 bg-amber-400/10 text-amber-200",
        )}
      >
        {grinder.paid ? "Paid" : "Unpaid"}
      </span>
      {onBreak && (
        <span className="inline-flex rounded-full border border-sky-400/30 bg-sky-400/10 px-2 py-0.5 text-xs font-semibold text-sky-200">
          On break{grinder.breakUntil ? ` until ${shortDate(grinder.breakUntil)}` : ""}
        </span>
      )}
    </div>
  );
}

function Row({ grinder, serverId }: { grinder: Grinder; serverId: string }) {
  const toggleBreak = useToggleBreak(serverId);
  const remove = useRemoveGrinder(serverId);
  const confirm = useConfirm();
  const [historyOpen, setHistoryOpen] = useState(false);
  const name = memberName(grinder);
  const lastPaid = paymentTime(grinder.lastPaymentTimestamp);

  const askRemove = async () => {
    const ok = await confirm({
      title: "Remove grinder?",
      body: (
        <>
          <strong className="text-stone-100">{name}</strong> loses the grinder and {grinder.tier} roles, and
          the record is archived.
        </>
      ),
      confirmLabel: "Remove",
      destructive: true,
    });
    if (ok) remove.mutate(grinder._id);
  };

  return (
    <tr className="group border-white/[0.06] transition-colors hover:bg-white/[0.02] focus-within:bg-white/[0.02] md:border-t max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:rounded-xl max-md:border max-md:bg-ink-900/60 max-md:p-4">
      <td className={cn(cell, "max-md:col-span-2")}>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-ember-500/30 to-ember-700/30 font-mono text-xs font-bold text-ember-100"
          >
            {memberInitials(grinder.userId)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-medium text-stone-100">{name}</p>
            <p className="truncate font-mono text-xs text-stone-400">
              {grinder.userId} · #{recordTail(grinder._id)}
            </p>
            {grinder.hiredBy && (
              <p className="truncate text-xs text-stone-400">
                Hired by {grinder.hiredByName ?? `…${grinder.hiredBy.slice(-4)}`}
              </p>
            )}
          </div>
        </div>
      </td>
      <td className={cell}>
        <span className={mobileLabel}>Tier</span>
        <span className="inline-flex rounded-md bg-white/5 px-2 py-0.5 text-sm font-medium text-stone-200">
          {grinder.tier}
        </span>
      </td>
      <td className={cell}>
        <span className={mobileLabel}>Payment</span>
        <p className="font-medium text-stone-100 tabular-nums">{formatAmount(grinder.payment)}</p>
        {grinder.leftoverPayment > 0 && (
          <p className="text-xs text-emerald-300 tabular-nums">
            +{formatAmount(grinder.leftoverPayment)} leftover
          </p>
        )}
        <p className="text-xs text-stone-400">
          {lastPaid ? `Last paid ${shortDate(lastPaid)}` : "No payment yet"}
        </p>
      </td>
      <td className={cell}>
        <span className={mobileLabel}>Status</span>
        <StatusBadges grinder={grinder} />
      </td>
      <td className={cn(cell, "text-sm text-stone-300")}>
        <span className={mobileLabel}>Hired</span>
        {shortDate(grinder.hiredAt)}
      </td>
      <td className={cn(cell, "max-md:col-span-2 md:text-right")}>
        {/* Shown on hover and on keyboard focus; always shown on narrow screens and where there is no mouse. */}
        <div className="flex flex-wrap gap-2 transition-opacity md:pointer-fine:opacity-0 md:pointer-fine:group-hover:opacity-100 group-focus-within:opacity-100 md:justify-end motion-reduce:transition-none">
          <button
            type="button"
            onClick={() => setHistoryOpen(true)}
            aria-label={`History of ${name}`}
            aria-haspopup="dialog"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-white/10 bg-white/5 px-2.5 text-xs font-semibold text-stone-200 hover:border-ember-400/40 hover:text-ember-200"
          >
            History
          </button>
          <button
            type="button"
            onClick={() => toggleBreak.mutate(grinder._id)}
            disabled={toggleBreak.isPending}
            aria-label={`Toggle Break for ${name}`}
            title={isOnBreak(grinder) ? "End the break" : "Start a break"}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-white/10 bg-white/5 px-2.5 text-xs font-semibold text-stone-200 hover:border-sky-400/40 hover:text-sky-200 disabled:opacity-50"
          >
            <PauseIcon className="size-3.5" />
            Toggle Break
          </button>
          <button
            type="button"
            onClick={askRemove}
            disabled={remove.isPending}
            aria-label={`Remove ${name}`}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-white/10 bg-white/5 px-2.5 text-xs font-semibold text-stone-200 hover:border-red-400/40 hover:text-red-200 disabled:opacity-50"
          >
            <TrashIcon className="size-3.5" />
            Remove
          </button>
        </div>
        {historyOpen && (
          <HistoryDrawer serverId={serverId} grinder={grinder} onClose={() => setHistoryOpen(false)} />
        )}
      </td>
    </tr>
  );
}

/** The roster: Member, Tier, Payment, Status, Hired, Actions (spec §2); cards below md. */
export function GrinderTable({ grinders, serverId }: { grinders: readonly Grinder[]; serverId: string }) {
  return (
    <table aria-label="Grinders" className="w-full text-left text-sm max-md:block">
      <thead className="text-xs tracking-wider text-stone-400 uppercase max-md:hidden">
        <tr>
          {["Member", "Tier", "Payment", "Status", "Hired"].map((column) => (
            <th key={column} scope="col" className="px-4 pb-3 font-semibold">
              {column}
            </th>
          ))}
          <th scope="col" className="px-4 pb-3 text-right font-semibold">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
        {grinders.map((grinder) => (
          <Row key={grinder._id} grinder={grinder} serverId={serverId} />
        ))}
      </tbody>
    </table>
  );
}
