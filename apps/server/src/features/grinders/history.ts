import type {
  GrinderBreakEvent,
  GrinderBreakHistory,
  GrinderPaymentHistory,
  HistoryQuery,
  RecordPaymentBody,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import type { AuditActor } from "../audit/service.ts";
import { auditOfSubject, namesOf } from "../audit/service.ts";
import type { LogDeps } from "./log-channel.ts";
import { recordPayment } from "./payments.ts";
import { requireActive } from "./roster.ts";
import { findGrinder, type PaymentRow, pagePayments } from "./store.ts";

/*
 * A grinder's history, for the dashboard's drawer and `/grinder profile`: payments from the payment
 * table, breaks from the audit entries every break start and end writes (breaks.ts). Both work for an
 * archived record too, so a removed grinder's history stays readable.
 */

const breakActions = ["grinders.break.start", "grinders.break.end"] as const;

async function requireRecord(deps: Pick<AppContext, "storage">, serverId: string, id: string) {
  const row = await findGrinder(deps.storage.db, serverId, id);
  if (!row) throw notFound(`No grinder with id ${id}`);
  return row;
}

const paymentView = (payment: PaymentRow) => ({
  id: payment.id,
  action: payment.action,
  amount: payment.amount,
  periodStart: payment.period_start,
  periodTotal: payment.period_total,
  recordedBy: payment.recorded_by,
  createdAt: payment.created_at,
});

export async function grinderPaymentHistory(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  id: string,
  query: HistoryQuery,
): Promise<GrinderPaymentHistory> {
  await requireRecord(deps, serverId, id);
  const { rows, total } = await pagePayments(deps.storage.db, serverId, id, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(paymentView), total, page: query.page, pageSize: query.pageSize };
}

/**
 * A history page with the names of the members it mentions (who recorded, who started a break), for
 * the dashboard, which can't show a mention; ids Discord can't name are left out.
 */
export async function withMemberNames<T extends GrinderPaymentHistory | GrinderBreakHistory>(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  history: T,
): Promise<T> {
  const ids = history.items
    .map((item) => ("recordedBy" in item ? item.recordedBy : item.by))
    .filter((id): id is string => id !== null);
  const found = await namesOf(deps, serverId, ids);
  const names: Record<string, string> = {};
  for (const [id, name] of found) if (name !== null) names[id] = name;
  return { ...history, names };
}

export async function grinderBreakHistory(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  id: string,
  query: HistoryQuery,
): Promise<GrinderBreakHistory> {
  await requireRecord(deps, serverId, id);
  const { entries, total } = await auditOfSubject(deps, serverId, breakActions, id, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const items = entries.map(
    (entry): GrinderBreakEvent => ({
      id: entry.id,
      kind: entry.action === "grinders.break.start" ? "start" : "end",
      at: entry.createdAt,
      until: typeof entry.summary.until === "number" ? entry.summary.until : null,
      by: entry.actorUserId,
    }),
  );
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * `POST …/grinders/{id}/payments`: the dashboard records a payment of an active grinder the same way
 * `/grinder payments` does (ledger, audit entry, log channel, payments channel, tier switch).
 */
export async function recordPaymentOf(
  deps: LogDeps,
  serverId: string,
  id: string,
  body: RecordPaymentBody,
  actor: AuditActor,
) {
  const row = await requireActive(deps, serverId, id);
  return recordPayment(deps, serverId, row.user_id, body.amount, {
    action: body.action,
    by: actor.userId,
    tokenId: actor.tokenId,
    address: actor.address,
  });
}
