/**
 * The only surface features use to reach Discord. Two adapters implement it: `sandbox` (a server
 * directory in our own database, for running without a bot token and for tests) and `discord.js`.
 * Shapes follow Discord's REST objects, trimmed to what features read, with ms timestamps.
 */

export interface GuildInfo {
  id: string;
  name: string;
  /** Full CDN URL of the icon, or null. */
  icon: string | null;
  ownerId: string;
  memberCount: number;
  description: string | null;
  boostCount: number;
  boostLevel: number;
  createdAt: number;
}

export interface ChannelInfo {
  id: string;
  guildId: string;
  name: string;
  /** Discord channel type: 0 text, 2 voice, 4 category, 5 announcement, 13 stage, 15 forum. */
  type: number;
  parentId: string | null;
  position: number;
  /** Age-restricted: boards never carry a message from such a channel into one that isn't. */
  nsfw: boolean;
  /** Role and member overwrites, as Discord applies them on top of the roles' permissions. */
  permissionOverwrites: PermissionOverwrite[];
}

/** One channel permission overwrite; `allow`/`deny` are bitfields as decimal strings. */
export interface PermissionOverwrite {
  /** A role id (the guild id is @everyone) or a member id. */
  id: string;
  type: "role" | "member";
  allow: string;
  deny: string;
}

/** A server's custom emoji. */
export interface EmojiInfo {
  id: string;
  name: string;
  animated: boolean;
}

/**
 * An emoji as reactions name it: a unicode emoji has only `name` ("⭐"); a custom one has `id` too.
 * `emojiKey` gives the one string form stored and compared everywhere.
 */
export interface ReactionEmoji {
  id: string | null;
  name: string;
  animated?: boolean;
}

export interface Attachment {
  id: string;
  url: string;
  filename: string;
  /** MIME type when Discord knows it (image/png …). */
  contentType: string | null;
}

/** A message read back from a channel (boards, self-role migration). */
export interface MessageInfo {
  id: string;
  channelId: string;
  guildId: string | null;
  author: UserInfo;
  content: string;
  embeds: Embed[];
  /**
   * The message's rows of buttons and menus, when it has any (`/embed edit` keeps them). Only the
   * kinds the port can send are read back: buttons and string menus.
   */
  components?: (Button | SelectMenu)[][];
  attachments: Attachment[];
  /** Reaction totals by emoji key (see `emojiKey`). */
  reactions: { emoji: ReactionEmoji; count: number }[];
  /** Role ids mentioned in the content. */
  mentionRoleIds: string[];
  webhookId: string | null;
  createdAt: number;
}

export interface RoleInfo {
  id: string;
  guildId: string;
  name: string;
  color: number;
  position: number;
  /** Permission bitfield as a decimal string (Discord's own representation). */
  permissions: string;
  managed: boolean;
}

export interface UserInfo {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
  bot: boolean;
  createdAt: number;
}

export interface MemberInfo {
  guildId: string;
  user: UserInfo;
  nick: string | null;
  roleIds: string[];
  joinedAt: number;
}

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface Embed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  footer?: { text: string; iconUrl?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  author?: { name: string; iconUrl?: string; url?: string };
  fields?: EmbedField[];
}

export interface Button {
  type: "button";
  style: "primary" | "secondary" | "success" | "danger" | "link";
  label?: string;
  emoji?: string;
  customId?: string;
  url?: string;
  disabled?: boolean;
}

export interface SelectMenu {
  type: "select";
  customId: string;
  placeholder?: string;
  minValues?: number;
  maxValues?: number;
  disabled?: boolean;
  options: { label: string; value: string; description?: string; emoji?: string; default?: boolean }[];
}

/** A text field of a form (modal). */
export interface TextInput {
  customId: string;
  label: string;
  style: "short" | "paragraph";
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  /** Pre-filled text. */
  value?: string;
}

/** A form shown in answer to a command, button or select: up to five text fields. */
export interface Modal {
  customId: string;
  title: string;
  fields: TextInput[];
}

export interface OutgoingMessage {
  content?: string;
  embeds?: Embed[];
  /** Rows of up to five buttons, or one select menu. */
  components?: (Button | SelectMenu)[][];
  /** Which mentions may ping; by default none do, so user text can't mass-ping. */
  allowedMentions?: { users?: string[]; roles?: string[]; everyone?: boolean };
}

export interface SentMessage {
  id: string;
  channelId: string;
}

export interface ApplicationCommandDefinition {
  name: string;
  description: string;
  options?: unknown[];
  defaultMemberPermissions?: string | null;
  dmPermission?: boolean;
}

/** Expected failures from Discord, as values a caller can branch on. */
export type DiscordErrorCode =
  | "unknown_guild"
  | "unknown_channel"
  | "unknown_member"
  | "unknown_user"
  | "unknown_role"
  | "unknown_message"
  | "dm_closed"
  | "missing_permissions"
  | "rate_limited"
  | "unavailable";

export class DiscordError extends Error {
  constructor(
    readonly code: DiscordErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "DiscordError";
  }
}

export interface DiscordPort {
  readonly kind: "sandbox" | "discord";

  /** Guilds the bot is in. */
  listGuilds(): Promise<GuildInfo[]>;
  getGuild(guildId: string): Promise<GuildInfo | null>;
  listChannels(guildId: string): Promise<ChannelInfo[]>;
  listRoles(guildId: string): Promise<RoleInfo[]>;
  getMember(guildId: string, userId: string): Promise<MemberInfo | null>;
  /** The bot's own member in a guild: its roles decide which roles it may give. */
  getBotMember(guildId: string): Promise<MemberInfo | null>;
  getUser(userId: string): Promise<UserInfo | null>;

  sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage>;
  editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void>;
  deleteMessage(channelId: string, messageId: string): Promise<void>;
  /** Throws DiscordError("dm_closed") when the user does not accept DMs from the bot. */
  sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage>;

  addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void>;
  removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void>;
  createChannel(
    guildId: string,
    channel: {
      name: string;
      type: number;
      parentId?: string | null;
      topic?: string;
      nsfw?: boolean;
      permissionOverwrites?: PermissionOverwrite[];
    },
    reason?: string,
  ): Promise<ChannelInfo>;
  getChannel(channelId: string): Promise<ChannelInfo | null>;
  deleteChannel(channelId: string, reason?: string): Promise<void>;
  /** Creates or replaces the overwrite for `overwrite.id` on the channel. */
  setChannelPermission(channelId: string, overwrite: PermissionOverwrite, reason?: string): Promise<void>;
  removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void>;
  createRole(
    guildId: string,
    role: { name: string; color?: number; permissions?: string; mentionable?: boolean },
    reason?: string,
  ): Promise<RoleInfo>;
  editRole(
    guildId: string,
    roleId: string,
    changes: { name?: string; color?: number; permissions?: string },
    reason?: string,
  ): Promise<RoleInfo>;
  deleteRole(guildId: string, roleId: string, reason?: string): Promise<void>;
  listEmojis(guildId: string): Promise<EmojiInfo[]>;

  /** Null when the message (or channel) is gone. */
  getMessage(channelId: string, messageId: string): Promise<MessageInfo | null>;
  /** Ids of the users who reacted with the emoji (every page, up to `limit`, default 1000). */
  listReactionUsers(
    channelId: string,
    messageId: string,
    emoji: ReactionEmoji,
    limit?: number,
  ): Promise<string[]>;
  /** The bot reacts (auto-reactions, reaction-role panels). */
  addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void>;

  banMember(
    guildId: string,
    userId: string,
    options?: { reason?: string; deleteMessageSeconds?: number },
  ): Promise<void>;
  unbanMember(guildId: string, userId: string, reason?: string): Promise<void>;
  kickMember(guildId: string, userId: string, reason?: string): Promise<void>;
  /** `until` null lifts a timeout. */
  timeoutMember(guildId: string, userId: string, until: number | null, reason?: string): Promise<void>;

  registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void>;
}

/** Discord's CDN URL for a guild icon or user avatar hash; passes full URLs through. */
export function cdnUrl(kind: "icons" | "avatars", ownerId: string, hash: string | null): string | null {
  if (!hash) return null;
  if (/^https?:\/\//.test(hash)) return hash;
  const ext = hash.startsWith("a_") ? "gif" : "png";
  return `https://cdn.discordapp.com/${kind}/${ownerId}/${hash}.${ext}?size=128`;
}

/** The one string form of an emoji: the unicode text, or `name:id` for a custom emoji. */
export function emojiKey(emoji: ReactionEmoji): string {
  return emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name;
}

/**
 * Reads an emoji as a member types it: unicode (`⭐`), a custom emoji's markup (`<:name:id>`,
 * `<a:name:id>`) or `name:id`. Null when the text is not one emoji.
 */
export function parseEmoji(text: string): ReactionEmoji | null {
  const trimmed = text.trim();
  const custom =
    /^<(a?):([\w~]{2,32}):(\d{17,20})>$/.exec(trimmed) ?? /^()([\w~]{2,32}):(\d{17,20})$/.exec(trimmed);
  if (custom) return { id: custom[3] ?? null, name: custom[2] ?? "", animated: custom[1] === "a" };
  if (trimmed.length === 0 || trimmed.length > 16 || /[\s<>:@]/.test(trimmed)) return null;
  // Exactly one emoji: "🔥abc" or "🔥⭐" would be refused by Discord as a reaction.
  const graphemes = [...emojiSegmenter.segment(trimmed)];
  if (graphemes.length !== 1) return null;
  return unicodeEmoji.test(trimmed) ? { id: null, name: trimmed } : null;
}

const emojiSegmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
/** One unicode emoji as Discord accepts it for a reaction: keycap, flag, or pictograph with its modifiers and joins. */
const unicodeEmoji =
  /^(?:[#*0-9]\uFE0F?\u20E3|\p{Regional_Indicator}{2}|\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}\u{E0020}-\u{E007F}]*(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]*)*)$/u;

/** How an emoji is written in a message. */
export function emojiMarkup(emoji: ReactionEmoji): string {
  return emoji.id ? `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>` : emoji.name;
}

/** A display tag: the new unique usernames have no discriminator, so the tag is the username. */
export function userTag(user: Pick<UserInfo, "username">): string {
  return user.username;
}
