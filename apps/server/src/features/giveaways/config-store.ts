import type { GiveawayConfig } from "@hearth/core";
import type { Db } from "../../db/schema.ts";

export const emptyConfig = (): GiveawayConfig => ({
  bypassRoles: [],
  blacklistRoles: [],
  multiplierRoles: [],
});

export async function getConfig(db: Db, serverId: string): Promise<GiveawayConfig> {
  const row = await db
    .selectFrom("giveaway_configs")
    .selectAll()
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  if (!row) return emptyConfig();
  return {
    bypassRoles: JSON.parse(row.bypass_roles) as string[],
    blacklistRoles: JSON.parse(row.blacklist_roles) as string[],
    multiplierRoles: JSON.parse(row.multiplier_roles) as GiveawayConfig["multiplierRoles"],
  };
}

export async function putConfig(
  db: Db,
  serverId: string,
  config: GiveawayConfig,
  now: number,
): Promise<void> {
  const values = {
    bypass_roles: JSON.stringify(config.bypassRoles),
    blacklist_roles: JSON.stringify(config.blacklistRoles),
    multiplier_roles: JSON.stringify(config.multiplierRoles),
    updated_at: now,
  };
  await db
    .insertInto("giveaway_configs")
    .values({ server_id: serverId, ...values })
    .onConflict((oc) => oc.column("server_id").doUpdateSet(values))
    .execute();
}

export async function deleteConfig(db: Db, serverId: string): Promise<void> {
  await db.deleteFrom("giveaway_configs").where("server_id", "=", serverId).execute();
}

/** The server's time zone for dates typed in the bot ("UTC" until one is given). */
export async function getTimeZone(db: Db, serverId: string): Promise<string> {
  const row = await db
    .selectFrom("giveaway_configs")
    .select("time_zone")
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return row?.time_zone ?? "UTC";
}

export async function setTimeZone(db: Db, serverId: string, timeZone: string, now: number): Promise<void> {
  await db
    .insertInto("giveaway_configs")
    .values({
      server_id: serverId,
      bypass_roles: "[]",
      blacklist_roles: "[]",
      multiplier_roles: "[]",
      time_zone: timeZone,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("server_id").doUpdateSet({ time_zone: timeZone, updated_at: now }))
    .execute();
}
