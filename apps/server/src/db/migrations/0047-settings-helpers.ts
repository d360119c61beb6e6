import type { Kysely } from "kysely";

/**
 * Settings behind issue 13's helpers: the heist image's link (the `heist_image` switch stays),
 * the Event helper's game bots (Dank Memer by default) and anti-pool's window in hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("server_settings").addColumn("heist_image_url", "text").execute();
  await db.schema
    .alterTable("server_settings")
    .addColumn("game_bot_ids", "text", (c) => c.notNull().defaultTo('["270904126974590976"]'))
    .execute();
  await db.schema
    .alterTable("server_settings")
    .addColumn("anti_pool_window_hours", "integer", (c) => c.notNull().defaultTo(24))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["heist_image_url", "game_bot_ids", "anti_pool_window_hours"]) {
    await db.schema.alterTable("server_settings").dropColumn(column).execute();
  }
}
