import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vote_settings")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    // The unguessable path secret of the server's webhook URL.
    .addColumn("webhook_id", "text", (c) => c.notNull().unique())
    // The listing site's Authorization value (legacy and generic forms) and HMAC key (signed form).
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("channel_id", "text")
    .addColumn("reward_role_id", "text")
    // 0 = permanent, else 1 to 168.
    .addColumn("reward_hours", "integer", (c) => c.notNull())
    .addColumn("leaderboards_enabled", "integer", (c) => c.notNull())
    // Null: the default notification.
    .addColumn("message", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable("votes"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    // The listing site's vote id, or `legacy:<platform>:<user>:<12 h window>` when it sends none.
    .addColumn("vote_key", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("voted_at", "bigint", (c) => c.notNull())
    // A retried delivery of the same vote never makes a second row.
    .addUniqueConstraint("votes_vote_key", ["server_id", "vote_key"])
    .execute();
  await db.schema.createIndex("votes_by_time").on("votes").columns(["server_id", "voted_at"]).execute();
  await db.schema
    .createIndex("votes_by_user")
    .on("votes")
    .columns(["server_id", "user_id", "voted_at"])
    .execute();

  await db.schema
    .createTable("vote_stats")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("total_votes", "integer", (c) => c.notNull())
    // Votes of `month` (YYYY-MM, UTC); a row of an older month counts 0 this month.
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("monthly_votes", "integer", (c) => c.notNull())
    .addColumn("current_streak", "integer", (c) => c.notNull())
    .addColumn("longest_streak", "integer", (c) => c.notNull())
    // The UTC day number (ms / 86,400,000) of the latest vote, for streaks.
    .addColumn("last_vote_day", "integer", (c) => c.notNull())
    .addColumn("last_vote_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("vote_stats_pk", ["server_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("vote_stats_all_time")
    .on("vote_stats")
    .columns(["server_id", "total_votes", "last_vote_at"])
    .execute();
  await db.schema
    .createIndex("vote_stats_monthly")
    .on("vote_stats")
    .columns(["server_id", "month", "monthly_votes", "last_vote_at"])
    .execute();

  // The reward role Hearth gave a voter and when it comes off (null: permanent).
  await db.schema
    .createTable("vote_rewards")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint")
    .addColumn("granted_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("vote_rewards_pk", ["server_id", "user_id"])
    .execute();

  // Each finished month's board, computed from the vote rows when the month ends.
  await db.schema
    .createTable("vote_monthly_archive")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("votes", "integer", (c) => c.notNull())
    .addColumn("last_vote_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("vote_monthly_archive_pk", ["server_id", "month", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["vote_monthly_archive", "vote_rewards", "vote_stats", "votes", "vote_settings"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
