import type { Expression } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export type SettingsRow = Database["server_settings"];

export async function findSettings(db: Db, serverId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom("server_settings").selectAll().where("server_id", "=", serverId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: SettingsRow): Promise<void> {
  const { server_id: _serverId, ...changes } = row;
  await db
    .insertInto("server_settings")
    .values(row)
    .onConflict((oc) => oc.column("server_id").doUpdateSet(changes))
    .execute();
}

/**
 * The `pro_status` of the server `serverId` names, as a scalar subquery (null without a settings
 * row): another feature's query selects it beside its own columns, one query for any number of rows.
 */
export function proStatusOf(db: Db, serverId: Expression<string>) {
  return db.selectFrom("server_settings").select("pro_status").where("server_id", "=", serverId);
}
