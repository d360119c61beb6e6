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
  TextInputStyle,
  type User,
} from "discord.js";
import { snowflakeTime } from "../lib/snowflake.ts";
import type { PrimaryGuild } from "./events.ts";
import {
  type Attachment,
  type Button,
  type ChannelInfo,
  cdnUrl,
  DiscordError,
  type DiscordErrorCode,
  type Embed,
  type EmojiInfo,
  emojiKey,
  type GuildInfo,
  type MemberInfo,
  type MessageInfo,
  type Modal,
  type OutgoingMessage,
  type PermissionOverwrite,
  type ReactionEmoji,
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

/** An emoji as reactions and the emoji list carry it (a deleted custom emoji may have lost its name). */
export interface ApiEmoji {
  id: string | null;
  name: string | null;
  animated?: boolean;
}

export const reactionEmojiFromApi = (emoji: ApiEmoji): ReactionEmoji =>
  emoji.id
    ? { id: emoji.id, name: emoji.name ?? "", ...(emoji.animated ? { animated: true } : {}) }
    : { id: null, name: emoji.name ?? "" };

export const emojiFromApi = (emoji: ApiEmoji): EmojiInfo => ({
  id: emoji.id ?? "",
  name: emoji.name ?? "",
  animated: emoji.animated ?? false,
});

/** The emoji as the reaction routes name it (`⭐` or `name:id`), URL-encoded. */
export const reactionRoute = (emoji: ReactionEmoji): string => encodeURIComponent(emojiKey(emoji));

export interface ApiAttachment {
  id: string;
  url: string;
  filename: string;
  content_type?: string;
}

export const attachmentFromApi = (attachment: ApiAttachment): Attachment => ({
  id: attachment.id,
  url: attachment.url,
  filename: attachment.filename,
  contentType: attachment.content_type ?? null,
});

interface ApiEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  footer?: { text: string; icon_url?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  author?: { name: string; icon_url?: string; url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

/** Drops the keys whose value is undefined, so a mapped object compares equal to a hand-written one. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export const embedFromApi = (embed: ApiEmbed): Embed =>
  defined({
    title: embed.title,
    description: embed.description,
    url: embed.url,
    color: embed.color,
    timestamp: embed.timestamp,
    footer: embed.footer && defined({ text: embed.footer.text, iconUrl: embed.footer.icon_url }),
    thumbnail: embed.thumbnail && { url: embed.thumbnail.url },
    image: embed.image && { url: embed.image.url },
    author:
      embed.author &&
      defined({ name: embed.author.name, iconUrl: embed.author.icon_url, url: embed.author.url }),
    fields: embed.fields?.map((field) =>
      defined({ name: field.name, value: field.value, inline: field.inline }),
    ),
  });

/** A component as REST answers it: an action row, a button or a string menu (others are skipped). */
interface ApiComponent {
  type: number;
  style?: number;
  label?: string;
  emoji?: Partial<ApiEmoji>;
  custom_id?: string;
  url?: string;
  disabled?: boolean;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options?: {
    label: string;
    value: string;
    description?: string;
    emoji?: Partial<ApiEmoji>;
    default?: boolean;
  }[];
  components?: ApiComponent[];
}

/** Discord's emoji object as the port writes it: "🎉", "<:name:id>" or "<a:name:id>". */
function emojiText(emoji: Partial<ApiEmoji> | undefined): string | undefined {
  if (!emoji?.name) return undefined;
  return emoji.id ? `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>` : emoji.name;
}

function componentFromApi(component: ApiComponent): Button | SelectMenu | null {
  if (component.type === ComponentType.Button) {
    const style = buttonStyleNames.get(component.style ?? 0);
    if (!style) return null;
    return defined({
      type: "button" as const,
      style,
      label: component.label,
      emoji: emojiText(component.emoji),
      customId: component.custom_id,
      url: component.url,
      disabled: component.disabled,
    });
  }
  if (component.type !== ComponentType.StringSelect || component.custom_id === undefined) return null;
  return defined({
    type: "select" as const,
    customId: component.custom_id,
    placeholder: component.placeholder,
    minValues: component.min_values,
    maxValues: component.max_values,
    disabled: component.disabled,
    options: (component.options ?? []).map((option) =>
      defined({
        label: option.label,
        value: option.value,
        description: option.description,
        emoji: emojiText(option.emoji),
        default: option.default,
      }),
    ),
  });
}

/** A message's action rows as the port's rows; kinds the port can't send are left out. */
export function componentsFromApi(rows: readonly ApiComponent[]): (Button | SelectMenu)[][] {
  return rows
    .filter((row) => row.type === ComponentType.ActionRow)
    .map((row) => (row.components ?? []).flatMap((component) => componentFromApi(component) ?? []))
    .filter((row) => row.length > 0);
}

/** A message as REST answers it (GET channel message). */
export interface ApiMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: APIUser;
  content?: string;
  embeds?: ApiEmbed[];
  components?: ApiComponent[];
  attachments?: ApiAttachment[];
  reactions?: { emoji: ApiEmoji; count: number }[];
  mention_roles?: string[];
  webhook_id?: string;
  timestamp: string;
}

/** REST messages carry no guild id: the caller says which guild the channel is in (null for DMs). */
export const messageFromApi = (message: ApiMessage, guildId: string | null): MessageInfo => ({
  id: message.id,
  channelId: message.channel_id,
  guildId: message.guild_id ?? guildId,
  author: userFromApi(message.author),
  content: message.content ?? "",
  embeds: (message.embeds ?? []).map(embedFromApi),
  ...(message.components?.length ? { components: componentsFromApi(message.components) } : {}),
  attachments: (message.attachments ?? []).map(attachmentFromApi),
  reactions: (message.reactions ?? []).map((reaction) => ({
    emoji: reactionEmojiFromApi(reaction.emoji),
    count: reaction.count,
  })),
  mentionRoleIds: message.mention_roles ?? [],
  webhookId: message.webhook_id ?? null,
  createdAt: Date.parse(message.timestamp),
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
const buttonStyleNames = new Map(
  Object.entries(buttonStyles).map(([name, style]) => [style as number, name as Button["style"]]),
);

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
      disabled: component.disabled,
      options: component.options.map((option) => ({
        label: option.label,
        value: option.value,
        description: option.description,
        emoji: option.emoji === undefined ? undefined : emojiBody(option.emoji),
        default: option.default,
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

/** A form for the interaction callback of type 9: one action row per text field. */
export function modalBody(modal: Modal) {
  return {
    custom_id: modal.customId,
    title: modal.title,
    components: modal.fields.map((field) => ({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.TextInput,
          custom_id: field.customId,
          label: field.label,
          style: field.style === "paragraph" ? TextInputStyle.Paragraph : TextInputStyle.Short,
          required: field.required,
          min_length: field.minLength,
          max_length: field.maxLength,
          placeholder: field.placeholder,
          value: field.value,
        },
      ],
    })),
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
