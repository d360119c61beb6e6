import { type Kysely, sql } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("raffles"))
    .addColumn("server_id", "text", (c) => c.notNull())
    // Where the raffle was opened and where its draw is announced.
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text")
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("winner_count", "integer", (c) => c.notNull())
    .addColumn("host_id", "text", (c) => c.notNull())
    // 'open' (staff hand out tickets), 'drawing' (closed, the draw is being made), 'drawn' (final).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("drawn_at", "bigint")
    .addColumn("drawn_by", "text")
    .addColumn("tickets_in_draw", "integer")
    .addColumn("holders_in_draw", "integer")
    .execute();
  // One raffle open (or being drawn) per server.
  await db.schema
    .createIndex("raffles_one_open")
    .on("raffles")
    .column("server_id")
    .unique()
    .where(sql.ref("status"), "!=", "drawn")
    .execute();
  await db.schema
    .createIndex("raffles_server_created")
    .on("raffles")
    .columns(["server_id", "created_at"])
    .execute();

  await db.schema
    .createTable("raffle_tickets")
    .addColumn("raffle_id", "integer", (c) => c.notNull().references("raffles.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("tickets", "integer", (c) => c.notNull())
    // Set while the member is out of the server: their tickets stay, but are not drawn.
    .addColumn("left_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("raffle_tickets_pk", ["raffle_id", "user_id"])
    .execute();

  // The final draw: who won, in draw order, with the tickets they held.
  await db.schema
    .createTable("raffle_winners")
    .addColumn("raffle_id", "integer", (c) => c.notNull().references("raffles.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("tickets", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("raffle_winners_pk", ["raffle_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("raffle_winners").ifExists().execute();
  await db.schema.dropTable("raffle_tickets").ifExists().execute();
  await db.schema.dropTable("raffles").ifExists().execute();
}
