import { type Grinder, type PaymentAction, type PaymentPeriod, readAmount } from "@hearth/core";
import type { Transaction } from "kysely";
import { transactionForServer } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { countGrinderPayment } from "../insights/service.ts";
import { amount as formatAmount } from "./bot-views.ts";
import { grinderLockScope, paymentPeriodOf } from "./config.ts";
import { type LogDeps, logGrinderEvent, postPayment } from "./log-channel.ts";
import { applyPayment, rollLedger } from "./periods.ts";
import { refuseSelf } from "./role-changes.ts";
import { periodOf, requireActive } from "./roster.ts";
import { rosterChanged } from "./roster-cache.ts";
import {
  findActiveGrinderByUser,
  findGrinder,
  type GrinderWithTier,
  insertPayment,
  updateActiveGrinder,
} from "./store.ts";
import { switchTierIfEarned } from "./tier-switch.ts";
import { owedBy, storedLedger, toGrinder } from "./view.ts";

/** Checks an amount the way every payment is checked: a positive number, or 0 for `set`. */
export function requirePaymentAmount(
  amount: number | string,
  action: PaymentAction,
  field = "amount",
): number {
  const reading = readAmount(amount);
  if (!reading.ok && reading.misreadable) throw badRequest(`${field}: ${reading.reason}`, field);
  if (!reading.ok || (action === "add" && reading.value <= 0)) {
    throw badRequest(`${field}: must be a positive amount such as 250000, 250k or 1.5m`, field);
  }
  return reading.value;
}

/**
 * Writes one payment of an active grinder in `trx`: the ledger rolled forward to `now` with the
 * payment applied, the payment row, and its audit entry.
 */
export async function writePayment(
  trx: Transaction<Database>,
  serverId: string,
  row: GrinderWithTier,
  period: PaymentPeriod,
  payment: { action: PaymentAction; amount: number; actor: AuditActor; now: number },
): Promise<void> {
  const { action, amount: value, actor, now } = payment;
  const before = rollLedger(storedLedger(row), owedBy(row), period, now);
  const after = applyPayment(before, action, value);
  await updateActiveGrinder(trx, serverId, row.id, {
    period_start: after.periodStart,
    period_total: after.periodTotal,
    leftover_payment: after.leftover,
    last_payment_at: now,
  });
  await insertPayment(trx, {
    server_id: serverId,
    grinder_id: row.id,
    user_id: row.user_id,
    action,
    amount: value,
    period_start: after.periodStart,
    period_total: after.periodTotal,
    leftover_payment: after.leftover,
    recorded_by: actor.userId,
    created_at: now,
  });
  await recordAudit(trx, serverId, actor, "grinders.payment", {
    id: row.id,
    userId: row.user_id,
    action,
    amount: value,
    before: { periodTotal: before.periodTotal, leftover: before.leftover },
    after: { periodTotal: after.periodTotal, leftover: after.leftover },
  });
}

/**
 * Records a payment of an active grinder (the bot's `/grinder payments`): `add` adds to the current
 * period's total, `set` replaces it. `paid` follows from total + carried leftover against the tier's
 * payment; an overpayment carries into the next period. Refused while the grinder is on a break.
 * When the period's payments reach a higher tier's payment, the grinder may move up (see
 * `switchTierIfEarned`); `promotedFrom` then names the tier they left. Logged to the log channel.
 */
export async function recordPayment(
  deps: LogDeps,
  serverId: string,
  userId: string,
  amount: number | string,
  options: { action: PaymentAction; by: string | null; tokenId?: string | null; address?: string | null },
): Promise<Grinder & { promotedFrom?: string }> {
  const value = requirePaymentAmount(amount, options.action);
  await refuseSelf(deps, serverId, options.by, userId, "record payments for");
  const actor = { tokenId: options.tokenId ?? null, userId: options.by, address: options.address ?? null };
  const grinder = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const row = await findActiveGrinderByUser(trx, serverId, userId);
    if (!row) throw notFound(`User ${userId} is not an active grinder`);
    if (row.on_break === 1) {
      throw conflict(`userId: ${row.display_name ?? userId} is on a break; end the break first`, "userId");
    }
    const period = await paymentPeriodOf(trx, serverId);
    const now = Date.now();
    await writePayment(trx, serverId, row, period, { action: options.action, amount: value, actor, now });
    const updated = await findGrinder(trx, serverId, row.id);
    if (!updated) throw notFound(`User ${userId} is not an active grinder`);
    return toGrinder(updated, period, now);
  });
  rosterChanged(serverId);
  countGrinderPayment(deps, serverId, options.action === "add" ? value : 0);
  const switched = await switchTierIfEarned(deps, serverId, grinder._id, actor);
  const result = switched
    ? {
        ...toGrinder(
          await requireActive(deps, serverId, grinder._id),
          await periodOf(deps, serverId),
          Date.now(),
        ),
        promotedFrom: switched.from,
      }
    : grinder;
  const promoted = switched ? `\n⬆️ Moved up from ${switched.from} to **${result.tier}**.` : "";
  const verb = options.action === "add" ? `Added ${formatAmount(value)} to` : `Set to ${formatAmount(value)}`;
  await logGrinderEvent(deps, serverId, {
    title: "Payment recorded",
    description: `${verb} <@${userId}>'s payments this period${options.by ? ` (by <@${options.by}>)` : ""}: ${formatAmount(result.paidThisPeriod)} of ${formatAmount(result.payment)}.${promoted}`,
  });
  await postPayment(deps, serverId, {
    userId,
    action: options.action,
    amount: value,
    by: options.by,
    grinder: result,
  });
  return result;
}
