import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

/**
 * Giveaways beyond the seed (issue 27): scheduled and recurring runs, where results go and whom they
 * ping, entrant removals and blocks, rerolls that say who replaced whom, claims, pause, templates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("giveaways")
    // The schedule (a one-off scheduled start or a recurring series) that posted it, and which run.
    .addColumn("schedule_id", "integer")
    .execute();
  await db.schema.alterTable("giveaways").addColumn("run_number", "integer").execute();
  // The role pinged when it was posted (null: none).
  await db.schema.alterTable("giveaways").addColumn("ping_role_id", "text").execute();
  // Where the results are announced (null: the giveaway's own channel).
  await db.schema.alterTable("giveaways").addColumn("winners_channel_id", "text").execute();
  await db.schema
    .alterTable("giveaways")
    .addColumn("dm_winners", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Claims: winners have this long to press Claim, else their win is drawn again.
  await db.schema.alterTable("giveaways").addColumn("claim_window_ms", "bigint").execute();
  // Control: end once this many have entered; remind this long before the end; paused since.
  await db.schema.alterTable("giveaways").addColumn("end_after_entries", "integer").execute();
  await db.schema.alterTable("giveaways").addColumn("reminder_before_ms", "bigint").execute();
  await db.schema.alterTable("giveaways").addColumn("reminded_at", "bigint").execute();
  await db.schema.alterTable("giveaways").addColumn("paused_at", "bigint").execute();
  // A run is posted once per schedule: the unique pair refuses a second giveaway for the same run.
  await db.schema
    .createIndex("giveaways_schedule_run")
    .on("giveaways")
    .columns(["schedule_id", "run_number"])
    .unique()
    .execute();

  // A winner replaced by a reroll keeps their row (never drawn again), marked replaced.
  await db.schema.alterTable("giveaway_winners").addColumn("replaces_user_id", "text").execute();
  await db.schema.alterTable("giveaway_winners").addColumn("replaced_at", "bigint").execute();
  await db.schema.alterTable("giveaway_winners").addColumn("claimed_at", "bigint").execute();
  await db.schema.alterTable("giveaway_winners").addColumn("claim_deadline", "bigint").execute();

  // Entrant pages in the order they entered, read by keyset.
  await db.schema
    .createIndex("giveaway_entries_order")
    .on("giveaway_entries")
    .columns(["giveaway_id", "entered_at", "user_id"])
    .execute();

  // Entrants a manager removed: the reason, and whether the member has been told.
  await db.schema
    .createTable("giveaway_entry_removals")
    .addColumn("giveaway_id", "integer", (c) => c.notNull().references("giveaways.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("removed_by", "text")
    .addColumn("removed_at", "bigint", (c) => c.notNull())
    .addColumn("notified_at", "bigint")
    .addPrimaryKeyConstraint("giveaway_entry_removals_pk", ["giveaway_id", "user_id"])
    .execute();

  // Members blocked from every giveaway of a server.
  await db.schema
    .createTable("giveaway_blocks")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("blocked_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("giveaway_blocks_pk", ["server_id", "user_id"])
    .execute();

  // Scheduled starts and recurring series: the settings of the next run and when it is due.
  await withSerialId(db, db.schema.createTable("giveaway_schedules"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    // JSON: the giveaway's settings (prize, winners, duration, requirements, ping, …).
    .addColumn("settings", "text", (c) => c.notNull())
    // JSON {every, unit} for a series; null for a one-off scheduled start.
    .addColumn("recurrence", "text")
    // 'scheduled', 'paused', 'done' (a one-off that started, a series stopped) or 'cancelled'.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("next_run_at", "bigint")
    .addColumn("runs", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("giveaway_schedules_server")
    .on("giveaway_schedules")
    .columns(["server_id", "status"])
    .execute();

  await withSerialId(db, db.schema.createTable("giveaway_templates"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("giveaway_templates_name", ["server_id", "name"])
    .execute();

  // The server's time zone for dates typed in `/giveaway start start:…`.
  await db.schema
    .alterTable("giveaway_configs")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("giveaway_templates").execute();
  await db.schema.dropTable("giveaway_schedules").execute();
  await db.schema.dropTable("giveaway_blocks").execute();
  await db.schema.dropTable("giveaway_entry_removals").execute();
  await db.schema.dropIndex("giveaway_entries_order").execute();
  await db.schema.dropIndex("giveaways_schedule_run").execute();
}
