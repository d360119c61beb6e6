/**
 * The only surface features use to reach Discord. Two adapters implement it: `sandbox` (a server
 * directory in our own database, for running without a bot token and for tests) and `discord.js`.
 * The shapes it carries live in port-types.ts and are re-exported here, so features import one module.
 */
import type {
  ApplicationCommandDefinition,
  ChannelInfo,
  EmojiInfo,
  GuildInfo,
  InviteInfo,
  MemberInfo,
  MessageInfo,
  NewChannel,
  NewRole,
  OutgoingMessage,
  PermissionOverwrite,
  ReactionEmoji,
  RoleChanges,
  RoleInfo,
  SentMessage,
  UserInfo,
} from "./port-types.ts";

export type {
  ApplicationCommandDefinition,
  Attachment,
  Button,
  ChannelInfo,
  Embed,
  EmbedField,
  EmojiInfo,
  GuildInfo,
  InviteInfo,
  MemberInfo,
  MessageInfo,
  Modal,
  NewChannel,
  NewRole,
  OutgoingMessage,
  PermissionOverwrite,
  ReactionEmoji,
  RoleChanges,
  RoleInfo,
  SelectMenu,
  SentMessage,
  TextInput,
  UserInfo,
} from "./port-types.ts";

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

export interface MemberSearchOptions {
  limit: number;
  /** The last id of the previous page. */
  after?: string;
}

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
  /** Makes the bot leave a guild (a blocked server); leaving one it is not in is not an error. */
  leaveGuild(guildId: string): Promise<void>;
  listChannels(guildId: string): Promise<ChannelInfo[]>;
  listRoles(guildId: string): Promise<RoleInfo[]>;
  getMember(guildId: string, userId: string): Promise<MemberInfo | null>;
  /**
   * Members for the dashboard's member picker, in a stable order (by id), after `after`, up to `limit`:
   * with a `query`, those whose username, global name or nickname contains it, in any case (Discord
   * itself matches only the start of a username or nickname); an empty query lists every member.
   * Throws a DiscordError when Discord refuses (listing needs the server members intent).
   */
  searchMembers(guildId: string, query: string, options: MemberSearchOptions): Promise<MemberInfo[]>;
  /** The bot's own member in a guild: its roles decide which roles it may give. */
  getBotMember(guildId: string): Promise<MemberInfo | null>;
  getUser(userId: string): Promise<UserInfo | null>;
  /**
   * What getGuild and getUser would answer from memory right now, without a call: the value (null
   * for one known not to exist), or undefined when only the call can tell. For hot reads that can
   * answer without a promise when the value is in memory (the dashboard's server card, issue 16).
   */
  peekGuild(guildId: string): GuildInfo | null | undefined;
  peekUser(userId: string): UserInfo | null | undefined;

  sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage>;
  editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void>;
  deleteMessage(channelId: string, messageId: string): Promise<void>;
  /** Throws DiscordError("dm_closed") when the user does not accept DMs from the bot. */
  sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage>;

  addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void>;
  removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void>;
  createChannel(guildId: string, channel: NewChannel, reason?: string): Promise<ChannelInfo>;
  getChannel(channelId: string): Promise<ChannelInfo | null>;
  deleteChannel(channelId: string, reason?: string): Promise<void>;
  /** Creates or replaces the overwrite for `overwrite.id` on the channel. */
  setChannelPermission(channelId: string, overwrite: PermissionOverwrite, reason?: string): Promise<void>;
  removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void>;
  createRole(guildId: string, role: NewRole, reason?: string): Promise<RoleInfo>;
  editRole(guildId: string, roleId: string, changes: RoleChanges, reason?: string): Promise<RoleInfo>;
  deleteRole(guildId: string, roleId: string, reason?: string): Promise<void>;
  listEmojis(guildId: string): Promise<EmojiInfo[]>;
  /**
   * The server's invites with their use counts (invite tracking compares them when a member joins).
   * Null when the bot may not see them: Discord requires the Manage Server permission.
   */
  listInvites(guildId: string): Promise<InviteInfo[] | null>;

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
