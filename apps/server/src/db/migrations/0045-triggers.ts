import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("server_triggers"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("keyword", "text", (c) => c.notNull())
    // The keyword lower-cased with spaces collapsed: one trigger per keyword per server.
    .addColumn("keyword_key", "text", (c) => c.notNull())
    .addColumn("match_mode", "text", (c) => c.notNull())
    .addColumn("reply_type", "text", (c) => c.notNull())
    .addColumn("response", "text", (c) => c.notNull())
    .addColumn("embed_title", "text")
    .addColumn("staff", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("server_triggers_keyword", ["server_id", "keyword_key"])
    .execute();
  await db.schema
    .createIndex("server_triggers_owner")
    .on("server_triggers")
    .columns(["server_id", "created_by"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_triggers").ifExists().execute();
}
