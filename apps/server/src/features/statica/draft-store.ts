import { type StaticaConfig, staticaConfig } from "@hearth/core";
import type { Db } from "../../db/schema.ts";

/** A member's unsaved `/statica setup` draft, or null. A draft that no longer parses is dropped. */
export async function findSetupDraft(
  db: Db,
  serverId: string,
  userId: string,
): Promise<StaticaConfig | null> {
  const row = await db
    .selectFrom("statica_setup_drafts")
    .select("config")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = staticaConfig.safeParse(JSON.parse(row.config));
  return parsed.success ? parsed.data : null;
}

export async function saveSetupDraft(
  db: Db,
  serverId: string,
  userId: string,
  config: StaticaConfig,
  now: number,
): Promise<void> {
  const json = JSON.stringify(config);
  await db
    .insertInto("statica_setup_drafts")
    .values({ server_id: serverId, user_id: userId, config: json, updated_at: now })
    .onConflict((oc) => oc.columns(["server_id", "user_id"]).doUpdateSet({ config: json, updated_at: now }))
    .execute();
}

export async function deleteSetupDraft(db: Db, serverId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("statica_setup_drafts")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .execute();
}
