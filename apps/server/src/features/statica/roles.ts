import type { StaticaServerRole } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { forDisplay } from "../../discord/display-lookups.ts";
import type { RoleInfo } from "../../discord/port.ts";

/**
 * Which roles Statica may hand out. Rewards are given automatically to anyone who sets a keyword in
 * their status, so a reward role must never carry moderation or admin power, and the bot can only
 * give roles below its own highest role while it holds Manage Roles (Discord's hierarchy rule).
 */

const administrator = 1n << 3n;
const manageRoles = 1n << 28n;

/** Permissions that make a role unsafe to give away automatically. */
const dangerousPermissions: [bigint, string][] = [
  [administrator, "Administrator"],
  [1n << 5n, "Manage Server"],
  [manageRoles, "Manage Roles"],
  [1n << 4n, "Manage Channels"],
  [1n << 29n, "Manage Webhooks"],
  [1n << 1n, "Kick Members"],
  [1n << 2n, "Ban Members"],
  [1n << 40n, "Timeout Members"],
  [1n << 13n, "Manage Messages"],
  [1n << 17n, "Mention Everyone"],
];

/** The dangerous permissions a role carries, by name. */
export function dangerousPermissionsOf(role: Pick<RoleInfo, "permissions">): string[] {
  const bits = BigInt(role.permissions);
  return dangerousPermissions.filter(([bit]) => (bits & bit) !== 0n).map(([, name]) => name);
}

export interface BotReach {
  /** The bot's display name, for messages. */
  botName: string;
  canManageRoles: boolean;
  /** The bot's highest role, or null when it holds none (or isn't in the server). */
  highestRole: RoleInfo | null;
}

/** What the bot's own roles let it do in a server. */
export async function botReach(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  roles: RoleInfo[],
): Promise<BotReach> {
  // Unreadable (Discord failing the lookup) counts as holding no roles: nothing is offered as
  // assignable rather than the whole answer failing.
  const bot = await forDisplay(deps.discord.getBotMember(serverId));
  if (!bot) return { botName: "The bot", canManageRoles: false, highestRole: null };
  const held = roles.filter((role) => role.id === serverId || bot.roleIds.includes(role.id));
  const bits = held.reduce((all, role) => all | BigInt(role.permissions), 0n);
  const highestRole =
    held
      .filter((role) => role.id !== serverId)
      .reduce<RoleInfo | null>((top, role) => (top && top.position >= role.position ? top : role), null) ??
    null;
  return {
    botName: bot.user.globalName ?? bot.user.username,
    canManageRoles: (bits & (administrator | manageRoles)) !== 0n,
    highestRole,
  };
}

/** Whether the bot could give the role: Manage Roles, and the role sits below its highest role. */
export function canAssign(reach: BotReach, role: Pick<RoleInfo, "position" | "managed">): boolean {
  return (
    reach.canManageRoles &&
    !role.managed &&
    reach.highestRole !== null &&
    role.position < reach.highestRole.position
  );
}

/** Roles a reward can use: every role but @everyone and integration-managed ones, highest first. */
export async function listRewardRoles(
  deps: Pick<AppContext, "discord">,
  serverId: string,
): Promise<StaticaServerRole[]> {
  const roles = await deps.discord.listRoles(serverId);
  const reach = await botReach(deps, serverId, roles);
  return roles
    .filter((role) => role.id !== serverId && !role.managed)
    .toSorted((a, b) => b.position - a.position)
    .map((role) => ({
      id: role.id,
      name: role.name,
      color: role.color,
      position: role.position,
      assignable: canAssign(reach, role),
      dangerous: dangerousPermissionsOf(role).length > 0,
    }));
}
