import { Client, Events, REST } from "discord.js";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../metrics/metrics.ts";
import { BotEvents } from "../port/events.ts";
import type { BotGateway } from "../port/gateway.ts";
import type {
  ApplicationCommandDefinition,
  ChannelInfo,
  DiscordPort,
  EmojiInfo,
  GuildInfo,
  InviteInfo,
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
import { OwnIds, registerCommands } from "./application.ts";
import { type ClientSettings, clientOptions } from "./client.ts";
import { type DiscordJsContext, forgetChannel, readCaches } from "./context.ts";
import { forwardGatewayEvents, logClientHealth } from "./gateway-events.ts";
import * as guilds from "./guilds.ts";
import * as invites from "./invites.ts";
import * as members from "./members.ts";
import * as messages from "./messages.ts";
import { instrumentGateway, instrumentRest } from "./metrics.ts";
import { OwnMembers } from "./own-member.ts";

export interface DiscordJsAdapterOptions extends ClientSettings {
  token: string;
  logger: Logger;
  /** Open the gateway (the bot role). Without it the adapter is REST only, which any process can use. */
  gateway: boolean;
  /** The application id for command registration (DISCORD_CLIENT_ID); asked of Discord when unset. */
  applicationId?: string;
  /** How long REST reads of guilds, channels, roles and users are kept when the gateway cache can't answer. */
  cacheTtlMs?: number;
  /** Counts REST rate limits and errors, gateway events per shard, and reads shard pings at scrape time. */
  metrics?: Metrics | null;
}

/**
 * The Discord port over discord.js. Every write goes through one REST client (rate limits shared);
 * reads answer from the gateway cache when this process holds the guild, else from REST, briefly
 * cached. Discord's failures come back as DiscordError codes, as from the sandbox. Each area's calls
 * live in guilds.ts, members.ts and messages.ts beside it.
 */
export class DiscordJsAdapter implements DiscordPort, BotGateway {
  readonly kind = "discord" as const;
  readonly events: BotEvents;
  readonly rest: REST;
  /** The gateway client, in processes that run the bot role. */
  readonly client: Client | null;

  private readonly context: DiscordJsContext;
  private readonly ownIds: OwnIds;

  constructor(private readonly options: DiscordJsAdapterOptions) {
    const { logger } = options;
    this.events = new BotEvents(logger);
    const settings = clientOptions(options);
    // Our own REST client rather than the gateway client's: discord.js drops its token on destroy,
    // and jobs still finishing at shutdown must be able to call Discord.
    this.rest = new REST(settings.rest).setToken(options.token);
    this.client = options.gateway ? new Client(settings) : null;
    const caches = readCaches(options.cacheTtlMs ?? 5000);
    const ownMembers = this.client ? new OwnMembers(this.client) : null;
    this.context = { rest: this.rest, client: this.client, logger, ownMembers, ...caches };
    this.ownIds = new OwnIds(this.rest, this.client, options.applicationId);
    // What the gateway says changed is read afresh next time (processes without a gateway wait out the TTL).
    this.events.on("roleUpdate", (role) => caches.roles.delete(role.guildId));
    this.events.on("roleDelete", (role) => caches.roles.delete(role.guildId));
    this.events.on("channelDelete", (channel) =>
      forgetChannel(this.context, channel.guildId, channel.channelId),
    );

    if (options.metrics) {
      instrumentRest(this.rest, options.metrics);
      if (this.client) {
        instrumentRest(this.client.rest, options.metrics);
        instrumentGateway(this.client, options.metrics);
      }
    }
    if (this.client) {
      logClientHealth(this.client, logger);
      forwardGatewayEvents(this.client, this.rest, this.events, logger);
    }
  }

  /**
   * Logs in to the gateway and resolves once every guild of this process's shards has arrived (or
   * discord.js stopped waiting for unavailable ones), so the cache answers reads from then on.
   * REST-only adapters have nothing to open.
   */
  async start(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    try {
      await client.login(this.options.token);
    } catch (error) {
      if (error instanceof Error && /disallowed intents/i.test(error.message)) {
        throw new Error(
          "Discord refused the bot's privileged intents: in the developer portal, under Bot → Privileged Gateway Intents, switch on Server Members Intent, Presence Intent and Message Content Intent",
          { cause: error },
        );
      }
      throw error;
    }
    await ready;
  }

  async stop(): Promise<void> {
    await this.client?.destroy();
  }

  listGuilds(): Promise<GuildInfo[]> {
    return guilds.listGuilds(this.context, this);
  }

  leaveGuild(guildId: string): Promise<void> {
    return guilds.leaveGuild(this.context, guildId);
  }

  getGuild(guildId: string): Promise<GuildInfo | null> {
    return guilds.getGuild(this.context, guildId);
  }

  listChannels(guildId: string): Promise<ChannelInfo[]> {
    return guilds.listChannels(this.context, guildId);
  }

  listRoles(guildId: string): Promise<RoleInfo[]> {
    return members.listRoles(this.context, guildId);
  }

  getMember(guildId: string, userId: string): Promise<MemberInfo | null> {
    return members.getMember(this.context, guildId, userId);
  }

  searchMembers(guildId: string, query: string, options: MemberSearchOptions): Promise<MemberInfo[]> {
    return members.searchMembers(this.context, guildId, query, options);
  }

  getBotMember(guildId: string): Promise<MemberInfo | null> {
    return members.getBotMember(this.context, this, guildId, () => this.ownIds.userId());
  }

  getUser(userId: string): Promise<UserInfo | null> {
    return members.getUser(this.context, userId);
  }

  peekGuild(guildId: string): GuildInfo | null | undefined {
    return guilds.peekGuild(this.context, guildId);
  }

  peekUser(userId: string): UserInfo | null | undefined {
    return members.peekUser(this.context, userId);
  }

  sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage> {
    return messages.sendMessage(this.context, channelId, message);
  }

  editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    return messages.editMessage(this.context, channelId, messageId, message);
  }

  deleteMessage(channelId: string, messageId: string): Promise<void> {
    return messages.deleteMessage(this.context, channelId, messageId);
  }

  sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage> {
    return messages.sendDirectMessage(this.context, this, userId, message);
  }

  addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    return members.addMemberRole(this.context, guildId, userId, roleId, reason);
  }

  removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    return members.removeMemberRole(this.context, guildId, userId, roleId, reason);
  }

  createChannel(guildId: string, channel: NewChannel, reason?: string): Promise<ChannelInfo> {
    return guilds.createChannel(this.context, guildId, channel, reason);
  }

  getChannel(channelId: string): Promise<ChannelInfo | null> {
    return guilds.getChannel(this.context, channelId);
  }

  deleteChannel(channelId: string, reason?: string): Promise<void> {
    return guilds.deleteChannel(this.context, channelId, reason);
  }

  setChannelPermission(channelId: string, overwrite: PermissionOverwrite, reason?: string): Promise<void> {
    return guilds.setChannelPermission(this.context, channelId, overwrite, reason);
  }

  removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void> {
    return guilds.removeChannelPermission(this.context, channelId, targetId, reason);
  }

  createRole(guildId: string, role: NewRole, reason?: string): Promise<RoleInfo> {
    return members.createRole(this.context, guildId, role, reason);
  }

  editRole(guildId: string, roleId: string, changes: RoleChanges, reason?: string): Promise<RoleInfo> {
    return members.editRole(this.context, guildId, roleId, changes, reason);
  }

  deleteRole(guildId: string, roleId: string, reason?: string): Promise<void> {
    return members.deleteRole(this.context, guildId, roleId, reason);
  }

  listEmojis(guildId: string): Promise<EmojiInfo[]> {
    return messages.listEmojis(this.context, guildId);
  }

  listInvites(guildId: string): Promise<InviteInfo[] | null> {
    return invites.listInvites(this.context, guildId);
  }

  getMessage(channelId: string, messageId: string): Promise<MessageInfo | null> {
    return messages.getMessage(this.context, this, channelId, messageId);
  }

  listReactionUsers(
    channelId: string,
    messageId: string,
    emoji: ReactionEmoji,
    limit?: number,
  ): Promise<string[]> {
    return messages.listReactionUsers(this.context, channelId, messageId, emoji, limit);
  }

  addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void> {
    return messages.addReaction(this.context, channelId, messageId, emoji);
  }

  banMember(
    guildId: string,
    userId: string,
    options?: { reason?: string; deleteMessageSeconds?: number },
  ): Promise<void> {
    return members.banMember(this.context, guildId, userId, options);
  }

  unbanMember(guildId: string, userId: string, reason?: string): Promise<void> {
    return members.unbanMember(this.context, guildId, userId, reason);
  }

  kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
    return members.kickMember(this.context, guildId, userId, reason);
  }

  timeoutMember(guildId: string, userId: string, until: number | null, reason?: string): Promise<void> {
    return members.timeoutMember(this.context, guildId, userId, until, reason);
  }

  async registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void> {
    await registerCommands(this.rest, await this.ownIds.application(), commands, guildId);
  }
}
