import { z } from "zod";
import { snowflake } from "./common.ts";
import { grinderPayment, paymentActions } from "./grinders.ts";

/** Query strings arrive as text: a page number from 1, and a page size within `max`. */
const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Paging of every history list: which page, how many a page, and the total the filter matches. */
const paged = {
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
};

/** `GET /api/dashboard/audit` query: newest first, optionally one feature's or one member's entries. */
export const auditQuery = z.object({
  page: pageNumber,
  pageSize: pageSize(100, 25),
  /** The part of an action before its first dot (`grinders`, `settings`, `token`…). */
  feature: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, "must be a feature name")
    .optional(),
  /** The member who acted. */
  member: snowflake.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One audit entry: who changed what, when, and from where. */
export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  feature: z.string(),
  summary: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
  /** The member who acted; null for the bot's own work (a timed break ending, a scheduled draw). */
  actor: z.object({ id: snowflake, name: z.string().nullable() }).nullable(),
  /** Through the dashboard (a token) or in Discord. */
  via: z.enum(["dashboard", "discord", "system"]),
  /** The request's address for dashboard changes; null otherwise (and for entries before it was recorded). */
  address: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

/** `GET /api/dashboard/audit` (owner and admin). */
export const auditPageResponse = z.object({
  entries: z.array(auditEntry),
  ...paged,
  /** What the filters offer: the features and members the server's log has entries of. */
  features: z.array(z.string()),
  members: z.array(z.object({ id: snowflake, name: z.string().nullable() })),
  /**
   * Names of the members the page's summaries mention by id (a hired grinder, a pool manager), so
   * the viewer shows names, not ids. Channels and roles are named from the server's lists.
   */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditPage = z.infer<typeof auditPageResponse>;

/** `…/grinders/{id}/history/payments` and `…/history/breaks` query. */
export const historyQuery = z.object({ page: pageNumber, pageSize: pageSize(50, 10) });
export type HistoryQuery = z.infer<typeof historyQuery>;

/**
 * The names of the members a page mentions (who recorded a payment, who started a break), by user
 * id, for those Discord could name; the dashboard's reads carry it, the bot's mention instead.
 */
export const memberNames = z.record(z.string(), z.string());
export type MemberNames = z.infer<typeof memberNames>;

/** `GET /api/grinders/{serverId}/grinders/{id}/history/payments`: newest first. */
export const grinderPaymentHistory = z.object({
  items: z.array(grinderPayment),
  ...paged,
  names: memberNames.optional(),
});
export type GrinderPaymentHistory = z.infer<typeof grinderPaymentHistory>;

/** A break starting or ending. */
export const grinderBreakEvent = z.object({
  id: z.number().int(),
  kind: z.enum(["start", "end"]),
  at: z.number().int(),
  /** When a timed break was set to end (starts only). */
  until: z.number().int().nullable(),
  /** Who started or ended it; null when a timed break ended by itself. */
  by: snowflake.nullable(),
});
export type GrinderBreakEvent = z.infer<typeof grinderBreakEvent>;

/** `GET /api/grinders/{serverId}/grinders/{id}/history/breaks`: newest first. */
export const grinderBreakHistory = z.object({
  items: z.array(grinderBreakEvent),
  ...paged,
  names: memberNames.optional(),
});
export type GrinderBreakHistory = z.infer<typeof grinderBreakHistory>;

/** `POST /api/grinders/{serverId}/grinders/{id}/payments`: `add` to this period's total, or `set` it. */
export const recordPaymentBody = z.object({
  action: z.enum(paymentActions),
  /** A number, or text such as 250k or 1.5m (checked like `/grinder payments`). */
  amount: z.union([z.number().nonnegative().max(1e15), z.string().trim().min(1).max(20)]),
});
export type RecordPaymentBody = z.infer<typeof recordPaymentBody>;
