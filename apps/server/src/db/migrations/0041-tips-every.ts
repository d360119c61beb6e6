import type { Kysely } from "kysely";

/** Tips: at most one command reply in `tips_every` carries a tip (issue 13; default 10). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("server_settings")
    .addColumn("tips_every", "integer", (c) => c.notNull().defaultTo(10))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("server_settings").dropColumn("tips_every").execute();
}
