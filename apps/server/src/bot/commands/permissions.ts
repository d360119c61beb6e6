import { type CommandManagerRole, type CommandPermission, findCommand } from "@hearth/core";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import { forbidden } from "../../lib/errors.ts";

/** Discord's permission bits for the permissions commands ask for. */
export const permissionBits: Record<CommandPermission, bigint> = {
  Administrator: 8n,
  "Manage Server": 32n,
  "Manage Roles": 268_435_456n,
  "Manage Channels": 16n,
  "Manage Messages": 8192n,
  "Moderate Members": 1_099_511_627_776n,
};

export function hasPermission(
  member: Pick<InteractionMember, "permissions">,
  permission: CommandPermission,
): boolean {
  const bits = BigInt(member.permissions || "0");
  return (bits & permissionBits.Administrator) !== 0n || (bits & permissionBits[permission]) !== 0n;
}

/** The catalogue's names of configurable manager roles ("grinder management role", …). */
export type ManagerRoleName = CommandManagerRole;

/** Answers the role a server configured for a manager role name (features declare these). */
export type ManagerRoleResolver = (serverId: string, role: ManagerRoleName) => Promise<string | null>;

/**
 * Checks the catalogue's rule for a command (spec site-and-docs §6) before its handler runs: the
 * member needs one of the listed permissions (Administrator always counts) or the configured
 * manager role; developer tools answer only the bot's developers.
 */
export async function checkCommandAccess(
  managerRoleOf: ManagerRoleResolver,
  serverId: string,
  path: string,
  member: InteractionMember,
  developerIds: readonly string[],
): Promise<void> {
  const entry = findCommand(path);
  if (!entry) return;
  if (entry.developerOnly) {
    if (!developerIds.includes(member.user.id))
      throw forbidden(`/${path} is a tool for the bot's developers.`);
    return;
  }
  if (entry.permissions.length === 0) return;
  if (entry.permissions.some((permission) => hasPermission(member, permission))) return;
  const roleId = entry.managerRole ? await managerRoleOf(serverId, entry.managerRole) : null;
  if (roleId && member.roleIds.includes(roleId)) return;
  const needs = entry.permissions.join(" or ");
  const role = entry.managerRole ? ` (or this server's ${entry.managerRole})` : "";
  throw forbidden(`You need ${needs}${role} to use /${path}.`);
}
