import { type Grinder, type PaymentAction, parseAmount } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { grinderLockScope, paymentPeriodOf } from "./config.ts";
import { applyPayment, rollLedger } from "./periods.ts";
import { periodOf, requireActive } from "./roster.ts";
import { rosterChanged } from "./roster-cache.ts";
import { findActiveGrinderByUser, findGrinder, insertPayment, updateActiveGrinder } from "./store.ts";
import { switchTierIfEarned } from "./tier-switch.ts";
import { owedBy, storedLedger, toGrinder } from "./view.ts";

/**
 * Records a payment of an active grinder (the bot's `/grinder payments`): `add` adds to the current
 * period's total, `set` replaces it. `paid` follows from total + carried leftover against the tier's
 * payment; an overpayment carries into the next period. Refused while the grinder is on a break.
 * When the period's payments reach a higher tier's payment, the grinder may move up (see
 * `switchTierIfEarned`); `promotedFrom` then names the tier they left.
 */
export async function recordPayment(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  userId: string,
  amount: number | string,
  options: { action: PaymentAction; by: string | null; tokenId?: string | null },
): Promise<Grinder & { promotedFrom?: string }> {
  const value = parseAmount(amount);
  if (value === null || (options.action === "add" && value <= 0)) {
    throw badRequest("amount: must be a positive amount such as 250000, 250k or 1.5m", "amount");
  }
  const actor = { tokenId: options.tokenId ?? null, userId: options.by };
  const grinder = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const row = await findActiveGrinderByUser(trx, serverId, userId);
    if (!row) throw notFound(`User ${userId} is not an active grinder`);
    if (row.on_break === 1) {
      throw conflict(`userId: ${row.display_name ?? userId} is on a break; end the break first`, "userId");
    }
    const period = await paymentPeriodOf(trx, serverId);
    const now = Date.now();
    const before = rollLedger(storedLedger(row), owedBy(row), period, now);
    const after = applyPayment(before, options.action, value);
    await updateActiveGrinder(trx, serverId, row.id, {
      period_start: after.periodStart,
      period_total: after.periodTotal,
      leftover_payment: after.leftover,
      last_payment_at: now,
    });
    await insertPayment(trx, {
      server_id: serverId,
      grinder_id: row.id,
      user_id: userId,
      action: options.action,
      amount: value,
      period_start: after.periodStart,
      period_total: after.periodTotal,
      leftover_payment: after.leftover,
      recorded_by: options.by,
      created_at: now,
    });
    await recordAudit(trx, serverId, actor, "grinders.payment", {
      id: row.id,
      userId,
      action: options.action,
      amount: value,
      before: { periodTotal: before.periodTotal, leftover: before.leftover },
      after: { periodTotal: after.periodTotal, leftover: after.leftover },
    });
    const updated = await findGrinder(trx, serverId, row.id);
    if (!updated) throw notFound(`User ${userId} is not an active grinder`);
    return toGrinder(updated, period, now);
  });
  rosterChanged(serverId);
  const switched = await switchTierIfEarned(deps, serverId, grinder._id, actor);
  if (!switched) return grinder;
  const period = await periodOf(deps, serverId);
  return {
    ...toGrinder(await requireActive(deps, serverId, grinder._id), period, Date.now()),
    promotedFrom: switched.from,
  };
}
