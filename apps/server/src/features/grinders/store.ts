import type { Insertable, Selectable, Updateable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export type GrinderRow = Database["grinders"];
export type PaymentRow = Selectable<Database["grinder_payments"]>;

/** A grinder with its tier's current name and payment (null when the tier is gone: archived records only). */
export type GrinderWithTier = GrinderRow & {
  current_tier_name: string | null;
  tier_payment: number | null;
  tier_position: number | null;
};

/** The columns a list item is made of (what `toGrinder` reads). */
const listColumns = [
  "g.id",
  "g.user_id",
  "g.username",
  "g.display_name",
  "g.tier_name",
  "g.on_break",
  "g.break_started_at",
  "g.break_until",
  "g.hired_at",
  "g.hired_by",
  "g.hired_by_name",
  "g.period_start",
  "g.period_total",
  "g.leftover_payment",
  "g.last_payment_at",
] as const;
export type GrinderListRow = Pick<GrinderWithTier, "current_tier_name" | "tier_payment"> &
  Pick<GrinderRow, (typeof listColumns)[number] extends `g.${infer C}` ? C & keyof GrinderRow : never>;

function withTier(db: Db, serverId: string) {
  return db
    .selectFrom("grinders as g")
    .leftJoin("server_tiers as t", (join) =>
      join.onRef("t.id", "=", "g.tier_id").onRef("t.server_id", "=", "g.server_id"),
    )
    .selectAll("g")
    .select(["t.name as current_tier_name", "t.payment as tier_payment", "t.position as tier_position"])
    .where("g.server_id", "=", serverId);
}

/** Active (not archived) grinders of a server. */
export async function listActiveGrinders(db: Db, serverId: string): Promise<GrinderWithTier[]> {
  return withTier(db, serverId).where("g.archived_at", "is", null).execute();
}

export interface ActivePageOptions {
  /** Only grinders on this tier (lower-cased current name, else the name at hire). */
  tierKey?: string | undefined;
  sort: "hiredAt" | "payment" | "tier";
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

/**
 * A page of the active grinders, sorted by the database (hire time, the tier's payment or the
 * tier's position; ties by hire time, then id, all in the same direction).
 */
export async function pageActiveGrinders(
  db: Db,
  serverId: string,
  options: ActivePageOptions,
): Promise<GrinderListRow[]> {
  const { order } = options;
  let query = db
    .selectFrom("grinders as g")
    .leftJoin("server_tiers as t", (join) =>
      join.onRef("t.id", "=", "g.tier_id").onRef("t.server_id", "=", "g.server_id"),
    )
    .select(listColumns)
    .select(["t.name as current_tier_name", "t.payment as tier_payment"])
    .where("g.server_id", "=", serverId)
    .where("g.archived_at", "is", null);
  const tierKey = options.tierKey;
  if (tierKey) {
    query = query.where((eb) => eb(eb.fn("lower", [eb.fn.coalesce("t.name", "g.tier_name")]), "=", tierKey));
  }
  if (options.sort === "payment")
    query = query.orderBy((eb) => eb.fn.coalesce("t.payment", eb.lit(0)), order);
  if (options.sort === "tier") query = query.orderBy((eb) => eb.fn.coalesce("t.position", eb.lit(-1)), order);
  return query
    .orderBy("g.hired_at", order)
    .orderBy("g.id", order)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

/** How many active grinders (on a tier, when given) a server has. */
export async function countActiveGrinders(db: Db, serverId: string, tierKey?: string): Promise<number> {
  const base = db
    .selectFrom("grinders as g")
    .leftJoin("server_tiers as t", (join) =>
      join.onRef("t.id", "=", "g.tier_id").onRef("t.server_id", "=", "g.server_id"),
    )
    .where("g.server_id", "=", serverId)
    .where("g.archived_at", "is", null);
  const filtered = tierKey
    ? base.where((eb) => eb(eb.fn("lower", [eb.fn.coalesce("t.name", "g.tier_name")]), "=", tierKey))
    : base;
  const row = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One record of the server by id, archived or not; undefined for another server's record. */
export async function findGrinder(
  db: Db,
  serverId: string,
  id: string,
): Promise<GrinderWithTier | undefined> {
  return withTier(db, serverId).where("g.id", "=", id).executeTakeFirst();
}

export async function findActiveGrinderByUser(
  db: Db,
  serverId: string,
  userId: string,
): Promise<GrinderWithTier | undefined> {
  return withTier(db, serverId)
    .where("g.user_id", "=", userId)
    .where("g.archived_at", "is", null)
    .executeTakeFirst();
}

export async function countActiveOnTier(db: Db, serverId: string, tierId: number): Promise<number> {
  const { count } = await db
    .selectFrom("grinders")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("server_id", "=", serverId)
    .where("tier_id", "=", tierId)
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertGrinders(db: Db, rows: Insertable<Database["grinders"]>[]): Promise<void> {
  // SQLite caps bound parameters per statement.
  for (let start = 0; start < rows.length; start += 40) {
    await db
      .insertInto("grinders")
      .values(rows.slice(start, start + 40))
      .execute();
  }
}

/**
 * Updates one active record; with `expect`, only while those columns still hold those values (a
 * compare-and-set against concurrent writers). Answers whether a row changed.
 */
export async function updateActiveGrinder(
  db: Db,
  serverId: string,
  id: string,
  changes: Updateable<Database["grinders"]>,
  expect: { on_break?: number } = {},
): Promise<boolean> {
  let query = db
    .updateTable("grinders")
    .set(changes)
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .where("archived_at", "is", null);
  if (expect.on_break !== undefined) query = query.where("on_break", "=", expect.on_break);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPayment(db: Db, row: Insertable<Database["grinder_payments"]>): Promise<void> {
  await db.insertInto("grinder_payments").values(row).execute();
}

export async function insertPayments(
  db: Db,
  rows: Insertable<Database["grinder_payments"]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 50) {
    await db
      .insertInto("grinder_payments")
      .values(rows.slice(start, start + 50))
      .execute();
  }
}

export async function listPayments(
  db: Db,
  serverId: string,
  grinderId: string,
  limit = 100,
): Promise<PaymentRow[]> {
  return db
    .selectFrom("grinder_payments")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("grinder_id", "=", grinderId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** One page of a record's payments, newest first, with their total count. */
export async function pagePayments(
  db: Db,
  serverId: string,
  grinderId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const base = () =>
    db.selectFrom("grinder_payments").where("server_id", "=", serverId).where("grinder_id", "=", grinderId);
  const [rows, count] = await Promise.all([
    base()
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The active (not archived) grinders' tiers and breaks, by user id: what their roles follow. */
export async function activeGrinderTiers(
  db: Db,
  serverId: string,
  userId?: string,
): Promise<{ user_id: string; tier_id: number; on_break: number }[]> {
  let query = db
    .selectFrom("grinders")
    .select(["user_id", "tier_id", "on_break"])
    .where("server_id", "=", serverId)
    .where("archived_at", "is", null);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  return query.orderBy("user_id").execute();
}
