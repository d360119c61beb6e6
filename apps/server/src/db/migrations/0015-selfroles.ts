import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("selfrole_roles")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("removed_from", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("added_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("selfrole_roles_pk", ["server_id", "role_id"])
    .execute();

  await withSerialId(db, db.schema.createTable("selfrole_panels"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("display", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("selfrole_panels_name", ["server_id", "name_key"])
    .execute();

  await db.schema
    .createTable("selfrole_panel_roles")
    .addColumn("panel_id", "integer", (c) => c.notNull().references("selfrole_panels.id").onDelete("cascade"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("emoji", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("selfrole_panel_roles_pk", ["panel_id", "role_id"])
    .execute();
  await db.schema
    .createIndex("selfrole_panel_roles_role")
    .on("selfrole_panel_roles")
    .columns(["server_id", "role_id"])
    .execute();

  await db.schema
    .createTable("selfrole_messages")
    .addColumn("message_id", "text", (c) => c.primaryKey())
    .addColumn("panel_id", "integer", (c) => c.notNull().references("selfrole_panels.id").onDelete("cascade"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("selfrole_messages_panel").on("selfrole_messages").column("panel_id").execute();

  await db.schema
    .createTable("selfrole_drafts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("role_ids", "text", (c) => c.notNull())
    .addColumn("display", "text", (c) => c.notNull())
    .addColumn("page", "integer", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("selfrole_drafts_expiry").on("selfrole_drafts").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "selfrole_drafts",
    "selfrole_messages",
    "selfrole_panel_roles",
    "selfrole_panels",
    "selfrole_roles",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
