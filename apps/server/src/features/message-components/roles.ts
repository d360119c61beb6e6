import { dangerousPermissionNames } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { RoleInfo } from "../../discord/port/port.ts";
import { loadHierarchy, permissionsOf, topPosition } from "../../discord/roles/hierarchy.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import { judgeRole, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { RoleActionKind } from "./model.ts";
import type { Editor } from "./service.ts";

/** The role rules of role actions: checked when an action is added and again on every click. */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/**
 * The live role rules for giving or taking a role: a real role, not @everyone, not managed by an
 * integration, below the bot's highest role, and the bot holds Manage Roles. Each failure explains
 * what to fix.
 */
export async function checkRoleUsable(deps: Deps, serverId: string, roleId: string): Promise<RoleInfo> {
  const hierarchy = await loadHierarchy(deps, serverId);
  if (roleId === serverId)
    throw badRequest("@everyone can't be given or taken: every member has it.", "role");
  const role = hierarchy.roles.get(roleId);
  if (!role) throw badRequest("That role no longer exists; an admin needs to update this component.", "role");
  if (role.managed) {
    throw badRequest(
      `@${role.name} is managed by an integration (a bot or boosts); only Discord assigns it.`,
      "role",
    );
  }
  const bot = hierarchy.bot;
  const botBits = bot ? permissionsOf(hierarchy, serverId, bot.roleIds) : 0n;
  if (!bot || (botBits & (Permission.Administrator | Permission.ManageRoles)) === 0n) {
    throw forbidden("I need the Manage Roles permission to give or take roles; ask an admin to grant it.");
  }
  if (role.position >= topPosition(hierarchy, bot.roleIds)) {
    throw forbidden(`@${role.name} is at or above my highest role; an admin must move my role above it.`);
  }
  return role;
}

/** The dangerous permissions a role grants, by name (empty when none): the role-safety rule's list. */
export function dangerousPermissions(role: RoleInfo): string[] {
  return dangerousPermissionNames(role.permissions);
}

/**
 * At save time: the live rules, plus the role-safety rule for the editor (`discord/roles/role-safety.ts`):
 * no dangerous permission (a component gives or takes a role for anyone who clicks, so neither is
 * allowed with such a role), and the role sits below the editor's highest role (the owner excepted).
 */
export async function checkRoleForEditor(
  deps: Deps,
  serverId: string,
  editor: Editor,
  roleId: string,
  _kind: RoleActionKind,
) {
  const role = await checkRoleUsable(deps, serverId, roleId);
  const verdict = judgeRole(await loadRoleScene(deps, serverId), roleId, {
    userId: editor.userId,
    roleIds: editor.roleIds,
  });
  if (!verdict.safe) {
    const why =
      verdict.refusal === "dangerous"
        ? `${verdict.reason}; a component can't give or take it, since anyone who uses it would get that power. Pick a role without those permissions.`
        : verdict.reason;
    throw forbidden(`@${role.name}: ${why}`);
  }
  return role;
}
