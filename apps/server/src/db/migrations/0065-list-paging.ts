import type { Kysely } from "kysely";

// Paged lists (issue 16): the public giveaway list pages by start time across every server, and a
// server's grinder roster pages by hire time among its active records.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("giveaways_created").on("giveaways").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("grinders_server_hired")
    .on("grinders")
    .columns(["server_id", "archived_at", "hired_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("grinders_server_hired").execute();
  await db.schema.dropIndex("giveaways_created").execute();
}
