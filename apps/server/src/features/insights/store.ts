import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  type BucketCounts,
  type CounterColumn,
  counterColumns,
  dayMs,
  hourMs,
  type InsightsBatch,
  type KeyCount,
  type KeyKind,
} from "./batch.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (12 columns a row). */
const chunkSize = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
}

function counterValues(values: readonly number[]): Record<CounterColumn, number> {
  return Object.fromEntries(counterColumns.map((name, index) => [name, values[index] ?? 0])) as Record<
    CounterColumn,
    number
  >;
}

/**
 * Writes one batch in one transaction: members not yet counted as active in their bucket are
 * inserted and the ones that were new raise `active_members`; every counter is added to its row.
 * The batch's id is recorded in the same transaction, so writing it again (a retry after an error
 * whose commit went through after all) adds nothing. Answers false when the batch was already in.
 */
export async function writeBatch(db: Kysely<Database>, id: string, batch: InsightsBatch, now: number) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("insights_flushes")
      .values({ id, flushed_at: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return false;
    const active = await insertNewAuthors(trx, batch);
    await upsertCounters(trx, "insights_days", "day", withActive(batch.days, active.day));
    await upsertCounters(trx, "insights_hours", "hour", withActive(batch.hours, active.hour));
    await upsertKeys(trx, "insights_day_keys", "day", [...batch.dayKeys.values()]);
    await upsertKeys(trx, "insights_hour_keys", "hour", [...batch.hourKeys.values()]);
    return true;
  });
}

/**
 * Inserts the batch's authors; answers, per bucket, how many were new to it (each one new is one more
 * active member). The batch itself is left as it is, so a failed write can be tried again.
 */
async function insertNewAuthors(trx: Transaction<Database>, batch: InsightsBatch) {
  const rows = [...batch.authors.values()].flatMap((entry) =>
    [...entry.userIds].map((user_id) => ({
      server_id: entry.serverId,
      resolution: entry.resolution,
      bucket: entry.bucket,
      user_id,
    })),
  );
  const active = { day: new Map<string, BucketCounts>(), hour: new Map<string, BucketCounts>() };
  const activeColumn = counterColumns.indexOf("active_members");
  for (const chunk of chunks(rows)) {
    const inserted = await trx
      .insertInto("insights_authors")
      .values(chunk)
      .onConflict((oc) => oc.columns(["server_id", "resolution", "bucket", "user_id"]).doNothing())
      .returning(["server_id", "resolution", "bucket"])
      .execute();
    for (const row of inserted) {
      const target = active[row.resolution];
      const key = `${row.server_id}\u0000${row.bucket}`;
      let entry = target.get(key);
      if (!entry) {
        entry = { serverId: row.server_id, bucket: Number(row.bucket), values: counterColumns.map(() => 0) };
        target.set(key, entry);
      }
      entry.values[activeColumn] = (entry.values[activeColumn] ?? 0) + 1;
    }
  }
  return active;
}

/** The batch's bucket counters with the new active members added (copies; the batch is not changed). */
function withActive(counts: Map<string, BucketCounts>, active: Map<string, BucketCounts>): BucketCounts[] {
  const merged = new Map<string, BucketCounts>();
  for (const [key, entry] of counts) merged.set(key, { ...entry, values: [...entry.values] });
  for (const [key, entry] of active) {
    const target = merged.get(key);
    if (!target) merged.set(key, entry);
    else
      entry.values.forEach((value, index) => {
        target.values[index] = (target.values[index] ?? 0) + value;
      });
  }
  return [...merged.values()];
}

async function upsertCounters(
  trx: Transaction<Database>,
  table: "insights_days" | "insights_hours",
  bucketColumn: "day" | "hour",
  entries: BucketCounts[],
): Promise<void> {
  for (const chunk of chunks(entries.filter((entry) => entry.values.some((value) => value !== 0)))) {
    const rows = chunk.map((entry) => ({
      server_id: entry.serverId,
      [bucketColumn]: entry.bucket,
      ...counterValues(entry.values),
    }));
    await trx
      .insertInto(table)
      .values(rows as never)
      .onConflict((oc) =>
        oc
          .columns(["server_id", bucketColumn] as never)
          .doUpdateSet(
            Object.fromEntries(
              counterColumns.map((name) => [
                name,
                sql`${sql.ref(`${table}.${name}`)} + ${sql.ref(`excluded.${name}`)}`,
              ]),
            ) as never,
          ),
      )
      .execute();
  }
}

async function upsertKeys(
  trx: Transaction<Database>,
  table: "insights_day_keys" | "insights_hour_keys",
  bucketColumn: "day" | "hour",
  entries: KeyCount[],
): Promise<void> {
  for (const chunk of chunks(entries.filter((entry) => entry.count !== 0))) {
    const rows = chunk.map((entry) => ({
      server_id: entry.serverId,
      kind: entry.kind,
      [bucketColumn]: entry.bucket,
      key: entry.key,
      count: entry.count,
    }));
    await trx
      .insertInto(table)
      .values(rows as never)
      .onConflict((oc) =>
        oc
          .columns(["server_id", "kind", bucketColumn, "key"] as never)
          .doUpdateSet({ count: sql`${sql.ref(`${table}.count`)} + ${sql.ref("excluded.count")}` } as never),
      )
      .execute();
  }
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

/**
 * Deletes what has aged out: day rows after 400 days, hour rows after 14, members counted as active
 * once their bucket is over (kept one bucket longer, for counts that arrive late), batch ids after a day.
 */
export async function pruneExpired(
  db: Kysely<Database>,
  now: number,
  retention: { days: number; hours: number },
): Promise<void> {
  const day = Math.floor(now / dayMs);
  const hour = Math.floor(now / hourMs);
  const oldestDay = day - retention.days + 1;
  const oldestHour = hour - retention.hours * 24 + 1;
  await db.deleteFrom("insights_days").where("day", "<", oldestDay).execute();
  await db.deleteFrom("insights_day_keys").where("day", "<", oldestDay).execute();
  await db.deleteFrom("insights_hours").where("hour", "<", oldestHour).execute();
  await db.deleteFrom("insights_hour_keys").where("hour", "<", oldestHour).execute();
  await db
    .deleteFrom("insights_authors")
    .where((eb) =>
      eb.or([
        eb.and([eb("resolution", "=", "day"), eb("bucket", "<", day - 1)]),
        eb.and([eb("resolution", "=", "hour"), eb("bucket", "<", hour - 1)]),
      ]),
    )
    .execute();
  await db
    .deleteFrom("insights_flushes")
    .where("flushed_at", "<", now - dayMs)
    .execute();
}
