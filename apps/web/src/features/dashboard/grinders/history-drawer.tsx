import {
  type Grinder,
  type GrinderBreakEvent,
  type GrinderPayment,
  type MemberNames,
  type PaymentAction,
  readAmount,
} from "@hearth/core";
import { type FormEvent, useId, useRef, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { Field, inputClass, selectClass } from "../shared/form-controls";
import { formatAmount, shortDateTime } from "../shared/format";
import { Pager } from "../shared/pager";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { memberName } from "./display";
import { type HistoryKind, historyPageSize, useGrinderHistory, useRecordPayment } from "./history-api";

/** The member by name when Discord could name them, else the end of their id. */
const who = (userId: string | null, names: MemberNames = {}) =>
  userId ? (names[userId] ?? `…${userId.slice(-4)}`) : "Hearth (timed)";

function PaymentRow({ payment, names }: { payment: GrinderPayment; names?: MemberNames }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-stone-100">
          {payment.action === "add" ? "+" : "Set to "}
          {formatAmount(payment.amount)}
        </p>
        <p className="text-xs text-stone-400">
          {shortDateTime(payment.createdAt)}
          {payment.recordedBy ? ` · by ${who(payment.recordedBy, names)}` : ""}
        </p>
      </div>
      <p className="shrink-0 text-right text-xs text-stone-400 tabular-nums">
        Period total
        <br />
        <span className="text-sm text-stone-200">{formatAmount(payment.periodTotal)}</span>
      </p>
    </li>
  );
}

function BreakRow({ event, names }: { event: GrinderBreakEvent; names?: MemberNames }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-stone-100">
          {event.kind === "start" ? "Break started" : "Break ended"}
        </p>
        <p className="text-xs text-stone-400">
          {shortDateTime(event.at)} · by {who(event.by, names)}
        </p>
      </div>
      {event.until !== null && (
        <p className="shrink-0 text-right text-xs text-stone-400">
          Until
          <br />
          <span className="text-sm text-stone-200">{shortDateTime(event.until)}</span>
        </p>
      )}
    </li>
  );
}

function HistoryList({ serverId, grinder, kind }: { serverId: string; grinder: Grinder; kind: HistoryKind }) {
  const [page, setPage] = useState(1);
  const history = useGrinderHistory(serverId, grinder._id, kind, page);
  const label = kind === "payments" ? "Payments" : "Breaks";
  if (history.isError && !history.data) {
    return (
      <PanelError
        message={`Failed to load ${kind}.`}
        onRetry={() => void history.refetch()}
        error={history.error}
      />
    );
  }
  if (!history.data) return <PanelLoading label={`Loading ${kind}`} rows={4} />;
  const { items, total, names } = history.data;
  if (total === 0) {
    return (
      <EmptyState title={kind === "payments" ? "No payments yet" : "No breaks yet"}>
        {kind === "payments"
          ? "Payments recorded with /grinder payments or here appear in this list."
          : "Breaks started and ended from the dashboard or with /grinder break appear here."}
      </EmptyState>
    );
  }
  return (
    <div>
      <ul aria-label={label} className="divide-y divide-white/[0.06]" aria-busy={history.isFetching}>
        {kind === "payments"
          ? (items as GrinderPayment[]).map((payment) => (
              <PaymentRow key={payment.id} payment={payment} names={names} />
            ))
          : (items as GrinderBreakEvent[]).map((event) => (
              <BreakRow key={event.id} event={event} names={names} />
            ))}
      </ul>
      <Pager
        label={label}
        page={page}
        pageSize={historyPageSize}
        total={total}
        busy={history.isFetching}
        onPage={setPage}
      />
    </div>
  );
}

function RecordPayment({ serverId, grinder }: { serverId: string; grinder: Grinder }) {
  const record = useRecordPayment(serverId, grinder._id);
  const [action, setAction] = useState<PaymentAction>("add");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.trim() === "") return;
    // The server reads amounts with the same parser; refusing here names the problem beside the field.
    const reading = readAmount(amount);
    if (!reading.ok) {
      setError(`Amount ${reading.reason}.`);
      return;
    }
    record.mutate({ action, amount: amount.trim() }, { onSuccess: () => setAmount("") });
  };
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-[8rem_1fr] gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
    >
      <Field label="Action">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={action}
            onChange={(event) => setAction(event.target.value as PaymentAction)}
          >
            <option value="add">Add</option>
            <option value="set">Set total</option>
          </select>
        )}
      </Field>
      <Field label="Amount" error={error}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            inputMode="decimal"
            placeholder="250k"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <button
        type="submit"
        className={cn(buttonClass("primary", "md"), "col-span-2 sm:col-span-1")}
        disabled={amount.trim() === "" || record.isPending}
      >
        {record.isPending ? "Recording…" : "Record payment"}
      </button>
    </form>
  );
}

/** A grinder's payment and break history, paged, opened from the roster row; admins record payments here. */
export function HistoryDrawer({
  serverId,
  grinder,
  onClose,
}: {
  serverId: string;
  grinder: Grinder;
  onClose: () => void;
}) {
  const titleId = useId();
  const [kind, setKind] = useState<HistoryKind>("payments");
  const close = useRef<HTMLButtonElement>(null);
  const { can } = usePermission();
  const name = memberName(grinder);
  const tabs: { id: HistoryKind; label: string }[] = [
    { id: "payments", label: "Payments" },
    { id: "breaks", label: "Breaks" },
  ];
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} initialFocus={close} placement="right">
      <div className="flex items-start justify-between gap-3 border-b border-white/10 p-5">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-lg font-semibold text-stone-50">
            {name}'s history
          </h2>
          <p className="text-sm text-stone-400">
            {grinder.tier} · {formatAmount(grinder.paidThisPeriod)} of {formatAmount(grinder.payment)} this
            period
          </p>
        </div>
        <button ref={close} type="button" onClick={onClose} className={buttonClass("secondary", "sm")}>
          Close
        </button>
      </div>
      <div className="space-y-5 p-5">
        {can("admin") && <RecordPayment serverId={serverId} grinder={grinder} />}
        <fieldset className="flex gap-2">
          <legend className="sr-only">Show</legend>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              aria-pressed={kind === tab.id}
              onClick={() => setKind(tab.id)}
              className={cn(
                "rounded-full border px-3.5 py-1.5 text-sm font-medium",
                kind === tab.id
                  ? "border-ember-400 bg-ember-500 text-ink-950"
                  : "border-white/10 bg-white/5 text-stone-300 hover:text-stone-50",
              )}
            >
              {tab.label}
            </button>
          ))}
        </fieldset>
        <HistoryList key={kind} serverId={serverId} grinder={grinder} kind={kind} />
      </div>
    </Dialog>
  );
}
