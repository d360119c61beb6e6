import { type Kysely, sql } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("grinders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("username", "text")
    .addColumn("display_name", "text")
    .addColumn("tier_id", "integer", (c) => c.notNull())
    .addColumn("tier_name", "text", (c) => c.notNull())
    .addColumn("on_break", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("break_started_at", "bigint")
    .addColumn("break_until", "bigint")
    .addColumn("hired_at", "bigint", (c) => c.notNull())
    .addColumn("hired_by", "text")
    .addColumn("hired_by_name", "text")
    .addColumn("period_start", "bigint", (c) => c.notNull())
    .addColumn("period_total", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("leftover_payment", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("last_payment_at", "bigint")
    .addColumn("archived_at", "bigint")
    .addColumn("archived_by", "text")
    .addColumn("archive_reason", "text")
    .execute();
  // One active record per member per server; archived records are history.
  await db.schema
    .createIndex("grinders_active_user")
    .on("grinders")
    .columns(["server_id", "user_id"])
    .unique()
    .where(sql.ref("archived_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("grinders_server_tier")
    .on("grinders")
    .columns(["server_id", "tier_id", "archived_at"])
    .execute();

  await withSerialId(db, db.schema.createTable("grinder_payments"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("grinder_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("period_start", "bigint", (c) => c.notNull())
    .addColumn("period_total", "bigint", (c) => c.notNull())
    .addColumn("leftover_payment", "bigint", (c) => c.notNull())
    .addColumn("recorded_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("grinder_payments_server_grinder")
    .on("grinder_payments")
    .columns(["server_id", "grinder_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("grinder_payments").ifExists().execute();
  await db.schema.dropTable("grinders").ifExists().execute();
}
