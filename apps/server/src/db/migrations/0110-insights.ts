import type { CreateTableBuilder, Kysely } from "kysely";

/** The counters of one bucket (a day or an hour), as columns of one row. */
const counters = [
  "joins",
  "leaves",
  "messages",
  "active_members",
  "commands",
  "giveaway_entries",
  "votes",
  "trigger_replies",
  "grinder_payments",
  "grinder_revenue",
] as const;

function withCounters<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | (typeof counters)[number]> {
  let built: CreateTableBuilder<T, C | (typeof counters)[number]> = table;
  for (const name of counters) built = built.addColumn(name, "bigint", (c) => c.notNull().defaultTo(0));
  return built;
}

/**
 * Insights: per server, one row per day (kept 400 days) and per hour (kept 14 days) of counters, the
 * same buckets broken down by channel, command or giveaway (`kind`, `key`), the members already
 * counted as active in the current buckets, and the ids of the batches already written (a batch
 * retried after an unclear failure is not added twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withCounters(
    db.schema
      .createTable("insights_days")
      .addColumn("server_id", "text", (c) => c.notNull())
      .addColumn("day", "integer", (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint("insights_days_pk", ["server_id", "day"])
    .execute();
  await withCounters(
    db.schema
      .createTable("insights_hours")
      .addColumn("server_id", "text", (c) => c.notNull())
      .addColumn("hour", "integer", (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint("insights_hours_pk", ["server_id", "hour"])
    .execute();
  for (const [table, bucket] of [
    ["insights_day_keys", "day"],
    ["insights_hour_keys", "hour"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("server_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn(bucket, "integer", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("count", "bigint", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, ["server_id", "kind", bucket, "key"])
      .execute();
  }
  await db.schema
    .createTable("insights_authors")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("resolution", "text", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("insights_authors_pk", ["server_id", "resolution", "bucket", "user_id"])
    .execute();
  await db.schema
    .createTable("insights_flushes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("flushed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("insights_demo")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("history_until", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "insights_demo",
    "insights_flushes",
    "insights_authors",
    "insights_hour_keys",
    "insights_day_keys",
    "insights_hours",
    "insights_days",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
