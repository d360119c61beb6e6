/**
 * The data the Discord port reads and writes (see `DiscordPort` in port.ts). Shapes follow Discord's
 * REST objects, trimmed to what features read, with ms timestamps.
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

/** A file sent with a message (a CSV export): text, uploaded as an attachment. */
export interface OutgoingFile {
  /** The file name members see, e.g. `prices.csv`. */
  name: string;
  data: string;
  contentType?: string;
}

export interface OutgoingMessage {
  content?: string;
  embeds?: Embed[];
  /** Rows of up to five buttons, or one select menu. */
  components?: (Button | SelectMenu)[][];
  /** Which mentions may ping; by default none do, so user text can't mass-ping. */
  allowedMentions?: { users?: string[]; roles?: string[]; everyone?: boolean };
  /**
   * Sends the message as a reply to this message of the same channel (channel messages only); a
   * reply to a message deleted meanwhile is sent as a plain message. Replying pings no one unless
   * `allowedMentions` names the author.
   */
  replyTo?: string;
  /** Files attached to the message (up to 10). */
  files?: OutgoingFile[];
  /**
   * The post's nonce (at most 25 characters), for a post a job may repeat after a crash: sent with
   * `enforce_nonce`, Discord answers a repeat within a few minutes with the first message instead
   * of posting again. Left out, each post gets a fresh one.
   */
  nonce?: string;
}

/** A server invite and how often it was used (Discord shows them to members with Manage Server). */
export interface InviteInfo {
  code: string;
  /** Who made it; null for invites without one (widget, vanity URL). */
  inviterId: string | null;
  uses: number;
  /** 0 = unlimited. */
  maxUses: number;
}

export interface SentMessage {
  id: string;
  channelId: string;
}

export interface NewChannel {
  name: string;
  type: number;
  parentId?: string | null;
  topic?: string;
  nsfw?: boolean;
  permissionOverwrites?: PermissionOverwrite[];
}

export interface NewRole {
  name: string;
  color?: number;
  permissions?: string;
  mentionable?: boolean;
}

export interface RoleChanges {
  name?: string;
  color?: number;
  permissions?: string;
}

export interface ApplicationCommandDefinition {
  name: string;
  description: string;
  options?: unknown[];
  defaultMemberPermissions?: string | null;
  dmPermission?: boolean;
}
