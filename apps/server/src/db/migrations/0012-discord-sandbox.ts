import type { Kysely } from "kysely";

/**
 * The sandbox directory for bot part 2: channel permission overwrites, message attachments,
 * reactions and custom emojis, so the sandbox answers every read the Discord port offers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON array of PermissionOverwrite (id, type, allow, deny).
  await db.schema
    .alterTable("sandbox_channels")
    .addColumn("permission_overwrites", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("sandbox_roles")
    .addColumn("mentionable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON array of Attachment (id, url, filename, contentType).
  await db.schema
    .alterTable("sandbox_messages")
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("sandbox_reactions")
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    // `emojiKey`: the unicode text, or `name:id` for a custom emoji.
    .addColumn("emoji_key", "text", (c) => c.notNull())
    .addColumn("emoji_id", "text")
    .addColumn("emoji_name", "text", (c) => c.notNull())
    .addColumn("animated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    // One reaction per member and emoji on a message, as on Discord.
    .addPrimaryKeyConstraint("sandbox_reactions_pk", ["message_id", "emoji_key", "user_id"])
    .execute();

  await db.schema
    .createTable("sandbox_emojis")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull().references("sandbox_guilds.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("animated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sandbox_emojis_guild").on("sandbox_emojis").column("guild_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sandbox_emojis").ifExists().execute();
  await db.schema.dropTable("sandbox_reactions").ifExists().execute();
  await db.schema.alterTable("sandbox_messages").dropColumn("attachments").execute();
  await db.schema.alterTable("sandbox_roles").dropColumn("mentionable").execute();
  await db.schema.alterTable("sandbox_channels").dropColumn("permission_overwrites").execute();
}
