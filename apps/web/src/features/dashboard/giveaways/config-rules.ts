import { type GiveawayConfig, giveawayLimits, type MultiplierRole } from "@hearth/core";

export const MULTIPLIER_MIN = giveawayLimits.minMultiplier;
export const MULTIPLIER_MAX = giveawayLimits.maxMultiplier;
export const MULTIPLIER_DEFAULT = giveawayLimits.defaultMultiplier;
export const MULTIPLIER_ERROR = `Multiplier must be a whole number from ${MULTIPLIER_MIN} to ${MULTIPLIER_MAX}`;

/** The multiplier input: a whole number 1 to 10 (spec §5); null with a reason otherwise. */
export function parseMultiplier(raw: string): { value: number | null; error: string | null } {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MULTIPLIER_MIN || value > MULTIPLIER_MAX)
    return { value: null, error: MULTIPLIER_ERROR };
  return { value, error: null };
}

/** Adding needs a role and a multiplier above 0; adding a role again replaces its multiplier (spec §5). */
export function addMultiplierRole(
  list: readonly MultiplierRole[],
  roleId: string,
  multiplier: number,
): MultiplierRole[] {
  if (!roleId || !(multiplier > 0)) return [...list];
  const existing = list.findIndex((entry) => entry.roleId === roleId);
  if (existing === -1) return [...list, { roleId, multiplier }];
  return list.map((entry, index) => (index === existing ? { roleId, multiplier } : entry));
}

/**
 * Roles already chosen in any list. A role may appear once across the three lists (the API's
 * rule), so each select leaves these out, which also stops a role being added twice.
 */
export function chosenRoles(config: GiveawayConfig, except?: keyof GiveawayConfig): Set<string> {
  const ids = new Set<string>();
  if (except !== "bypassRoles") for (const id of config.bypassRoles) ids.add(id);
  if (except !== "blacklistRoles") for (const id of config.blacklistRoles) ids.add(id);
  if (except !== "multiplierRoles") for (const entry of config.multiplierRoles) ids.add(entry.roleId);
  return ids;
}

export function sameConfig(a: GiveawayConfig, b: GiveawayConfig): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
