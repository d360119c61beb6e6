import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export type TierRow = Selectable<Database["server_tiers"]>;

export function tierKey(name: string): string {
  return name.trim().toLowerCase();
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
