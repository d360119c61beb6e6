import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every event win while anti-pool protection is on: the window rule counts these.
  await withSerialId(db, db.schema.createTable("antipool_wins"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("event_kind", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_label", "text", (c) => c.notNull())
    .addColumn("won_at", "bigint", (c) => c.notNull())
    .addColumn("approved_by", "text")
    .addUniqueConstraint("antipool_wins_event_user", ["server_id", "event_kind", "event_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("antipool_wins_user_time")
    .on("antipool_wins")
    .columns(["server_id", "user_id", "won_at"])
    .execute();
  // Wins the rule stopped, waiting for (or given) the pool manager's approval.
  await withSerialId(db, db.schema.createTable("antipool_blocks"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("event_kind", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_label", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("notified", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "bigint")
    .addUniqueConstraint("antipool_blocks_event_user", ["server_id", "event_kind", "event_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("antipool_blocks_status")
    .on("antipool_blocks")
    .columns(["server_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("antipool_blocks").ifExists().execute();
  await db.schema.dropTable("antipool_wins").ifExists().execute();
}
