import type { Db } from "../../db/schema.ts";
import { getGrinderConfig } from "./config.ts";
import { activeGrinderTiers } from "./store.ts";

/**
 * The grinder roles the roster implies, by member: every active grinder holds the base role (when
 * the setup has one) and, unless on a break (when tier roles are held back), their tier's role.
 * Moderation's role restore asks this rather than reading the roster itself.
 */
export async function rosterRoles(
  db: Db,
  serverId: string,
  userId?: string,
): Promise<{ userId: string; roleId: string }[]> {
  const config = await getGrinderConfig(db, serverId);
  const tierRoles = new Map(config.tiers.map((tier) => [tier.id, tier.role_id]));
  const roles: { userId: string; roleId: string }[] = [];
  for (const grinder of await activeGrinderTiers(db, serverId, userId)) {
    if (config.baseRoleId) roles.push({ userId: grinder.user_id, roleId: config.baseRoleId });
    const tierRole = tierRoles.get(grinder.tier_id);
    if (tierRole && grinder.on_break === 0) roles.push({ userId: grinder.user_id, roleId: tierRole });
  }
  return roles;
}
