import {
  completeStaticaConfig,
  type StaticaConfig,
  type StaticaConfigBody,
  type StaticaRoleCategory,
} from "@hearth/core";
import type { Database, Db } from "../../db/schema.ts";

export interface StoredStaticaConfig {
  serverId: string;
  config: StaticaConfig;
  createdAt: number;
  updatedAt: number;
}

function toStored(row: Database["statica_configs"]): StoredStaticaConfig {
  // Completed with defaults, so a configuration stored before a field existed still reads whole.
  const body = JSON.parse(row.config) as StaticaConfigBody;
  return {
    serverId: row.server_id,
    config: { ...completeStaticaConfig(body), enabled: row.enabled === 1 },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function serialise(config: StaticaConfig): string {
  const { enabled: _enabled, ...rest } = config;
  return JSON.stringify(rest);
}

export async function findConfig(db: Db, serverId: string): Promise<StoredStaticaConfig | null> {
  const row = await db
    .selectFrom("statica_configs")
    .selectAll()
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return row ? toStored(row) : null;
}

export async function insertConfig(
  db: Db,
  serverId: string,
  config: StaticaConfig,
  now: number,
): Promise<StoredStaticaConfig> {
  const row = {
    server_id: serverId,
    enabled: config.enabled ? 1 : 0,
    config: serialise(config),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto("statica_configs").values(row).execute();
  return toStored(row);
}

/** Replaces the stored configuration; null when the server has none. */
export async function replaceConfig(
  db: Db,
  serverId: string,
  config: StaticaConfig,
  now: number,
): Promise<StoredStaticaConfig | null> {
  const result = await db
    .updateTable("statica_configs")
    .set({ enabled: config.enabled ? 1 : 0, config: serialise(config), updated_at: now })
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 0 ? null : findConfig(db, serverId);
}

/** Deletes the configuration and the record of rewards given under it; false when there was none. */
export async function deleteConfig(db: Db, serverId: string): Promise<boolean> {
  await db.deleteFrom("statica_rewards").where("server_id", "=", serverId).execute();
  await db.deleteFrom("statica_events").where("server_id", "=", serverId).execute();
  await db.deleteFrom("statica_setup_drafts").where("server_id", "=", serverId).execute();
  const result = await db.deleteFrom("statica_configs").where("server_id", "=", serverId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Servers whose rewards are on: the ones the bot watches. */
export async function listEnabledServerIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("statica_configs")
    .select("server_id")
    .where("enabled", "=", 1)
    .orderBy("server_id")
    .execute();
  return rows.map((row) => row.server_id);
}

/** Notes that the bot gave a member a reward role (idempotent; the first grant time is kept). */
export async function recordReward(
  db: Db,
  serverId: string,
  reward: { userId: string; roleId: string; category: StaticaRoleCategory },
  now: number,
): Promise<void> {
  await db
    .insertInto("statica_rewards")
    .values({
      server_id: serverId,
      user_id: reward.userId,
      role_id: reward.roleId,
      category: reward.category,
      granted_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["server_id", "user_id", "role_id"]).doUpdateSet({ category: reward.category }),
    )
    .execute();
}

/** Notes that a reward role was taken back, or (without `roleId`) forgets every reward of a member. */
export async function forgetReward(db: Db, serverId: string, userId: string, roleId?: string): Promise<void> {
  let query = db
    .deleteFrom("statica_rewards")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId);
  if (roleId !== undefined) query = query.where("role_id", "=", roleId);
  await query.execute();
}

/** Distinct members holding a reward, per category and in all. */
export async function countRewarded(
  db: Db,
  serverId: string,
): Promise<Record<StaticaRoleCategory | "total", number>> {
  const rows = await db
    .selectFrom("statica_rewards")
    .select(["category", (eb) => eb.fn.count<number>("user_id").distinct().as("members")])
    .where("server_id", "=", serverId)
    .groupBy("category")
    .execute();
  const total = await db
    .selectFrom("statica_rewards")
    .select((eb) => eb.fn.count<number>("user_id").distinct().as("members"))
    .where("server_id", "=", serverId)
    .executeTakeFirstOrThrow();
  const counts = { combined: 0, serverTag: 0, status: 0, total: Number(total.members) };
  for (const row of rows) {
    if (row.category === "combined" || row.category === "serverTag" || row.category === "status") {
      counts[row.category] = Number(row.members);
    }
  }
  return counts;
}

export interface RewardRecord {
  userId: string;
  roleId: string;
  category: StaticaRoleCategory;
  grantedAt: number;
}

/** Rewards the bot recorded for the server (or one member), oldest first. */
export async function listRewards(db: Db, serverId: string, userId?: string): Promise<RewardRecord[]> {
  let query = db.selectFrom("statica_rewards").selectAll().where("server_id", "=", serverId);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  const rows = await query.orderBy("granted_at").orderBy("user_id").orderBy("role_id").execute();
  return rows.map((row) => ({
    userId: row.user_id,
    roleId: row.role_id,
    category: row.category as StaticaRoleCategory,
    grantedAt: Number(row.granted_at),
  }));
}
