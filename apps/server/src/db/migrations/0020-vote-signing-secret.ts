import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // top.gg's signed webhooks use a secret the site generates (`whs_…`), not one Hearth can choose,
  // so the server's admin pastes it here; null: signatures are checked with Hearth's own secret.
  await db.schema.alterTable("vote_settings").addColumn("signing_secret", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("vote_settings").dropColumn("signing_secret").execute();
}
