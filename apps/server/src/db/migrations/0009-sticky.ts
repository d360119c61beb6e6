import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("sticky_messages"))
    .addColumn("server_id", "text", (c) => c.notNull())
    // One sticky per channel: the unique key the counter and the repost claim go through.
    .addColumn("channel_id", "text", (c) => c.notNull().unique())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("trigger_count", "integer", (c) => c.notNull())
    .addColumn("message_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_message_id", "text")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sticky_messages_server").on("sticky_messages").column("server_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sticky_messages").ifExists().execute();
}
