import type { APIUser, APIUserPrimaryGuild, User } from "discord.js";
import { snowflakeTime } from "../../lib/snowflake.ts";
import type { PrimaryGuild } from "../port/events.ts";
import { cdnUrl, type MemberInfo, type UserInfo } from "../port/port.ts";

// Discord's users and members, from REST and gateway payloads and from discord.js's cache.

export const userFromApi = (user: APIUser): UserInfo => ({
  id: user.id,
  username: user.username,
  globalName: user.global_name ?? null,
  avatar: cdnUrl("avatars", user.id, user.avatar ?? null),
  bot: user.bot ?? false,
  createdAt: snowflakeTime(user.id),
});

export interface ApiMember {
  user?: APIUser;
  nick?: string | null;
  roles: string[];
  joined_at: string | null;
}

export const memberFromApi = (guildId: string, member: ApiMember, user = member.user): MemberInfo => {
  if (!user) throw new Error("A member without its user can't be mapped");
  return {
    guildId,
    user: userFromApi(user),
    nick: member.nick ?? null,
    roleIds: member.roles,
    joinedAt: member.joined_at ? Date.parse(member.joined_at) : 0,
  };
};

export const primaryGuildFromApi = (guild: APIUserPrimaryGuild | null | undefined): PrimaryGuild | null =>
  guild
    ? { guildId: guild.identity_guild_id, tag: guild.tag, enabled: guild.identity_enabled === true }
    : null;

export const userFromCache = (user: User): UserInfo => ({
  id: user.id,
  username: user.username,
  globalName: user.globalName,
  avatar: cdnUrl("avatars", user.id, user.avatar),
  bot: user.bot,
  createdAt: user.createdTimestamp,
});
