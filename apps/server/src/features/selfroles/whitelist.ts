import type { RoleInfo } from "../../discord/port/port.ts";
import { botRoleProblem, loadHierarchy } from "../../discord/roles/hierarchy.ts";
import { judgeRole, loadActor, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type Deps, requireAssignable } from "./access.ts";
import { refreshPanels } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import { joinNames, refusedIn, selfRoleLimits } from "./rules.ts";
import * as store from "./store.ts";

export interface WhitelistResult {
  role: RoleInfo;
  /** Things the admin should know: a role the bot can't give yet. */
  warnings: string[];
}

/** The sentence refusing a role that carries Administrator, Manage Server or Manage Roles. */
export function refusalFor(role: RoleInfo): string | null {
  const refused = refusedIn(role.permissions);
  if (refused.length === 0) return null;
  const reasons = refused.map((p) => `**${p.name}**`);
  return `**@${role.name}** has ${joinNames(reasons)}, a moderation or admin permission. Anyone could give themselves that power, so it can't be a self-role. Remove ${refused.length === 1 ? "that permission" : "those permissions"} from the role first.`;
}

/** Allows a role on panels: roles the role-safety rule refuses (dangerous, above the actor) are refused. */
export async function addToWhitelist(
  deps: Deps,
  serverId: string,
  actorId: string,
  roleId: string,
  actor: AuditActor = { tokenId: null, userId: actorId },
): Promise<WhitelistResult> {
  const hierarchy = await loadHierarchy(deps, serverId);
  const role = requireAssignable(hierarchy, serverId, roleId);
  const refusal = refusalFor(role);
  if (refusal) throw badRequest(refusal, "role");
  // The role-safety rule's hierarchy part for the person whitelisting (the owner excepted).
  const verdict = judgeRole(
    await loadRoleScene(deps, serverId),
    roleId,
    await loadActor(deps, serverId, actorId),
  );
  if (!verdict.safe && verdict.refusal === "above-actor") {
    throw badRequest(`**@${role.name}**: ${verdict.reason}, so you can't make it a self-role.`, "role");
  }
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
  await recordAudit(deps.storage.db, serverId, actor, "selfroles.whitelist-add", { roleId });
  const warnings: string[] = [];
  const problem = botRoleProblem(hierarchy, serverId, role);
  if (problem) warnings.push(`⚠️ Members can't get it yet: ${problem}`);
  return { role, warnings };
}

/** Takes a role off the whitelist (or blacklist) and off every panel. */
export async function removeFromWhitelist(
  deps: Deps,
  serverId: string,
  roleId: string,
  actor: AuditActor = { tokenId: null, userId: null },
) {
  const entry = await roleStore.findRole(deps.storage.db, serverId, roleId);
  if (!entry) throw notFound(`<@&${roleId}> isn't on the whitelist.`);
  const panels = await dropRole(deps, serverId, roleId);
  await recordAudit(deps.storage.db, serverId, actor, "selfroles.whitelist-remove", { roleId, panels });
  return { panels };
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
