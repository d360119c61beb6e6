import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("moderation_cases"))
    .addColumn("server_id", "text", (c) => c.notNull())
    // Numbered per server (1, 2, 3…); the unique pair backs the number assigned in a locked transaction.
    .addColumn("case_number", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("target_name", "text")
    // Null when Hearth acted on its own (a temporary ban ending).
    .addColumn("moderator_id", "text")
    .addColumn("reason", "text")
    .addColumn("duration_ms", "bigint")
    .addColumn("expires_at", "bigint")
    // Set when a temporary ban was lifted (on time or early).
    .addColumn("ended_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("moderation_cases_number", ["server_id", "case_number"])
    .execute();
  await db.schema
    .createIndex("moderation_cases_target")
    .on("moderation_cases")
    .columns(["server_id", "target_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("moderation_cases").ifExists().execute();
}
