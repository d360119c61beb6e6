import type { Kysely } from "kysely";

/** The Market checker's price lists and answer channels (issue 13). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("market_items")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("item_key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addPrimaryKeyConstraint("market_items_pk", ["server_id", "item_key"])
    .execute();
  await db.schema
    .createTable("market_channels")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("market_channels_pk", ["server_id", "channel_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("market_channels").execute();
  await db.schema.dropTable("market_items").execute();
}
