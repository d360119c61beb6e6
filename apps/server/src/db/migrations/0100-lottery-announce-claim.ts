import type { Kysely } from "kysely";

/**
 * A lottery's announcement is claimed for a minute before it is posted and marked announced once it
 * went out, so a process that dies between the two leaves a claim that lapses, and the announcement is
 * posted by another (at least once) instead of never.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lotteries").addColumn("announce_claimed_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lotteries").dropColumn("announce_claimed_at").execute();
}
