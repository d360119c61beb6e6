import {
  type Grinder,
  type GrinderPayment,
  type GrindersListQuery,
  type GrindersQuery,
  nextCursor,
  type Page,
  type PaymentPeriod,
  pageOffset,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { paymentPeriodOf } from "./config.ts";
import {
  countActiveGrinders,
  findActiveGrinderByUser,
  findGrinder,
  type GrinderWithTier,
  listActiveGrinders,
  listPayments,
  pageActiveGrinders,
} from "./store.ts";
import { toGrinder } from "./view.ts";

/** Reading the roster: lists, one grinder, payment histories. */

export async function periodOf(deps: Pick<AppContext, "storage">, serverId: string): Promise<PaymentPeriod> {
  return paymentPeriodOf(deps.storage.db, serverId);
}

/** An active record of the server by id, or 404. */
export async function requireActive(deps: Pick<AppContext, "storage">, serverId: string, id: string) {
  const row = await findGrinder(deps.storage.db, serverId, id);
  if (!row || row.archived_at !== null) throw notFound(`No grinder with id ${id}`);
  return row;
}

/** Active grinders, newest hire first unless asked otherwise. */
export async function listGrinders(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  query: GrindersQuery = {},
): Promise<Grinder[]> {
  const [period, rows] = await Promise.all([
    periodOf(deps, serverId),
    listActiveGrinders(deps.storage.db, serverId),
  ]);
  const now = Date.now();
  const tierKey = query.tier?.trim().toLowerCase();
  const selected = tierKey
    ? rows.filter((row) => (row.current_tier_name ?? row.tier_name).toLowerCase() === tierKey)
    : rows;
  const sign = (query.order ?? "desc") === "desc" ? -1 : 1;
  const primary: Record<NonNullable<GrindersQuery["sort"]>, (row: GrinderWithTier) => number> = {
    hiredAt: (row) => row.hired_at,
    payment: (row) => row.tier_payment ?? 0,
    tier: (row) => row.tier_position ?? -1,
  };
  const key = primary[query.sort ?? "hiredAt"];
  return selected
    .sort((a, b) => sign * (key(a) - key(b) || a.hired_at - b.hired_at || a.id.localeCompare(b.id)))
    .map((row) => toGrinder(row, period, now));
}

/**
 * A page of the active grinders (`GET …/grinders`): filtered, sorted and cut by the database, so a
 * page of a 1,000-grinder roster reads and rolls forward only its own rows.
 */
export async function pageGrinders(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  query: GrindersListQuery,
): Promise<Page<Grinder>> {
  const tierKey = query.tier?.trim().toLowerCase() || undefined;
  const offset = pageOffset(query);
  const [period, rows, total] = await Promise.all([
    periodOf(deps, serverId),
    pageActiveGrinders(deps.storage.db, serverId, {
      tierKey,
      sort: query.sort ?? "hiredAt",
      order: query.order ?? "desc",
      limit: query.limit,
      offset,
    }),
    countActiveGrinders(deps.storage.db, serverId, tierKey),
  ]);
  const now = Date.now();
  return {
    items: rows.map((row) => toGrinder(row, period, now)),
    total,
    next: nextCursor(offset, rows.length, total),
  };
}

/** `paid` or unpaid active grinders, in the list's default order. */
export async function listGrindersByStatus(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  paid: boolean,
): Promise<Grinder[]> {
  return (await listGrinders(deps, serverId)).filter((grinder) => grinder.paid === paid);
}

/** The active grinder record of a member, or null when they aren't on the team. */
export async function findGrinderByUser(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
): Promise<Grinder | null> {
  const row = await findActiveGrinderByUser(deps.storage.db, serverId, userId);
  if (!row) return null;
  return toGrinder(row, await periodOf(deps, serverId), Date.now());
}

/** Payment history of one record of the server (archived ones too), newest first. */
export async function listGrinderPayments(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  id: string,
): Promise<GrinderPayment[]> {
  const row = await findGrinder(deps.storage.db, serverId, id);
  if (!row) throw notFound(`No grinder with id ${id}`);
  const payments = await listPayments(deps.storage.db, serverId, id);
  return payments.map((payment) => ({
    id: payment.id,
    action: payment.action,
    amount: payment.amount,
    periodStart: payment.period_start,
    periodTotal: payment.period_total,
    recordedBy: payment.recorded_by,
    createdAt: payment.created_at,
  }));
}
