import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

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
