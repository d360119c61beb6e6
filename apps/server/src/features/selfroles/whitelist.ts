import type { RoleInfo } from "../../discord/port.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { botRoleProblem, type Deps, loadHierarchy, requireAssignable } from "./access.ts";
import { refreshPanels } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import { joinNames, refusedIn, selfRoleLimits, warnedIn } from "./rules.ts";
import * as store from "./store.ts";

export interface WhitelistResult {
  role: RoleInfo;
  /** Things the admin should know: Ban/Kick Members on the role, or a role the bot can't give yet. */
  warnings: string[];
}

/** The sentence refusing a role that carries Administrator, Manage Server or Manage Roles. */
export function refusalFor(role: RoleInfo): string | null {
  const refused = refusedIn(role.permissions);
  if (refused.length === 0) return null;
  const reasons = refused.map((p) => `**${p.name}** (${p.why})`);
  return `**@${role.name}** has ${joinNames(reasons)}. Anyone could give themselves that power, so it can't be a self-role. Remove ${refused.length === 1 ? "that permission" : "those permissions"} from the role first.`;
}

/** Allows a role on panels: dangerous roles are refused, Ban/Kick Members is allowed with a warning. */
export async function addToWhitelist(
  deps: Deps,
  serverId: string,
  actorId: string,
  roleId: string,
): Promise<WhitelistResult> {
  const hierarchy = await loadHierarchy(deps, serverId);
  const role = requireAssignable(hierarchy, serverId, roleId);
  const refusal = refusalFor(role);
  if (refusal) throw badRequest(refusal, "role");
  const listed = await roleStore.listRoles(deps.storage.db, serverId);
  const existing = listed.find((entry) => entry.roleId === roleId);
  if (existing?.status === "whitelisted") throw conflict(`**@${role.name}** is already whitelisted.`, "role");
  if (!existing && listed.length >= selfRoleLimits.maxWhitelist) {
    throw badRequest(
      `The whitelist holds at most ${selfRoleLimits.maxWhitelist} roles; remove some you no longer use first.`,
      "role",
    );
  }
  await roleStore.whitelistRole(deps.storage.db, serverId, roleId, actorId, Date.now());
  const warnings: string[] = [];
  const warned = warnedIn(role.permissions);
  if (warned.length > 0) {
    warnings.push(
      `⚠️ **@${role.name}** has ${joinNames(warned.map((name) => `**${name}**`))}: anyone who picks it can remove members from the server. It's whitelisted; make sure that's what you want.`,
    );
  }
  const problem = botRoleProblem(hierarchy, serverId, role);
  if (problem) warnings.push(`⚠️ Members can't get it yet: ${problem}`);
  return { role, warnings };
}

/** Takes a role off the whitelist (or blacklist) and off every panel. */
export async function removeFromWhitelist(deps: Deps, serverId: string, roleId: string) {
  const entry = await roleStore.findRole(deps.storage.db, serverId, roleId);
  if (!entry) throw notFound(`<@&${roleId}> isn't on the whitelist.`);
  return { panels: await dropRole(deps, serverId, roleId) };
}

/** Takes a role off the lists and off every panel, updating their messages; answers how many panels it was on. */
export async function dropRole(deps: Deps, serverId: string, roleId: string): Promise<number> {
  await roleStore.forgetRole(deps.storage.db, serverId, roleId);
  const panels = await store.removeRoleFromPanels(deps.storage.db, serverId, roleId);
  await refreshPanels(
    deps,
    serverId,
    panels.map((p) => p.panelId),
  );
  return panels.length;
}

export async function viewWhitelist(deps: Deps, serverId: string) {
  const roles = await roleStore.listRoles(deps.storage.db, serverId);
  return {
    whitelisted: roles.filter((r) => r.status === "whitelisted"),
    blacklisted: roles.filter((r) => r.status === "blacklisted"),
  };
}
