import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type SetupRow = Database["server_setups"];
export type TierRow = Selectable<Database["server_tiers"]>;

/**
 * The lock scope shared by every write to a server's setup, tiers and grinders: a hire and a tier
 * removal must not interleave.
 */
export const grinderLockScope = "grinders";

export function tierKey(name: string): string {
  return name.trim().toLowerCase();
}

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

export async function listTiers(db: Db, serverId: string): Promise<TierRow[]> {
  return db
    .selectFrom("server_tiers")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function insertTier(
  db: Db,
  tier: { serverId: string; name: string; payment: number; roleId: string; position: number; now: number },
): Promise<void> {
  await db
    .insertInto("server_tiers")
    .values({
      server_id: tier.serverId,
      name: tier.name,
      name_key: tierKey(tier.name),
      payment: tier.payment,
      role_id: tier.roleId,
      position: tier.position,
      created_at: tier.now,
    })
    .execute();
}

export async function updateTier(
  db: Db,
  serverId: string,
  id: number,
  changes: { name: string; payment: number; roleId: string; position: number },
): Promise<void> {
  await db
    .updateTable("server_tiers")
    .set({
      name: changes.name,
      name_key: tierKey(changes.name),
      payment: changes.payment,
      role_id: changes.roleId,
      position: changes.position,
    })
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .execute();
}

export async function deleteTier(db: Db, serverId: string, id: number): Promise<void> {
  await db.deleteFrom("server_tiers").where("server_id", "=", serverId).where("id", "=", id).execute();
}
