import { z } from "zod";
import { serverIdParams, snowflake } from "./common.ts";
import { pageQuery, pageSizes } from "./paging.ts";
import { tierName } from "./servers.ts";

/**
 * A grinder as the dashboard lists it. Amounts are whole numbers; times are ms since the epoch.
 * `paid`, `paidThisPeriod`, `remaining`, `carryForward` and the period bounds are derived at read
 * time from the payments and the setup's payment period. While a grinder is on a break its
 * accounting is frozen at the break's start (periods spent on a break are not owed).
 */
export const grinder = z.object({
  /** The record id (a grinder hired again gets a new record). */
  _id: z.string(),
  userId: snowflake,
  /** Names as the member had them when last seen by the bot (hire). */
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  tier: z.string(),
  /** What the tier owes per period. */
  payment: z.number(),
  /** Credit carried into this period from earlier overpayments. */
  leftoverPayment: z.number(),
  lastPaymentTimestamp: z.number().int().nullable(),
  /** paidThisPeriod + leftoverPayment >= payment. */
  paid: z.boolean(),
  onBreak: z.boolean(),
  /** Same as onBreak, for older clients. */
  break: z.boolean(),
  breakSince: z.number().int().nullable(),
  /** When a timed break ends by itself; null for a break until toggled back. */
  breakUntil: z.number().int().nullable(),
  hiredAt: z.number().int(),
  /** Same as hiredAt, for older clients. */
  joinedAt: z.number().int(),
  /** The user id of who hired the grinder. */
  hiredBy: z.string().nullable(),
  hiredByName: z.string().nullable(),
  /** Total recorded in the current period. */
  paidThisPeriod: z.number(),
  /** Still due this period: max(0, payment − paidThisPeriod − leftoverPayment). */
  remaining: z.number(),
  /** What carries into the next period if nothing else is paid: the overpayment beyond `payment`. */
  carryForward: z.number(),
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
});
export type Grinder = z.infer<typeof grinder>;

/** `GET /api/grinders/{serverId}/grinders` (and `/paid`, `/unpaid`): active grinders. */
export const grindersResponse = z.array(grinder);

export const grinderSorts = ["hiredAt", "payment", "tier"] as const;

/** Optional query of the list: filter by tier name (any case), sort (default hiredAt, descending). */
export const grindersQuery = z.object({
  tier: z.string().max(100).optional(),
  sort: z.enum(grinderSorts).optional(),
  order: z.enum(["asc", "desc"]).optional(),
});
export type GrindersQuery = z.infer<typeof grindersQuery>;

/**
 * Query of `GET /api/grinders/{serverId}/grinders`: the filter and sort above plus a page
 * (`limit`, default 100, at most 500; `cursor` from `X-Next-Cursor`).
 */
export const grindersListQuery = grindersQuery.extend(pageQuery(pageSizes.grinders).shape);
export type GrindersListQuery = z.infer<typeof grindersListQuery>;

/** `POST /api/grinders/{serverId}/grinders`: hires a member on a tier (answers the grinder, 201). */
export const addGrinderBody = z.object({
  userId: snowflake,
  /** A tier name of the setup, any case. */
  tier: tierName,
});
export type AddGrinderBody = z.infer<typeof addGrinderBody>;

/** Path of one grinder record. */
export const grinderParams = serverIdParams.extend({ id: z.string().min(1).max(32) });

/** `DELETE /api/grinders/{serverId}/grinders/{id}`: the grinder as it was archived. */
export const removedGrinder = grinder.extend({
  archivedAt: z.number().int(),
  archivedBy: z.string().nullable(),
});
export type RemovedGrinder = z.infer<typeof removedGrinder>;

export const dmMessageMax = 2000;

/** `POST …/grinders/dm-paid`, `…/dm-unpaid`, `…/dm-all`. */
export const grinderDmBody = z.object({
  message: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(dmMessageMax, `must be at most ${dmMessageMax} characters`),
});
export type GrinderDmBody = z.infer<typeof grinderDmBody>;

/** Who a DM broadcast reached: `failed` counts members whose DMs are closed or who left. */
export const grinderDmResponse = z.object({
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type GrinderDmResult = z.infer<typeof grinderDmResponse>;

/**
 * How the server's latest DM broadcast is going (or went): counts so far, read while it runs. Kept
 * by the api process that sends it; `running: false` with zero counts when none ran yet.
 */
export const grinderDmProgress = z.object({
  running: z.boolean(),
  /** `paid`, `unpaid`, `all`, or `tier:<name>`; null before any broadcast. */
  target: z.string().nullable(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
});
export type GrinderDmProgress = z.infer<typeof grinderDmProgress>;

export const paymentActions = ["add", "set"] as const;
export type PaymentAction = (typeof paymentActions)[number];

/** One recorded payment. */
export const grinderPayment = z.object({
  id: z.number().int(),
  action: z.enum(paymentActions),
  amount: z.number(),
  periodStart: z.number().int(),
  /** The period's total after this payment. */
  periodTotal: z.number(),
  recordedBy: z.string().nullable(),
  createdAt: z.number().int(),
});
export type GrinderPayment = z.infer<typeof grinderPayment>;

/** `GET /api/grinders/{serverId}/grinders/{id}/payments`: newest first (at most 100). */
export const grinderPaymentsResponse = z.array(grinderPayment);
