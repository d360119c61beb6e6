import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("statica_configs")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("statica_rewards")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("granted_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("statica_rewards_pk", ["server_id", "user_id", "role_id"])
    .execute();
  await db.schema
    .createIndex("statica_rewards_server_category")
    .on("statica_rewards")
    .columns(["server_id", "category"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("statica_rewards").ifExists().execute();
  await db.schema.dropTable("statica_configs").ifExists().execute();
}
