import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every reward role the bot gave or took back, for `/statica logs` (the log channel is optional).
  await withSerialId(db, db.schema.createTable("statica_events"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("statica_events_server_id")
    .on("statica_events")
    .columns(["server_id", "id"])
    .execute();

  // `/statica setup` edits a draft, one per member and server, saved only when it is valid.
  await db.schema
    .createTable("statica_setup_drafts")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("statica_setup_drafts_pk", ["server_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("statica_setup_drafts").ifExists().execute();
  await db.schema.dropTable("statica_events").ifExists().execute();
}
