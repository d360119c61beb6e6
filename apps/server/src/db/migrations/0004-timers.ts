import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("timers"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    // running → ending (the end job has claimed it) → ended; or running → cancelled.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("ended_message_id", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema.createIndex("timers_server_status").on("timers").columns(["server_id", "status"]).execute();
  await db.schema
    .createIndex("timers_server_finished")
    .on("timers")
    .columns(["server_id", "finished_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("timers").ifExists().execute();
}
