import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("boards"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("emoji_key", "text", (c) => c.notNull())
    .addColumn("emoji_markup", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("min_reactions", "integer", (c) => c.notNull())
    .addColumn("allow_self", "integer", (c) => c.notNull())
    .addColumn("allow_bots", "integer", (c) => c.notNull())
    .addColumn("remove_below", "integer", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("disabled_reason", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // Names are unique per server, case-insensitively.
    .addUniqueConstraint("boards_name", ["server_id", "name_key"])
    .execute();

  await withSerialId(db, db.schema.createTable("board_messages"))
    .addColumn("board_id", "integer", (c) => c.notNull().references("boards.id").onDelete("cascade"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_avatar", "text")
    .addColumn("author_bot", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("source_nsfw", "integer", (c) => c.notNull())
    .addColumn("message_created_at", "bigint", (c) => c.notNull())
    .addColumn("seeded_key", "text", (c) => c.notNull())
    .addColumn("reaction_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("post_channel_id", "text")
    .addColumn("post_message_id", "text")
    .addColumn("posted_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("posted_at", "bigint")
    .addColumn("posting_at", "bigint")
    .addColumn("dismissed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("original_deleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // One row per message and board: the first sight of a message inserts it, later ones find it.
    .addUniqueConstraint("board_messages_message", ["board_id", "message_id"])
    .execute();
  await db.schema
    .createIndex("board_messages_by_message")
    .on("board_messages")
    .columns(["server_id", "message_id"])
    .execute();
  await db.schema
    .createIndex("board_messages_by_post")
    .on("board_messages")
    .columns(["post_message_id"])
    .execute();
  await db.schema
    .createIndex("board_messages_by_count")
    .on("board_messages")
    .columns(["board_id", "reaction_count"])
    .execute();

  await db.schema
    .createTable("board_reactors")
    .addColumn("board_id", "integer", (c) => c.notNull().references("boards.id").onDelete("cascade"))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    // A member counts once per message and board, however often the reaction event arrives.
    .addPrimaryKeyConstraint("board_reactors_pk", ["board_id", "message_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("board_reactors").ifExists().execute();
  await db.schema.dropTable("board_messages").ifExists().execute();
  await db.schema.dropTable("boards").ifExists().execute();
}
