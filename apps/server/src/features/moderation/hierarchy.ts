import type { AppContext } from "../../context.ts";
import type { MemberInfo, RoleInfo } from "../../discord/port/port.ts";

/** Discord's role hierarchy, as the bot needs it to refuse what Discord (or good sense) would. */

export const permissionBits = {
  administrator: 1n << 3n,
  manageRoles: 1n << 28n,
} as const;

export interface Hierarchy {
  roles: Map<string, RoleInfo>;
  ownerId: string;
  bot: MemberInfo | null;
}

export async function loadHierarchy(deps: Pick<AppContext, "discord">, serverId: string): Promise<Hierarchy> {
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
