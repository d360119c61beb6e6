import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("welcome_configs")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("channel_id", "text")
    .addColumn("mention_user", "integer", (c) => c.notNull())
    .addColumn("embed", "text", (c) => c.notNull())
    .addColumn("button", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("welcome_ping_configs")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // The primary key (server first) is the index every read uses, and it forbids duplicates.
  await db.schema
    .createTable("welcome_ping_channels")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("welcome_ping_channels_pk", ["server_id", "channel_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("welcome_ping_channels").execute();
  await db.schema.dropTable("welcome_ping_configs").execute();
  await db.schema.dropTable("welcome_configs").execute();
}
