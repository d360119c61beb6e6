import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  type BucketCounts,
  counterColumns,
  dayMs,
  hourMs,
  type InsightsBatch,
  type KeyCount,
} from "./batch.ts";
import { chunks, counterValues } from "./store.ts";

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
