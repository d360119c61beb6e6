import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Designs waiting in a preview (AI message designer); saved into a feature's config only on Save.
  await db.schema
    .createTable("designer_drafts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("instructions", "text", (c) => c.notNull())
    .addColumn("design", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("fell_back", "integer", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("designer_drafts_expiry").on("designer_drafts").column("expires_at").execute();

  // The vote notification's saved design (JSON: content line + embed); null keeps `message`/the default.
  await db.schema.alterTable("vote_settings").addColumn("design", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("vote_settings").dropColumn("design").execute();
  await db.schema.dropTable("designer_drafts").execute();
}
