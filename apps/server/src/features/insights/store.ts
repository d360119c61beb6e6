import type { Kysely } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { type CounterColumn, counterColumns, type KeyCount, type KeyKind } from "./batch.ts";

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (12 columns a row). */
const chunkSize = 400;

export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
}

export function counterValues(values: readonly number[]): Record<CounterColumn, number> {
  return Object.fromEntries(counterColumns.map((name, index) => [name, values[index] ?? 0])) as Record<
    CounterColumn,
    number
  >;
}

export interface StoredBucket {
  bucket: number;
  values: Record<CounterColumn, number>;
}

/** A server's day rows (or hour rows) with `from <= bucket < to`, in order. */
export async function readBuckets(
  db: Db,
  serverId: string,
  resolution: "day" | "hour",
  from: number,
  to: number,
): Promise<StoredBucket[]> {
  const rows =
    resolution === "day"
      ? await db
          .selectFrom("insights_days")
          .select(["day as bucket", ...counterColumns])
          .where("server_id", "=", serverId)
          .where("day", ">=", from)
          .where("day", "<", to)
          .orderBy("day")
          .execute()
      : await db
          .selectFrom("insights_hours")
          .select(["hour as bucket", ...counterColumns])
          .where("server_id", "=", serverId)
          .where("hour", ">=", from)
          .where("hour", "<", to)
          .orderBy("hour")
          .execute();
  // Written out rather than built per row: a year's series is 730 rows.
  return rows.map((row) => ({
    bucket: Number(row.bucket),
    values: {
      joins: Number(row.joins),
      leaves: Number(row.leaves),
      messages: Number(row.messages),
      active_members: Number(row.active_members),
      commands: Number(row.commands),
      giveaway_entries: Number(row.giveaway_entries),
      votes: Number(row.votes),
      trigger_replies: Number(row.trigger_replies),
      grinder_payments: Number(row.grinder_payments),
      grinder_revenue: Number(row.grinder_revenue),
    },
  }));
}

/** A breakdown's keys summed over `from <= day < to`, most first. */
export async function topKeys(
  db: Db,
  serverId: string,
  kind: KeyKind,
  from: number,
  to: number,
  limit: number,
): Promise<{ key: string; count: number }[]> {
  const rows = await db
    .selectFrom("insights_day_keys")
    .select((eb) => ["key", eb.fn.sum<number>("count").as("total")])
    .where("server_id", "=", serverId)
    .where("kind", "=", kind)
    .where("day", ">=", from)
    .where("day", "<", to)
    .groupBy("key")
    .orderBy("total", "desc")
    .orderBy("key")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: row.key, count: Number(row.total) }));
}

/** The given keys' sums over `from <= day < to` (the previous period of the top list). */
export async function keyTotals(
  db: Db,
  serverId: string,
  kind: KeyKind,
  keys: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("insights_day_keys")
    .select((eb) => ["key", eb.fn.sum<number>("count").as("total")])
    .where("server_id", "=", serverId)
    .where("kind", "=", kind)
    .where("day", ">=", from)
    .where("day", "<", to)
    .where("key", "in", [...keys])
    .groupBy("key")
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.total)]));
}

/** Hourly breakdown rows of one kind over `from <= hour < to`. */
export async function hourKeys(
  db: Db,
  serverId: string,
  kind: KeyKind,
  from: number,
  to: number,
): Promise<{ hour: number; key: string; count: number }[]> {
  const rows = await db
    .selectFrom("insights_hour_keys")
    .select(["hour", "key", "count"])
    .where("server_id", "=", serverId)
    .where("kind", "=", kind)
    .where("hour", ">=", from)
    .where("hour", "<", to)
    .execute();
  return rows.map((row) => ({ hour: Number(row.hour), key: row.key, count: Number(row.count) }));
}

export async function demoHistoryUntil(db: Db, serverId: string): Promise<number | null> {
  const row = await db
    .selectFrom("insights_demo")
    .select("history_until")
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return row ? Number(row.history_until) : null;
}

/** Generated demo history: rows written as they are, and the server marked as carrying demo history. */
export async function insertDemoHistory(
  db: Kysely<Database>,
  serverId: string,
  history: {
    days: StoredBucket[];
    hours: StoredBucket[];
    dayKeys: Omit<KeyCount, "serverId">[];
    hourKeys: Omit<KeyCount, "serverId">[];
  },
  until: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const chunk of chunks(history.days)) {
      await trx
        .insertInto("insights_days")
        .values(chunk.map((row) => ({ server_id: serverId, day: row.bucket, ...row.values })))
        .onConflict((oc) => oc.columns(["server_id", "day"]).doNothing())
        .execute();
    }
    for (const chunk of chunks(history.hours)) {
      await trx
        .insertInto("insights_hours")
        .values(chunk.map((row) => ({ server_id: serverId, hour: row.bucket, ...row.values })))
        .onConflict((oc) => oc.columns(["server_id", "hour"]).doNothing())
        .execute();
    }
    for (const chunk of chunks(history.dayKeys)) {
      await trx
        .insertInto("insights_day_keys")
        .values(
          chunk.map((row) => ({
            server_id: serverId,
            kind: row.kind,
            day: row.bucket,
            key: row.key,
            count: row.count,
          })),
        )
        .onConflict((oc) => oc.columns(["server_id", "kind", "day", "key"]).doNothing())
        .execute();
    }
    for (const chunk of chunks(history.hourKeys)) {
      await trx
        .insertInto("insights_hour_keys")
        .values(
          chunk.map((row) => ({
            server_id: serverId,
            kind: row.kind,
            hour: row.bucket,
            key: row.key,
            count: row.count,
          })),
        )
        .onConflict((oc) => oc.columns(["server_id", "kind", "hour", "key"]).doNothing())
        .execute();
    }
    await trx
      .insertInto("insights_demo")
      .values({ server_id: serverId, history_until: until })
      .onConflict((oc) => oc.column("server_id").doUpdateSet({ history_until: until }))
      .execute();
  });
}
