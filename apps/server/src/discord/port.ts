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
  nsfw: boolean;
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
  options: { label: string; value: string; description?: string; emoji?: string }[];
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
    channel: { name: string; type: number; parentId?: string | null; topic?: string },
    reason?: string,
  ): Promise<ChannelInfo>;
  createRole(
    guildId: string,
    role: { name: string; color?: number; permissions?: string },
    reason?: string,
  ): Promise<RoleInfo>;

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

/** A display tag: the new unique usernames have no discriminator, so the tag is the username. */
export function userTag(user: Pick<UserInfo, "username">): string {
  return user.username;
}
