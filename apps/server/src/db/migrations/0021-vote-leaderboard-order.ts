import type { Kysely } from "kysely";

// The leaderboards sort by votes (descending), then the earliest last vote, then the member id (so
// an exact tie has one order). Indexes in exactly that order let SQLite and PostgreSQL read the top
// 15 straight off the index and count a member's rank with range scans, instead of sorting every voter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("vote_stats_all_time").execute();
  await db.schema.dropIndex("vote_stats_monthly").execute();
  await db.schema
    .createIndex("vote_stats_all_time")
    .on("vote_stats")
    .columns(["server_id", "total_votes desc", "last_vote_at", "user_id"])
    .execute();
  await db.schema
    .createIndex("vote_stats_monthly")
    .on("vote_stats")
    .columns(["server_id", "month", "monthly_votes desc", "last_vote_at", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("vote_stats_all_time").execute();
  await db.schema.dropIndex("vote_stats_monthly").execute();
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
}
