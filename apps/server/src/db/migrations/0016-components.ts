import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("components"))
    // The stable id carried in custom ids (`cmp:<component_id>`), so clicks work after restarts.
    .addColumn("component_id", "text", (c) => c.notNull().unique())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // Lower-cased name: names are unique per server whatever their case.
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    // Label, emoji, style, options, fields and actions, as JSON (see features/components/model.ts).
    .addColumn("definition", "text", (c) => c.notNull())
    // Where `/components create … channel` asked to post it once built.
    .addColumn("post_channel_id", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("components_server_name", ["server_id", "name_key"])
    .execute();
  await db.schema.createIndex("components_server").on("components").column("server_id").execute();

  // Messages the bot posted carrying a component: edited when it changes, stripped when it's deleted.
  await withSerialId(db, db.schema.createTable("component_messages"))
    .addColumn("component_id", "text", (c) => c.notNull())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("component_messages_message", ["message_id", "component_id"])
    .execute();
  await db.schema
    .createIndex("component_messages_component")
    .on("component_messages")
    .column("component_id")
    .execute();
  await db.schema
    .createIndex("component_messages_channel")
    .on("component_messages")
    .column("channel_id")
    .execute();

  // Per-server settings: the component-management role that stands in for Manage Server.
  await db.schema
    .createTable("component_settings")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("manager_role_id", "text")
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("component_settings").ifExists().execute();
  await db.schema.dropTable("component_messages").ifExists().execute();
  await db.schema.dropTable("components").ifExists().execute();
}
