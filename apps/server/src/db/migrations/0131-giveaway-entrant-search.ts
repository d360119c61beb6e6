import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The managers' entrant search (issue 27's benchmark: a page of a 100,000-entrant giveaway within
 * 50 ms): a name search is a prefix of the lower-cased username, read as a range of this index
 * instead of a scan of every entry. PostgreSQL's `text_pattern_ops` lets `like 'prefix%'` use it
 * whatever the database's collation; SQLite compares bytes, so a plain range does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index giveaway_entries_name on giveaway_entries (giveaway_id, lower(username) text_pattern_ops)`.execute(
      db,
    );
  } else {
    await sql`create index giveaway_entries_name on giveaway_entries (giveaway_id, lower(username))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("giveaway_entries_name").execute();
}
