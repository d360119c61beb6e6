import type { APIRole, Guild, GuildBasedChannel, Role } from "discord.js";
import { snowflakeTime } from "../../lib/snowflake.ts";
import {
  type ChannelInfo,
  cdnUrl,
  type GuildInfo,
  type PermissionOverwrite,
  type RoleInfo,
} from "../port/port.ts";

// Discord's guilds, channels (with their permission overwrites) and roles, from REST and gateway
// payloads and from discord.js's cache (positions are Discord's raw ones in both).

export interface ApiGuild {
  id: string;
  name: string;
  icon: string | null;
  owner_id: string;
  description: string | null;
  premium_tier: number;
  premium_subscription_count?: number;
  member_count?: number;
  approximate_member_count?: number;
}

export const guildFromApi = (guild: ApiGuild): GuildInfo => ({
  id: guild.id,
  name: guild.name,
  icon: cdnUrl("icons", guild.id, guild.icon),
  ownerId: guild.owner_id,
  memberCount: guild.member_count ?? guild.approximate_member_count ?? 0,
  description: guild.description,
  boostCount: guild.premium_subscription_count ?? 0,
  boostLevel: guild.premium_tier,
  createdAt: snowflakeTime(guild.id),
});

export interface ApiChannel {
  id: string;
  type: number;
  guild_id?: string;
  name?: string | null;
  parent_id?: string | null;
  position?: number;
  nsfw?: boolean;
  permission_overwrites?: ApiOverwrite[];
}

/** A permission overwrite as Discord writes it: type 0 is a role, 1 a member. */
export interface ApiOverwrite {
  id: string;
  type: number;
  allow: string;
  deny: string;
}

export const overwriteFromApi = (overwrite: ApiOverwrite): PermissionOverwrite => ({
  id: overwrite.id,
  type: overwrite.type === 1 ? "member" : "role",
  allow: overwrite.allow,
  deny: overwrite.deny,
});

export const overwriteBody = (overwrite: PermissionOverwrite): ApiOverwrite => ({
  id: overwrite.id,
  type: overwrite.type === "member" ? 1 : 0,
  allow: overwrite.allow,
  deny: overwrite.deny,
});

export const channelFromApi = (guildId: string, channel: ApiChannel): ChannelInfo => ({
  id: channel.id,
  guildId: channel.guild_id ?? guildId,
  name: channel.name ?? "",
  type: channel.type,
  parentId: channel.parent_id ?? null,
  position: channel.position ?? 0,
  nsfw: channel.nsfw ?? false,
  permissionOverwrites: (channel.permission_overwrites ?? []).map(overwriteFromApi),
});

export const roleFromApi = (guildId: string, role: APIRole): RoleInfo => ({
  id: role.id,
  guildId,
  name: role.name,
  color: role.color,
  position: role.position,
  permissions: role.permissions,
  managed: role.managed,
});

export const guildFromCache = (guild: Guild): GuildInfo => ({
  id: guild.id,
  name: guild.name,
  icon: cdnUrl("icons", guild.id, guild.icon),
  ownerId: guild.ownerId,
  memberCount: guild.memberCount,
  description: guild.description,
  boostCount: guild.premiumSubscriptionCount ?? 0,
  boostLevel: guild.premiumTier,
  createdAt: guild.createdTimestamp,
});

export const channelFromCache = (channel: GuildBasedChannel): ChannelInfo => ({
  id: channel.id,
  guildId: channel.guildId,
  name: channel.name,
  type: channel.type,
  parentId: channel.parentId,
  position: "rawPosition" in channel ? channel.rawPosition : 0,
  nsfw: "nsfw" in channel ? Boolean(channel.nsfw) : false,
  permissionOverwrites:
    "permissionOverwrites" in channel
      ? channel.permissionOverwrites.cache.map((overwrite) => ({
          id: overwrite.id,
          type: overwrite.type === 1 ? ("member" as const) : ("role" as const),
          allow: overwrite.allow.bitfield.toString(),
          deny: overwrite.deny.bitfield.toString(),
        }))
      : [],
});

export const roleFromCache = (role: Role): RoleInfo => ({
  id: role.id,
  guildId: role.guild.id,
  name: role.name,
  color: role.colors.primaryColor,
  position: role.rawPosition,
  permissions: role.permissions.bitfield.toString(),
  managed: role.managed,
});
