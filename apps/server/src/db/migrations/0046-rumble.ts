import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("rumble_wins"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    // The game-over message: recorded once however often it is heard.
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("won_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("rumble_wins_message", ["server_id", "message_id"])
    .execute();
  await db.schema
    .createIndex("rumble_wins_server_time")
    .on("rumble_wins")
    .columns(["server_id", "won_at"])
    .execute();
  await db.schema
    .createIndex("rumble_wins_server_user")
    .on("rumble_wins")
    .columns(["server_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rumble_wins").ifExists().execute();
}
