import type { Channel, Role, ServerInfo } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { userTag } from "../../discord/port.ts";
import { notFound } from "../../lib/errors.ts";

type Deps = Pick<AppContext, "discord">;

export async function getServerInfo(deps: Deps, serverId: string): Promise<ServerInfo> {
  const guild = await deps.discord.getGuild(serverId);
  if (!guild) throw notFound("The bot is no longer in this server");
  const owner = await deps.discord.getUser(guild.ownerId);
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    memberCount: guild.memberCount,
    owner: { id: guild.ownerId, tag: owner ? userTag(owner) : "Unknown user" },
  };
}

/** Channels in Discord's order: categories by position, each followed by its children. */
export async function listServerChannels(deps: Deps, serverId: string): Promise<Channel[]> {
  const channels = await deps.discord.listChannels(serverId);
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  const categoryPosition = new Map(channels.filter((c) => c.type === 4).map((c) => [c.id, c.position]));
  const groupOf = (channel: (typeof channels)[number]) =>
    channel.type === 4 ? channel.position : (categoryPosition.get(channel.parentId ?? "") ?? -1);
  return channels
    .toSorted(
      (a, b) =>
        groupOf(a) - groupOf(b) ||
        Number(a.type === 4 ? 0 : 1) - Number(b.type === 4 ? 0 : 1) ||
        a.position - b.position,
    )
    .map((channel) => ({
      id: channel.id,
      name: channel.name,
      type: channel.type,
      parentId: channel.parentId,
      parentName: channel.parentId ? (names.get(channel.parentId) ?? null) : null,
      position: channel.position,
    }));
}

/** Roles a manager can pick: every role but @everyone (whose id is the server's), highest first. */
export async function listServerRoles(deps: Deps, serverId: string): Promise<Role[]> {
  const roles = await deps.discord.listRoles(serverId);
  return roles
    .filter((role) => role.id !== serverId)
    .toSorted((a, b) => b.position - a.position)
    .map((role) => ({
      id: role.id,
      name: role.name,
      color: role.color,
      position: role.position,
      managed: role.managed,
    }));
}
