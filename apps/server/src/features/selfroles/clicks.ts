import type { RoleInfo } from "../../discord/port/port.ts";
import { botRoleProblem, type Hierarchy, loadHierarchy } from "../../discord/roles/hierarchy.ts";
import { judgeRole, roleScene } from "../../discord/roles/role-safety.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { recordRoleRefusal } from "../audit/service.ts";
import type { Deps } from "./access.ts";
import { guardRole } from "./guard.ts";
import * as roleStore from "./role-store.ts";
import { refusedIn } from "./rules.ts";
import * as store from "./store.ts";

export interface Clicker {
  userId: string;
  /** The member's roles as the interaction carried them. */
  roleIds: string[];
}

async function requirePanelOf(deps: Deps, serverId: string, panelId: number): Promise<store.Panel> {
  const panel = Number.isInteger(panelId) ? await store.findPanel(deps.storage.db, serverId, panelId) : null;
  if (!panel) throw notFound("This self-role panel was deleted; ask an admin for the current one.");
  return panel;
}

/**
 * Why a member can't pick this role right now, or null when they can: the role must still exist,
 * be whitelisted, carry no dangerous permission (checked live; a role that gained one is blacklisted
 * at once) and sit below the bot's highest role, with the bot holding Manage Roles.
 */
async function refusal(
  deps: Deps,
  hierarchy: Hierarchy,
  serverId: string,
  roleId: string,
  listed: Map<string, roleStore.ListedRole>,
  clickerId: string,
): Promise<{ role: RoleInfo | null; problem: string | null }> {
  const role = hierarchy.roles.get(roleId) ?? null;
  if (!role) return { role, problem: "That role was deleted; an admin should update this panel." };
  const entry = listed.get(roleId);
  if (entry?.status === "blacklisted") {
    return {
      role,
      problem: `**@${role.name}** was taken off self-roles because it ${entry.reason ?? "gained a dangerous permission"}. An admin can restore it once that's fixed.`,
    };
  }
  if (!entry) {
    return {
      role,
      problem: `**@${role.name}** isn't on the self-role whitelist any more, so it can't be picked.`,
    };
  }
  if (refusedIn(role.permissions).length > 0) {
    await guardRole(deps, role);
    const verdict = judgeRole(
      roleScene({
        serverId,
        ownerId: hierarchy.ownerId,
        roles: [...hierarchy.roles.values()],
        bot: hierarchy.bot,
      }),
      roleId,
    );
    if (!verdict.safe) {
      await recordRoleRefusal(deps, serverId, { feature: "selfroles", roleId, userId: clickerId, verdict });
    }
    return {
      role,
      problem: `**@${role.name}** now carries a dangerous permission, so it was taken off self-roles and the admins were told.`,
    };
  }
  return { role, problem: botRoleProblem(hierarchy, serverId, role) };
}

async function load(deps: Deps, serverId: string) {
  const [hierarchy, roles] = await Promise.all([
    loadHierarchy(deps, serverId),
    roleStore.listRoles(deps.storage.db, serverId),
  ]);
  return { hierarchy, listed: new Map(roles.map((entry) => [entry.roleId, entry])) };
}

/** A panel button: gives the role, or takes it back when the member has it. */
export async function toggleRole(
  deps: Deps,
  serverId: string,
  input: { panelId: number; roleId: string; member: Clicker },
): Promise<{ action: "added" | "removed"; role: RoleInfo }> {
  const panel = await requirePanelOf(deps, serverId, input.panelId);
  if (!panel.roles.some((role) => role.roleId === input.roleId)) {
    throw badRequest("That role isn't on this panel any more.");
  }
  const { hierarchy, listed } = await load(deps, serverId);
  const { role, problem } = await refusal(
    deps,
    hierarchy,
    serverId,
    input.roleId,
    listed,
    input.member.userId,
  );
  if (problem || !role) throw forbidden(problem ?? "That role was deleted.");
  const has = input.member.roleIds.includes(role.id);
  const reason = `Self-role panel "${panel.name}"`;
  if (has) await deps.discord.removeMemberRole(serverId, input.member.userId, role.id, reason);
  else await deps.discord.addMemberRole(serverId, input.member.userId, role.id, reason);
  return { action: has ? "removed" : "added", role };
}

export interface SelectionResult {
  added: RoleInfo[];
  removed: RoleInfo[];
  /** Roles the member chose (or held) that couldn't be changed, with why. */
  refused: string[];
}

/** A panel menu: the chosen roles are what the member wants; missing ones are given, unchosen taken. */
export async function setPanelSelection(
  deps: Deps,
  serverId: string,
  input: { panelId: number; values: string[]; member: Clicker },
): Promise<SelectionResult> {
  const panel = await requirePanelOf(deps, serverId, input.panelId);
  const chosen = new Set(input.values);
  const { hierarchy, listed } = await load(deps, serverId);
  const result: SelectionResult = { added: [], removed: [], refused: [] };
  const held = new Set(input.member.roleIds);
  const reason = `Self-role panel "${panel.name}"`;
  for (const { roleId } of panel.roles) {
    const wants = chosen.has(roleId);
    if (wants === held.has(roleId)) continue;
    const { role, problem } = await refusal(deps, hierarchy, serverId, roleId, listed, input.member.userId);
    if (problem || !role) {
      result.refused.push(problem ?? "A role was deleted.");
      continue;
    }
    if (wants) {
      await deps.discord.addMemberRole(serverId, input.member.userId, roleId, reason);
      result.added.push(role);
    } else {
      await deps.discord.removeMemberRole(serverId, input.member.userId, roleId, reason);
      result.removed.push(role);
    }
  }
  return result;
}
