import type { DiscordPort, MemberInfo, RoleInfo } from "../port/port.ts";
import { Permission } from "./permissions.ts";

/**
 * Discord's role hierarchy, as the bot needs it to refuse what Discord (or good sense) would: the
 * server's roles, its owner and the bot's own member, read once per decision. Every feature that
 * gives, takes or checks roles reads it here.
 */

export interface Hierarchy {
  roles: Map<string, RoleInfo>;
  ownerId: string;
  bot: MemberInfo | null;
}

export async function loadHierarchy(
  deps: { discord: Pick<DiscordPort, "listRoles" | "getGuild" | "getBotMember"> },
  serverId: string,
): Promise<Hierarchy> {
  const [roles, guild, bot] = await Promise.all([
    deps.discord.listRoles(serverId),
    deps.discord.getGuild(serverId),
    deps.discord.getBotMember(serverId),
  ]);
  return { roles: new Map(roles.map((role) => [role.id, role])), ownerId: guild?.ownerId ?? "", bot };
}

/** The position of the member's highest role (0 for @everyone only). */
export function topPosition(hierarchy: Hierarchy, roleIds: readonly string[]): number {
  return roleIds.reduce((top, id) => Math.max(top, hierarchy.roles.get(id)?.position ?? 0), 0);
}

/** The highest role itself, for messages. */
export function topRole(hierarchy: Hierarchy, roleIds: readonly string[]): RoleInfo | null {
  let best: RoleInfo | null = null;
  for (const id of roleIds) {
    const role = hierarchy.roles.get(id);
    if (role && (!best || role.position > best.position)) best = role;
  }
  return best;
}

/** Permission bits of a set of roles (with @everyone). */
export function permissionsOf(hierarchy: Hierarchy, serverId: string, roleIds: readonly string[]): bigint {
  return [serverId, ...roleIds].reduce(
    (bits, id) => bits | BigInt(hierarchy.roles.get(id)?.permissions ?? "0"),
    0n,
  );
}

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
