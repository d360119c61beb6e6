import type { AppContext } from "../../context.ts";
import { elevatedPermissionNames } from "../../discord/permissions.ts";
import type { RoleInfo } from "../../discord/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { loadHierarchy, permissionBits, permissionsOf, topPosition } from "../moderation/hierarchy.ts";
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
  if (!bot || (botBits & (permissionBits.administrator | permissionBits.manageRoles)) === 0n) {
    throw forbidden("I need the Manage Roles permission to give or take roles; ask an admin to grant it.");
  }
  if (role.position >= topPosition(hierarchy, bot.roleIds)) {
    throw forbidden(`@${role.name} is at or above my highest role; an admin must move my role above it.`);
  }
  return role;
}

/** The dangerous permissions a role grants, by name (empty when none). */
export function dangerousPermissions(role: RoleInfo): string[] {
  return elevatedPermissionNames(role.permissions);
}

/**
 * At save time: the live rules, plus the editor must be able to manage the role themselves. A role
 * granting a dangerous permission is never handed out by a component (anyone who clicks would get
 * that power); only an Administrator may attach one to a "take" action.
 */
export async function checkRoleForEditor(
  deps: Deps,
  serverId: string,
  editor: Editor,
  roleId: string,
  kind: RoleActionKind,
) {
  const role = await checkRoleUsable(deps, serverId, roleId);
  const hierarchy = await loadHierarchy(deps, serverId);
  if (editor.userId !== hierarchy.ownerId && role.position >= topPosition(hierarchy, editor.roleIds)) {
    throw forbidden(`@${role.name} is at or above your highest role, so you can't hand it out.`);
  }
  const risky = dangerousPermissions(role);
  if (risky.length === 0) return role;
  if (kind !== "take_role") {
    throw forbidden(
      `@${role.name} grants ${risky.join(", ")}; a component can't give it, since anyone who uses it would get that power. Pick a role without those permissions.`,
    );
  }
  const isAdmin = (BigInt(editor.permissions || "0") & permissionBits.administrator) !== 0n;
  if (!isAdmin) {
    throw forbidden(
      `@${role.name} grants ${risky.join(", ")}; only an Administrator can attach it to a component.`,
    );
  }
  return role;
}
