import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("birthdays")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("month", "integer", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("year", "integer")
    .addColumn("show_age", "integer", (c) => c.notNull())
    .addColumn("timezone", "text", (c) => c.notNull())
    // The next local midnight of the birthday; a job per member runs at it.
    .addColumn("next_at", "bigint", (c) => c.notNull())
    // Claimed and delivered announcement years: at most one announcement per member and year.
    .addColumn("last_announced_year", "integer")
    .addColumn("delivered_year", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("birthdays_pk", ["server_id", "user_id"])
    .execute();
  await db.schema.createIndex("birthdays_next").on("birthdays").columns(["server_id", "next_at"]).execute();
  await db.schema.createIndex("birthdays_due").on("birthdays").column("next_at").execute();

  await db.schema
    .createTable("birthday_settings")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("role_id", "text")
    .addColumn("message", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("birthday_settings").ifExists().execute();
  await db.schema.dropTable("birthdays").ifExists().execute();
}
