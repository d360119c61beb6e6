import {
  AllowedMentionsTypes,
  type APIAllowedMentions,
  type APIEmbed,
  type APIMessageComponentEmoji,
  type APIRole,
  type APIUser,
  type APIUserPrimaryGuild,
  ButtonStyle,
  ComponentType,
  DiscordAPIError,
  type Guild,
  type GuildBasedChannel,
  type GuildMember,
  HTTPError,
  RateLimitError,
  type Role,
  type User,
} from "discord.js";
import type { PrimaryGuild } from "../bot/events.ts";
import { snowflakeTime } from "../lib/snowflake.ts";
import {
  type Button,
  type ChannelInfo,
  cdnUrl,
  DiscordError,
  type DiscordErrorCode,
  type Embed,
  type GuildInfo,
  type MemberInfo,
  type OutgoingMessage,
  type RoleInfo,
  type SelectMenu,
  type UserInfo,
} from "./port.ts";

// Discord's REST and gateway objects → the port's shapes (ms timestamps, CDN URLs), and back.

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
}

export const channelFromApi = (guildId: string, channel: ApiChannel): ChannelInfo => ({
  id: channel.id,
  guildId: channel.guild_id ?? guildId,
  name: channel.name ?? "",
  type: channel.type,
  parentId: channel.parent_id ?? null,
  position: channel.position ?? 0,
  nsfw: channel.nsfw ?? false,
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

// discord.js's cached structures → the same shapes (positions are Discord's raw ones, as over REST).

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

export const userFromCache = (user: User): UserInfo => ({
  id: user.id,
  username: user.username,
  globalName: user.globalName,
  avatar: cdnUrl("avatars", user.id, user.avatar),
  bot: user.bot,
  createdAt: user.createdTimestamp,
});

export const memberFromCache = (member: GuildMember): MemberInfo => ({
  guildId: member.guild.id,
  user: userFromCache(member.user),
  nick: member.nickname,
  roleIds: member.roles.cache.filter((role) => role.id !== member.guild.id).map((role) => role.id),
  joinedAt: member.joinedTimestamp ?? 0,
});

// Outgoing messages.

const buttonStyles: Record<Button["style"], ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
  link: ButtonStyle.Link,
};

/** "🎉", "<:name:id>" or "<a:name:id>" as Discord's emoji object. */
export function emojiBody(emoji: string): APIMessageComponentEmoji {
  const custom = /^<(a?):(\w+):(\d+)>$/.exec(emoji);
  if (!custom) return { name: emoji };
  return { id: custom[3], name: custom[2], animated: custom[1] === "a" };
}

function embedBody(embed: Embed): APIEmbed {
  return {
    title: embed.title,
    description: embed.description,
    url: embed.url,
    color: embed.color,
    timestamp: embed.timestamp,
    footer: embed.footer && { text: embed.footer.text, icon_url: embed.footer.iconUrl },
    thumbnail: embed.thumbnail,
    image: embed.image,
    author: embed.author && {
      name: embed.author.name,
      icon_url: embed.author.iconUrl,
      url: embed.author.url,
    },
    fields: embed.fields,
  };
}

function componentBody(component: Button | SelectMenu) {
  if (component.type === "select") {
    return {
      type: ComponentType.StringSelect,
      custom_id: component.customId,
      placeholder: component.placeholder,
      min_values: component.minValues,
      max_values: component.maxValues,
      options: component.options.map((option) => ({
        label: option.label,
        value: option.value,
        description: option.description,
        emoji: option.emoji === undefined ? undefined : emojiBody(option.emoji),
      })),
    };
  }
  return {
    type: ComponentType.Button,
    style: buttonStyles[component.style],
    label: component.label,
    emoji: component.emoji === undefined ? undefined : emojiBody(component.emoji),
    custom_id: component.style === "link" ? undefined : component.customId,
    url: component.style === "link" ? component.url : undefined,
    disabled: component.disabled,
  };
}

/** Nothing pings unless named: user text in a welcome message must not mass-mention. */
function allowedMentionsBody(allowed: OutgoingMessage["allowedMentions"]): APIAllowedMentions {
  return {
    parse: allowed?.everyone ? [AllowedMentionsTypes.Everyone] : [],
    users: allowed?.users ?? [],
    roles: allowed?.roles ?? [],
  };
}

/**
 * A message body for Discord. `replace` (edits) sends every part, so an edit makes the message
 * exactly this one, as the sandbox does, rather than keeping parts the edit didn't name.
 */
export function messageBody(message: OutgoingMessage, options: { replace?: boolean } = {}) {
  const empty = options.replace ? [] : undefined;
  return {
    content: message.content ?? (options.replace ? "" : undefined),
    embeds: message.embeds?.map(embedBody) ?? empty,
    components:
      message.components?.map((row) => ({
        type: ComponentType.ActionRow,
        components: row.map(componentBody),
      })) ?? empty,
    allowed_mentions: allowedMentionsBody(message.allowedMentions),
  };
}

// Errors.

const codes: Record<number, DiscordErrorCode> = {
  10003: "unknown_channel",
  10004: "unknown_guild",
  10007: "unknown_member",
  10008: "unknown_message",
  10011: "unknown_role",
  10013: "unknown_user",
  10026: "unknown_member", // Unknown Ban: the sandbox answers an unban of someone not banned the same way
  50001: "missing_permissions", // Missing Access
  50007: "dm_closed",
  50013: "missing_permissions",
};

const networkErrors = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * Discord's failures as the port's DiscordError codes. Anything not listed (an invalid form body,
 * say) is a bug on our side and is passed on as it is.
 */
export function toDiscordError(error: unknown): unknown {
  if (error instanceof DiscordError) return error;
  if (error instanceof DiscordAPIError) {
    const code = codes[Number(error.code)];
    if (code) return new DiscordError(code, error.message);
    if (error.status === 429) return new DiscordError("rate_limited", error.message);
    if (error.status >= 500) return new DiscordError("unavailable", error.message);
    return error;
  }
  if (error instanceof RateLimitError) return new DiscordError("rate_limited", error.message);
  if (error instanceof HTTPError) {
    return new DiscordError(error.status === 429 ? "rate_limited" : "unavailable", error.message);
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const network = typeof code === "string" && (networkErrors.has(code) || code.startsWith("UND_ERR"));
    if (network || error.name === "AbortError" || error.name === "TimeoutError") {
      return new DiscordError("unavailable", `Discord could not be reached: ${error.message}`);
    }
  }
  return error;
}
