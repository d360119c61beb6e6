import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("perk_tiers"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // Lower-cased name: tier names are unique per server whatever their case.
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("emoji_limit", "integer", (c) => c.notNull())
    .addColumn("highlights", "integer", (c) => c.notNull())
    .addColumn("channel_members", "integer", (c) => c.notNull())
    .addColumn("role_members", "integer", (c) => c.notNull())
    .addColumn("afk", "integer", (c) => c.notNull())
    .addColumn("responder_limit", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("perk_tiers_name")
    .on("perk_tiers")
    .columns(["server_id", "name_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("perk_tiers_role")
    .on("perk_tiers")
    .columns(["server_id", "role_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("perk_settings")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("auto_cleanup", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // One row per member with perks: their emojis and the channel and role the bot made for them.
  await db.schema
    .createTable("perk_members")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    // JSON array of emoji keys (unicode text or name:id).
    .addColumn("emojis", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("channel_id", "text")
    // JSON array of the member ids added to the private channel (the owner not included).
    .addColumn("channel_members", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("role_id", "text")
    .addColumn("role_members", "text", (c) => c.notNull().defaultTo("[]"))
    // Set when the member lost the tier that allowed their channel or role.
    .addColumn("expired_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("perk_members_pk", ["server_id", "user_id"])
    .execute();

  await withSerialId(db, db.schema.createTable("perk_keywords"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    // Stored lower-cased: matching is case-insensitive.
    .addColumn("keyword", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("perk_keywords_unique")
    .on("perk_keywords")
    .columns(["server_id", "user_id", "keyword"])
    .unique()
    .execute();

  await withSerialId(db, db.schema.createTable("perk_responders"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("trigger_key", "text", (c) => c.notNull())
    .addColumn("response", "text")
    // JSON embed (title, description, color) when the response is an embed.
    .addColumn("embed", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("perk_responders_unique")
    .on("perk_responders")
    .columns(["server_id", "user_id", "trigger_key"])
    .unique()
    .execute();

  await db.schema
    .createTable("perk_afk")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("since", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("perk_afk_pk", ["server_id", "user_id"])
    .execute();

  await withSerialId(db, db.schema.createTable("perk_afk_mentions"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("perk_afk_mentions_member")
    .on("perk_afk_mentions")
    .columns(["server_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "perk_afk_mentions",
    "perk_afk",
    "perk_responders",
    "perk_keywords",
    "perk_members",
    "perk_settings",
    "perk_tiers",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
