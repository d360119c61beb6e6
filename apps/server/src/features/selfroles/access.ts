import type { AppContext } from "../../context.ts";
import type { RoleInfo } from "../../discord/port/port.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import { badRequest } from "../../lib/errors.ts";
import { type Hierarchy, loadHierarchy, permissionsOf, topRole } from "../moderation/hierarchy.ts";

export type Deps = Pick<AppContext, "storage" | "discord" | "logger" | "jobs">;

export type { Hierarchy };
export { loadHierarchy };

const where = "Server Settings → Roles";

/**
 * What stops the bot from giving or taking a role, as a sentence saying what to fix, or null when
 * it can: it needs Manage Roles (or Administrator), and its highest role must sit above the role.
 */
export function botRoleProblem(hierarchy: Hierarchy, serverId: string, role: RoleInfo): string | null {
  const bot = hierarchy.bot;
  if (!bot) return "I'm not a member of this server any more, so I can't give roles here.";
  const botTop = topRole(hierarchy, bot.roleIds);
  const botRoleName = botTop ? `@${botTop.name}` : "my role";
  const bits = permissionsOf(hierarchy, serverId, bot.roleIds);
  if ((bits & (Permission.Administrator | Permission.ManageRoles)) === 0n) {
    return `I need the **Manage Roles** permission to give roles. Turn it on for ${botRoleName} in ${where}.`;
  }
  if (!botTop || role.position >= botTop.position) {
    return `**@${role.name}** sits ${botTop && role.position === botTop.position ? "level with" : "above"} my highest role (${botRoleName}), and Discord only lets me give roles below it. Drag ${botRoleName} above **@${role.name}** in ${where}.`;
  }
  return null;
}

/** A role of the server that can be a self-role at all: not @everyone, not managed by an integration. */
export function requireAssignable(hierarchy: Hierarchy, serverId: string, roleId: string): RoleInfo {
  const role = hierarchy.roles.get(roleId);
  if (!role) throw badRequest(`There's no role with ID ${roleId} in this server.`, "role");
  if (role.id === serverId)
    throw badRequest("@everyone can't be a self-role: every member has it already.", "role");
  if (role.managed) {
    throw badRequest(
      `**@${role.name}** is managed by an integration (a bot, boosts or a subscription): Discord gives it, not members.`,
      "role",
    );
  }
  return role;
}

/** True when the member may run the admin side (Administrator or Manage Server, or the owner). */
export function isServerAdmin(
  hierarchy: Hierarchy,
  serverId: string,
  member: { userId: string; roleIds: string[] },
) {
  if (member.userId === hierarchy.ownerId) return true;
  const bits = permissionsOf(hierarchy, serverId, member.roleIds);
  return (bits & (Permission.Administrator | Permission.ManageGuild)) !== 0n;
}
