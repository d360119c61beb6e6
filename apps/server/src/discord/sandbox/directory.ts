import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import type { Logger } from "../../lib/logger.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { BotEvents } from "../port/events.ts";
import type {
  ApplicationCommandDefinition,
  ChannelInfo,
  DiscordPort,
  EmojiInfo,
  GuildInfo,
  MemberInfo,
  MemberSearchOptions,
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
} from "../port/port.ts";
import type { InviteInfo } from "../port/port-types.ts";
import { SandboxChanges, type SandboxContext } from "./context.ts";
import { demoBotId } from "./demo-seed-data.ts";
import * as guilds from "./guilds.ts";
import * as invites from "./invites.ts";
import * as members from "./members.ts";
import * as messages from "./messages.ts";
import * as moderation from "./moderation.ts";
import { registerCommands } from "./outbox.ts";
import * as reactions from "./reactions.ts";
import * as users from "./users.ts";

/**
 * The sandbox's Discord port: guilds, channels, roles, members, messages, reactions and emojis live
 * in `sandbox_*` tables, and every outgoing action is applied there, recorded in `sandbox_outbox`,
 * logged, and heard as the gateway event Discord would send. Each area's calls live in their own
 * module (guilds.ts, members.ts, messages.ts, reactions.ts, moderation.ts, users.ts beside it).
 * `SandboxAdapter` (adapter.ts) adds the `simulate…` methods: what members and admins do.
 */
export class SandboxDirectory implements DiscordPort {
  readonly kind = "sandbox" as const;

  /** What the bot hears. The sandbox has no gateway: its own writes and `SandboxAdapter`'s `simulate…` methods emit. */
  readonly events: BotEvents;

  /**
   * The bot's own user id: the author of what it sends and of its reactions. By default the demo
   * server's bot member, so what the bot does carries the id `getBotMember` answers, as on Discord.
   */
  readonly botUserId: string;

  protected readonly sandbox: SandboxContext;

  /** Told after every change a member would see: what the bot did, and what members did. */
  get changes(): SandboxChanges {
    return this.sandbox.changes;
  }

  constructor(
    db: Kysely<Database>,
    logger: Logger,
    options: { botUserId?: string; cacheTtlMs?: number } = {},
  ) {
    this.botUserId = options.botUserId ?? demoBotId;
    this.events = new BotEvents(logger);
    this.sandbox = {
      db,
      logger,
      events: this.events,
      botUserId: this.botUserId,
      guilds: new TtlCache(options.cacheTtlMs ?? 5000, 1000),
      users: new TtlCache(options.cacheTtlMs ?? 5000, 10_000),
      reactionStamp: reactions.reactionClock(),
      changes: new SandboxChanges(),
    };
    const { guilds: guildCache, users: userCache } = this.sandbox;
    registerCache("sandbox guilds", { size: () => guildCache.size, clear: () => guildCache.clear() });
    registerCache("sandbox users", { size: () => userCache.size, clear: () => userCache.clear() });
  }

  listGuilds(): Promise<GuildInfo[]> {
    return guilds.listGuilds(this.sandbox, this);
  }

  leaveGuild(guildId: string): Promise<void> {
    return guilds.leaveGuild(this.sandbox, guildId);
  }

  getGuild(guildId: string): Promise<GuildInfo | null> {
    return guilds.getGuild(this.sandbox, guildId);
  }

  listChannels(guildId: string): Promise<ChannelInfo[]> {
    return guilds.listChannels(this.sandbox, guildId);
  }

  listRoles(guildId: string): Promise<RoleInfo[]> {
    return members.listRoles(this.sandbox, guildId);
  }

  getMember(guildId: string, userId: string): Promise<MemberInfo | null> {
    return members.getMember(this.sandbox, guildId, userId);
  }

  searchMembers(guildId: string, query: string, options: MemberSearchOptions): Promise<MemberInfo[]> {
    return members.searchMembers(this.sandbox, guildId, query, options);
  }

  getBotMember(guildId: string): Promise<MemberInfo | null> {
    return members.getBotMember(this.sandbox, this, guildId);
  }

  getUser(userId: string): Promise<UserInfo | null> {
    return users.getUser(this.sandbox, userId);
  }

  peekGuild(guildId: string): GuildInfo | null | undefined {
    return this.sandbox.guilds.get(guildId);
  }

  peekUser(userId: string): UserInfo | null | undefined {
    return this.sandbox.users.get(userId);
  }

  sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage> {
    return messages.sendMessage(this.sandbox, channelId, message);
  }

  editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    return messages.editMessage(this.sandbox, channelId, messageId, message);
  }

  deleteMessage(channelId: string, messageId: string): Promise<void> {
    return messages.deleteMessage(this.sandbox, channelId, messageId);
  }

  sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage> {
    return users.sendDirectMessage(this.sandbox, userId, message);
  }

  addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    return members.changeRoles(this.sandbox, guildId, userId, roleId, "add", reason);
  }

  removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    return members.changeRoles(this.sandbox, guildId, userId, roleId, "remove", reason);
  }

  createChannel(guildId: string, channel: NewChannel, reason?: string): Promise<ChannelInfo> {
    return guilds.createChannel(this.sandbox, guildId, channel, reason);
  }

  getChannel(channelId: string): Promise<ChannelInfo | null> {
    return guilds.getChannel(this.sandbox, channelId);
  }

  deleteChannel(channelId: string, reason?: string): Promise<void> {
    return guilds.deleteChannel(this.sandbox, channelId, reason);
  }

  setChannelPermission(channelId: string, overwrite: PermissionOverwrite, reason?: string): Promise<void> {
    return guilds.setChannelPermission(this.sandbox, channelId, overwrite, reason);
  }

  removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void> {
    return guilds.removeChannelPermission(this.sandbox, channelId, targetId, reason);
  }

  createRole(guildId: string, role: NewRole, reason?: string): Promise<RoleInfo> {
    return members.createRole(this.sandbox, guildId, role, reason);
  }

  editRole(guildId: string, roleId: string, changes: RoleChanges, reason?: string): Promise<RoleInfo> {
    return members.editRole(this.sandbox, guildId, roleId, changes, reason);
  }

  deleteRole(guildId: string, roleId: string, reason?: string): Promise<void> {
    return members.deleteRole(this.sandbox, guildId, roleId, reason);
  }

  listEmojis(guildId: string): Promise<EmojiInfo[]> {
    return reactions.listEmojis(this.sandbox, guildId);
  }

  listInvites(guildId: string): Promise<InviteInfo[] | null> {
    return invites.listInvites(this.sandbox, guildId);
  }

  getMessage(channelId: string, messageId: string): Promise<MessageInfo | null> {
    return messages.getMessage(this.sandbox, this, channelId, messageId);
  }

  listReactionUsers(
    channelId: string,
    messageId: string,
    emoji: ReactionEmoji,
    limit?: number,
  ): Promise<string[]> {
    return reactions.listReactionUsers(this.sandbox, channelId, messageId, emoji, limit);
  }

  addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void> {
    return reactions.addReaction(this.sandbox, channelId, messageId, emoji);
  }

  banMember(
    guildId: string,
    userId: string,
    options?: { reason?: string; deleteMessageSeconds?: number },
  ): Promise<void> {
    return moderation.banMember(this.sandbox, guildId, userId, options);
  }

  unbanMember(guildId: string, userId: string, reason?: string): Promise<void> {
    return moderation.unbanMember(this.sandbox, guildId, userId, reason);
  }

  kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
    return moderation.kickMember(this.sandbox, guildId, userId, reason);
  }

  timeoutMember(guildId: string, userId: string, until: number | null, reason?: string): Promise<void> {
    return moderation.timeoutMember(this.sandbox, guildId, userId, until, reason);
  }

  registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void> {
    return registerCommands(this.sandbox, commands, guildId);
  }
}
