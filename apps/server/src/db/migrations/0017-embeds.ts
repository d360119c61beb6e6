import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("embed_templates"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // The name in lower case: names are unique per server whatever their case.
    .addColumn("name_key", "text", (c) => c.notNull())
    // The embed draft as JSON (core's EmbedDraft).
    .addColumn("draft", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("embed_templates_name", ["server_id", "name_key"])
    .execute();

  await db.schema
    .createTable("embed_drafts")
    // The builder session id carried in its buttons' custom ids.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("draft", "text", (c) => c.notNull())
    // Set when editing a message Hearth posted: Send updates it in place.
    .addColumn("target_channel_id", "text")
    .addColumn("target_message_id", "text")
    // The rest of the edited message, kept as it was: `{ content, embeds }` as JSON.
    .addColumn("target_rest", "text")
    // The last form a member submitted that was refused, so "Fix it" reopens it with their text.
    .addColumn("pending_form", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("embed_drafts_expiry").on("embed_drafts").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("embed_drafts").ifExists().execute();
  await db.schema.dropTable("embed_templates").ifExists().execute();
}
