import { type CommandEntry, type CommandPermission, findCommand } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { getManagerRole as getComponentManagerRole } from "../../features/components/store.ts";
import { getSetup } from "../../features/servers/setup-service.ts";
import { forbidden } from "../../lib/errors.ts";
import type { InteractionMember } from "../interaction.ts";

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

/** The role id a server configured for a command's manager role, if any. */
async function managerRoleId(ctx: Pick<AppContext, "storage">, serverId: string, entry: CommandEntry) {
  if (!entry.managerRole) return null;
  if (entry.managerRole === "component management role")
    return getComponentManagerRole(ctx.storage.db, serverId);
  const setup = await getSetup(ctx, serverId);
  if (entry.managerRole === "grinder management role") return setup.managerRoleId;
  if (entry.managerRole === "event manager role") return setup.events.manager;
  return null;
}

/**
 * Checks the catalogue's rule for a command (spec site-and-docs §6) before its handler runs: the
 * member needs one of the listed permissions (Administrator always counts) or the configured
 * manager role; developer tools answer only the bot's developers.
 */
export async function checkCommandAccess(
  ctx: Pick<AppContext, "storage">,
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
  const roleId = await managerRoleId(ctx, serverId, entry);
  if (roleId && member.roleIds.includes(roleId)) return;
  const needs = entry.permissions.join(" or ");
  const role = entry.managerRole ? ` (or this server's ${entry.managerRole})` : "";
  throw forbidden(`You need ${needs}${role} to use /${path}.`);
}
