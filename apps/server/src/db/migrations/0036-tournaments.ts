import { type Kysely, sql } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withSerialId(db, db.schema.createTable("tournaments"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("server_name", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    // 'signup', 'running', 'finished' or 'cancelled'.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("host_id", "text", (c) => c.notNull())
    .addColumn("champion_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("finished_at", "bigint")
    .execute();
  // One open or running tournament per server (join, start and report need no id): a partial unique
  // index refuses a second even under a race.
  await db.schema
    .createIndex("tournaments_one_active")
    .on("tournaments")
    .column("server_id")
    .unique()
    .where(sql<boolean>`status in ('signup', 'running')`)
    .execute();
  await db.schema
    .createIndex("tournaments_server_created")
    .on("tournaments")
    .columns(["server_id", "created_at"])
    .execute();

  await db.schema
    .createTable("tournament_players")
    .addColumn("tournament_id", "integer", (c) =>
      c.notNull().references("tournaments.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addColumn("seed", "integer")
    .addPrimaryKeyConstraint("tournament_players_pk", ["tournament_id", "user_id"])
    .execute();

  await db.schema
    .createTable("tournament_matches")
    .addColumn("tournament_id", "integer", (c) =>
      c.notNull().references("tournaments.id").onDelete("cascade"),
    )
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("player1_id", "text")
    .addColumn("player2_id", "text")
    .addColumn("winner_id", "text")
    .addColumn("bye", "integer", (c) => c.notNull())
    .addColumn("reported_by", "text")
    .addColumn("reported_at", "bigint")
    .addPrimaryKeyConstraint("tournament_matches_pk", ["tournament_id", "number"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tournament_matches").ifExists().execute();
  await db.schema.dropTable("tournament_players").ifExists().execute();
  await db.schema.dropTable("tournaments").ifExists().execute();
}
