import { type Kysely, sql } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("lotteries"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    // The lottery's message with its Take a ticket button; null only if posting it failed.
    .addColumn("message_id", "text")
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("max_tickets", "integer", (c) => c.notNull())
    .addColumn("host_id", "text", (c) => c.notNull())
    // 'running' or 'ended'; the draw flips it once, with a conditional update.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("end_time", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    // 'schedule' or 'manual'.
    .addColumn("ended_by", "text")
    .addColumn("winner_id", "text")
    .addColumn("winner_tickets", "integer")
    .addColumn("tickets_sold", "integer")
    .addColumn("entrants", "integer")
    .addColumn("announced_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // One running lottery per server: the partial unique index refuses a second, even under a race.
  await db.schema
    .createIndex("lotteries_one_running")
    .on("lotteries")
    .column("server_id")
    .unique()
    .where(sql.ref("status"), "=", "running")
    .execute();
  await db.schema
    .createIndex("lotteries_server_created")
    .on("lotteries")
    .columns(["server_id", "created_at"])
    .execute();

  // One row per member and lottery; the primary key makes taking tickets an update of one row.
  await db.schema
    .createTable("lottery_tickets")
    .addColumn("lottery_id", "integer", (c) => c.notNull().references("lotteries.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("tickets", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("lottery_tickets_pk", ["lottery_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lottery_tickets").ifExists().execute();
  await db.schema.dropTable("lotteries").ifExists().execute();
}
