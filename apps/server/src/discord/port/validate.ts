import { badRequest } from "../../lib/errors.ts";
import type { ChannelInfo, DiscordPort, RoleInfo } from "./port.ts";

/**
 * Checks that ids in a payload really belong to the token's server, through the Discord port, and
 * are of the right kind. Each failure is a 400 naming the payload field.
 */

type Deps = { discord: DiscordPort };

/** Channel types that can hold messages the bot posts: text and announcement. */
const messageChannelTypes = new Set([0, 5]);

async function findChannel(
  deps: Deps,
  serverId: string,
  channelId: string,
): Promise<ChannelInfo | undefined> {
  const channels = await deps.discord.listChannels(serverId);
  return channels.find((channel) => channel.id === channelId);
}

/** A text (or announcement) channel of the server, where the bot can post. */
export async function requireTextChannel(deps: Deps, serverId: string, channelId: string, field: string) {
  const channel = await findChannel(deps, serverId, channelId);
  if (!channel) throw badRequest(`${field}: no channel with id ${channelId} in this server`, field);
  if (!messageChannelTypes.has(channel.type)) {
    throw badRequest(`${field}: #${channel.name} is not a text channel`, field);
  }
  return channel;
}

/** A category of the server. */
export async function requireCategory(deps: Deps, serverId: string, channelId: string, field: string) {
  const channel = await findChannel(deps, serverId, channelId);
  if (!channel) throw badRequest(`${field}: no category with id ${channelId} in this server`, field);
  if (channel.type !== 4) throw badRequest(`${field}: ${channel.name} is not a category`, field);
  return channel;
}

/** Roles of the server (not @everyone, not managed by an integration); duplicates refused. */
export async function requireRoles(
  deps: Deps,
  serverId: string,
  roleIds: string[],
  field: string,
): Promise<RoleInfo[]> {
  if (roleIds.length === 0) return [];
  const roles = new Map((await deps.discord.listRoles(serverId)).map((role) => [role.id, role]));
  const seen = new Set<string>();
  return roleIds.map((roleId, index) => {
    const path = roleIds.length === 1 && !field.endsWith("]") ? field : `${field}.${index}`;
    if (seen.has(roleId)) throw badRequest(`${path}: role ${roleId} is listed twice`, path);
    seen.add(roleId);
    const role = roles.get(roleId);
    if (!role || roleId === serverId)
      throw badRequest(`${path}: no role with id ${roleId} in this server`, path);
    if (role.managed)
      throw badRequest(`${path}: @${role.name} is managed by an integration and can't be assigned`, path);
    return role;
  });
}

export async function requireRole(
  deps: Deps,
  serverId: string,
  roleId: string,
  field: string,
): Promise<RoleInfo> {
  const [role] = await requireRoles(deps, serverId, [roleId], field);
  if (!role) throw badRequest(`${field}: no role with id ${roleId} in this server`, field);
  return role;
}

/** A member of the server. */
export async function requireMember(deps: Deps, serverId: string, userId: string, field: string) {
  const member = await deps.discord.getMember(serverId, userId);
  if (!member) throw badRequest(`${field}: user ${userId} is not a member of this server`, field);
  return member;
}
