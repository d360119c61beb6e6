import type { Database, Db } from "../../db/schema.ts";

export type SetupRow = Database["server_setups"];

export async function findSetup(db: Db, serverId: string): Promise<SetupRow | undefined> {
  return db.selectFrom("server_setups").selectAll().where("server_id", "=", serverId).executeTakeFirst();
}

/** The stored setup, or the defaults of a server that has none (not stored). */
export function defaultSetupRow(serverId: string, now: number): SetupRow {
  return {
    server_id: serverId,
    manager_role_id: null,
    grinder_base_role_id: null,
    payments_channel_id: null,
    ticket_category_id: null,
    log_channel_id: null,
    events_manager_role_id: null,
    events_ping_role_id: null,
    switch_tier_enabled: 0,
    switch_tier_cooldown: "24h",
    payment_period: "weekly",
    created_at: now,
    updated_at: now,
  };
}

export async function saveSetup(db: Db, row: SetupRow): Promise<void> {
  const { server_id: _serverId, created_at: _createdAt, ...changes } = row;
  await db
    .insertInto("server_setups")
    .values(row)
    .onConflict((oc) => oc.column("server_id").doUpdateSet(changes))
    .execute();
}

/** Creates the default setup row when there is none, so `exists` turns true once anything is configured. */
export async function ensureSetup(db: Db, serverId: string, now: number): Promise<void> {
  await db
    .insertInto("server_setups")
    .values(defaultSetupRow(serverId, now))
    .onConflict((oc) => oc.column("server_id").doNothing())
    .execute();
}
