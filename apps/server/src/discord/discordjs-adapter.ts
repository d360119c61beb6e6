import {
  type APIChannel,
  type APIGuildMember,
  type APIRole,
  type APIUser,
  Client,
  Events,
  REST,
  type RESTAPIPartialCurrentUserGuild,
  type RESTGetAPIGuildResult,
  Routes,
} from "discord.js";
import type { Logger } from "../lib/logger.ts";
import { TtlCache } from "../lib/ttl-cache.ts";
import { type ClientSettings, clientOptions } from "./discordjs-adapter-client.ts";
import { forwardGatewayEvents, logClientHealth } from "./discordjs-adapter-events.ts";
import {
  type ApiEmoji,
  type ApiMessage,
  channelFromApi,
  channelFromCache,
  emojiFromApi,
  guildFromApi,
  guildFromCache,
  memberFromApi,
  memberFromCache,
  messageBody,
  messageFromApi,
  overwriteBody,
  reactionRoute,
  roleFromApi,
  roleFromCache,
  toDiscordError,
  userFromApi,
} from "./discordjs-adapter-mapping.ts";
import { BotEvents } from "./events.ts";
import type { BotGateway } from "./gateway.ts";
import {
  type ApplicationCommandDefinition,
  type ChannelInfo,
  DiscordError,
  type DiscordPort,
  type EmojiInfo,
  type GuildInfo,
  type MemberInfo,
  type MessageInfo,
  type OutgoingMessage,
  type PermissionOverwrite,
  type ReactionEmoji,
  type RoleInfo,
  type SentMessage,
  type UserInfo,
} from "./port.ts";

export interface DiscordJsAdapterOptions extends ClientSettings {
  token: string;
  logger: Logger;
  /** Open the gateway (the bot role). Without it the adapter is REST only, which any process can use. */
  gateway: boolean;
  /** The application id for command registration (DISCORD_CLIENT_ID); asked of Discord when unset. */
  applicationId?: string;
  /** How long REST reads of guilds, channels, roles and users are kept when the gateway cache can't answer. */
  cacheTtlMs?: number;
}

/** discord.js's cache updates for what the adapter writes (its internal actions, as its managers use). */
type CacheAction =
  | "ChannelCreate"
  | "ChannelDelete"
  | "GuildRoleCreate"
  | "GuildRoleUpdate"
  | "GuildRoleDelete";

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/**
 * The Discord port over discord.js. Every write goes through one REST client (rate limits shared);
 * reads answer from the gateway cache when this process holds the guild, else from REST, briefly
 * cached. Discord's failures come back as DiscordError codes, as from the sandbox.
 */
export class DiscordJsAdapter implements DiscordPort, BotGateway {
  readonly kind = "discord" as const;
  readonly events: BotEvents;
  readonly rest: REST;
  /** The gateway client, in processes that run the bot role. */
  readonly client: Client | null;

  private readonly guilds: TtlCache<string, GuildInfo | null>;
  private readonly channels: TtlCache<string, ChannelInfo[]>;
  private readonly roles: TtlCache<string, RoleInfo[]>;
  private readonly users: TtlCache<string, UserInfo | null>;
  /** Single channels read over REST, by channel id (null: gone, or a DM channel). */
  private readonly channel: TtlCache<string, ChannelInfo | null>;
  private readonly emojis: TtlCache<string, EmojiInfo[]>;
  private botUserId: Promise<string> | null = null;
  private applicationId: Promise<string> | null;

  constructor(private readonly options: DiscordJsAdapterOptions) {
    const { logger } = options;
    this.events = new BotEvents(logger);
    const settings = clientOptions(options);
    // Our own REST client rather than the gateway client's: discord.js drops its token on destroy,
    // and jobs still finishing at shutdown must be able to call Discord.
    this.rest = new REST(settings.rest).setToken(options.token);
    this.applicationId = options.applicationId ? Promise.resolve(options.applicationId) : null;
    const ttl = options.cacheTtlMs ?? 5000;
    this.guilds = new TtlCache(ttl, 1000);
    this.channels = new TtlCache(ttl, 1000);
    this.roles = new TtlCache(ttl, 1000);
    this.users = new TtlCache(ttl, 10_000);
    this.channel = new TtlCache(ttl, 10_000);
    this.emojis = new TtlCache(ttl, 1000);
    // What the gateway says changed is read afresh next time (processes without a gateway wait out the TTL).
    this.events.on("roleUpdate", (role) => this.roles.delete(role.guildId));
    this.events.on("roleDelete", (role) => this.roles.delete(role.guildId));
    this.events.on("channelDelete", (channel) => this.forgetChannel(channel.guildId, channel.channelId));

    this.client = options.gateway ? new Client(settings) : null;
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

  async listGuilds(): Promise<GuildInfo[]> {
    const ids: string[] = [];
    // The gateway cache may hold only this process's shards: REST lists every guild.
    for (let after = "0"; ; ) {
      const query = new URLSearchParams({ limit: "200", after });
      const page = (await this.call(() =>
        this.rest.get(Routes.userGuilds(), { query }),
      )) as RESTAPIPartialCurrentUserGuild[];
      ids.push(...page.map((guild) => guild.id));
      const last = page.at(-1);
      if (!last || page.length < 200) break;
      after = last.id;
    }
    const guilds = await Promise.all(ids.map((id) => this.getGuild(id)));
    return guilds.filter((guild): guild is GuildInfo => guild !== null);
  }

  async getGuild(guildId: string): Promise<GuildInfo | null> {
    const cached = this.cachedGuild(guildId);
    if (cached) return guildFromCache(cached);
    return this.guilds.getOrLoad(guildId, async () => {
      const query = new URLSearchParams({ with_counts: "true" });
      const guild = await this.orNull(() => this.rest.get(Routes.guild(guildId), { query }), "unknown_guild");
      return guild ? guildFromApi(guild as RESTGetAPIGuildResult) : null;
    });
  }

  async listChannels(guildId: string): Promise<ChannelInfo[]> {
    const cached = this.cachedGuild(guildId);
    const channels = cached
      ? cached.channels.cache.filter((channel) => !channel.isThread()).map(channelFromCache)
      : await this.channels.getOrLoad(guildId, async () => {
          const rows = await this.orNull(() => this.rest.get(Routes.guildChannels(guildId)), "unknown_guild");
          return ((rows ?? []) as APIChannel[]).map((channel) => channelFromApi(guildId, channel));
        });
    return [...channels].sort(byPosition);
  }

  async listRoles(guildId: string): Promise<RoleInfo[]> {
    const cached = this.cachedGuild(guildId);
    const roles = cached
      ? cached.roles.cache.map(roleFromCache)
      : await this.roles.getOrLoad(guildId, async () => {
          const rows = await this.orNull(() => this.rest.get(Routes.guildRoles(guildId)), "unknown_guild");
          return ((rows ?? []) as APIRole[]).map((role) => roleFromApi(guildId, role));
        });
    return [...roles].sort((a, b) => byPosition(b, a));
  }

  /** Members are never cached (see clientOptions): one REST read, when a feature needs it. */
  async getMember(guildId: string, userId: string): Promise<MemberInfo | null> {
    const member = await this.orNull(
      () => this.rest.get(Routes.guildMember(guildId, userId)),
      "unknown_member",
      "unknown_user",
      "unknown_guild",
    );
    return member ? memberFromApi(guildId, member as APIGuildMember) : null;
  }

  async getBotMember(guildId: string): Promise<MemberInfo | null> {
    const own = this.cachedGuild(guildId)?.members.me;
    if (own && !own.partial) return memberFromCache(own);
    return this.getMember(guildId, await this.ownUserId());
  }

  getUser(userId: string): Promise<UserInfo | null> {
    return this.users.getOrLoad(userId, async () => {
      const user = await this.orNull(() => this.rest.get(Routes.user(userId)), "unknown_user");
      return user ? userFromApi(user as APIUser) : null;
    });
  }

  async sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage> {
    const sent = (await this.call(() =>
      this.rest.post(Routes.channelMessages(channelId), { body: messageBody(message) }),
    )) as { id: string; channel_id: string };
    return { id: sent.id, channelId: sent.channel_id };
  }

  async editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    await this.call(() =>
      this.rest.patch(Routes.channelMessage(channelId, messageId), {
        body: messageBody(message, { replace: true }),
      }),
    );
  }

  async deleteMessage(channelId: string, messageId: string): Promise<void> {
    await this.call(() => this.rest.delete(Routes.channelMessage(channelId, messageId)));
  }

  async sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage> {
    const channel = (await this.call(() =>
      this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } }),
    )) as { id: string };
    return this.sendMessage(channel.id, message);
  }

  async addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    await this.call(() => this.rest.put(Routes.guildMemberRole(guildId, userId, roleId), { reason }));
  }

  async removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    await this.call(() => this.rest.delete(Routes.guildMemberRole(guildId, userId, roleId), { reason }));
  }

  async createChannel(
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
  ): Promise<ChannelInfo> {
    const body = {
      name: channel.name,
      type: channel.type,
      parent_id: channel.parentId ?? null,
      topic: channel.topic,
      nsfw: channel.nsfw,
      permission_overwrites: channel.permissionOverwrites?.map(overwriteBody),
    };
    const created = await this.call(() => this.rest.post(Routes.guildChannels(guildId), { body, reason }));
    this.channels.delete(guildId);
    this.cacheAction("ChannelCreate", created);
    return channelFromApi(guildId, created as APIChannel & { guild_id: string });
  }

  /** From the gateway cache when this process holds the channel, else REST (null for DM channels). */
  async getChannel(channelId: string): Promise<ChannelInfo | null> {
    const cached = this.client?.channels.cache.get(channelId);
    if (cached && "guild" in cached && !cached.isThread() && this.cachedGuild(cached.guildId)) {
      return channelFromCache(cached);
    }
    return this.channel.getOrLoad(channelId, async () => {
      const channel = (await this.orNull(
        () => this.rest.get(Routes.channel(channelId)),
        "unknown_channel",
      )) as (APIChannel & { guild_id?: string }) | null;
      return channel?.guild_id ? channelFromApi(channel.guild_id, channel) : null;
    });
  }

  async deleteChannel(channelId: string, reason?: string): Promise<void> {
    const deleted = (await this.call(() => this.rest.delete(Routes.channel(channelId), { reason }))) as {
      guild_id?: string;
    } | null;
    this.forgetChannel(deleted?.guild_id ?? null, channelId);
    this.cacheAction("ChannelDelete", { id: channelId });
  }

  async setChannelPermission(
    channelId: string,
    overwrite: PermissionOverwrite,
    reason?: string,
  ): Promise<void> {
    const { type, allow, deny } = overwriteBody(overwrite);
    await this.call(() =>
      this.rest.put(Routes.channelPermission(channelId, overwrite.id), {
        body: { type, allow, deny },
        reason,
      }),
    );
    this.forgetChannel(null, channelId);
    this.cachedOverwrites(channelId)?._add({ id: overwrite.id, type, allow, deny });
  }

  async removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void> {
    await this.call(() => this.rest.delete(Routes.channelPermission(channelId, targetId), { reason }));
    this.forgetChannel(null, channelId);
    this.cachedOverwrites(channelId)?.cache.delete(targetId);
  }

  async createRole(
    guildId: string,
    role: { name: string; color?: number; permissions?: string; mentionable?: boolean },
    reason?: string,
  ): Promise<RoleInfo> {
    const body = {
      name: role.name,
      color: role.color ?? 0,
      permissions: role.permissions ?? "0",
      mentionable: role.mentionable ?? false,
    };
    const created = await this.call(() => this.rest.post(Routes.guildRoles(guildId), { body, reason }));
    this.roles.delete(guildId);
    this.cacheAction("GuildRoleCreate", { guild_id: guildId, role: created });
    return roleFromApi(guildId, created as APIRole);
  }

  async editRole(
    guildId: string,
    roleId: string,
    changes: { name?: string; color?: number; permissions?: string },
    reason?: string,
  ): Promise<RoleInfo> {
    const body = { name: changes.name, color: changes.color, permissions: changes.permissions };
    const edited = await this.call(() =>
      this.rest.patch(Routes.guildRole(guildId, roleId), { body, reason }),
    );
    this.roles.delete(guildId);
    this.cacheAction("GuildRoleUpdate", { guild_id: guildId, role: edited });
    return roleFromApi(guildId, edited as APIRole);
  }

  async deleteRole(guildId: string, roleId: string, reason?: string): Promise<void> {
    await this.call(() => this.rest.delete(Routes.guildRole(guildId, roleId), { reason }));
    this.roles.delete(guildId);
    this.cacheAction("GuildRoleDelete", { guild_id: guildId, role_id: roleId });
  }

  /** Over REST, briefly cached: the gateway's emoji cache is off (see clientOptions). */
  listEmojis(guildId: string): Promise<EmojiInfo[]> {
    return this.emojis.getOrLoad(guildId, async () => {
      const rows = await this.orNull(() => this.rest.get(Routes.guildEmojis(guildId)), "unknown_guild");
      return ((rows ?? []) as ApiEmoji[]).filter((emoji) => emoji.id).map(emojiFromApi);
    });
  }

  async getMessage(channelId: string, messageId: string): Promise<MessageInfo | null> {
    const message = (await this.orNull(
      () => this.rest.get(Routes.channelMessage(channelId, messageId)),
      "unknown_message",
      "unknown_channel",
    )) as ApiMessage | null;
    if (!message) return null;
    // REST messages don't say their guild: the channel does.
    const guildId = message.guild_id ?? (await this.getChannel(channelId))?.guildId ?? null;
    return messageFromApi(message, guildId);
  }

  async listReactionUsers(
    channelId: string,
    messageId: string,
    emoji: ReactionEmoji,
    limit = 1000,
  ): Promise<string[]> {
    const route = Routes.channelMessageReaction(channelId, messageId, reactionRoute(emoji));
    const ids: string[] = [];
    // Discord answers at most 100 users a page, in id order; `after` walks on from the last one.
    for (let after: string | null = null; ids.length < limit; ) {
      const size = Math.min(100, limit - ids.length);
      const query = new URLSearchParams({ limit: String(size) });
      if (after) query.set("after", after);
      const page = (await this.call(() => this.rest.get(route, { query }))) as APIUser[];
      ids.push(...page.map((user) => user.id));
      const last = page.at(-1);
      if (!last || page.length < size) break;
      after = last.id;
    }
    return ids;
  }

  async addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void> {
    await this.call(() =>
      this.rest.put(Routes.channelMessageOwnReaction(channelId, messageId, reactionRoute(emoji))),
    );
  }

  async banMember(
    guildId: string,
    userId: string,
    options: { reason?: string; deleteMessageSeconds?: number } = {},
  ): Promise<void> {
    const body = { delete_message_seconds: options.deleteMessageSeconds ?? 0 };
    await this.call(() => this.rest.put(Routes.guildBan(guildId, userId), { body, reason: options.reason }));
  }

  async unbanMember(guildId: string, userId: string, reason?: string): Promise<void> {
    await this.call(() => this.rest.delete(Routes.guildBan(guildId, userId), { reason }));
  }

  async kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
    await this.call(() => this.rest.delete(Routes.guildMember(guildId, userId), { reason }));
  }

  async timeoutMember(guildId: string, userId: string, until: number | null, reason?: string): Promise<void> {
    const body = { communication_disabled_until: until === null ? null : new Date(until).toISOString() };
    await this.call(() => this.rest.patch(Routes.guildMember(guildId, userId), { body, reason }));
  }

  /** Replaces the whole set (Discord's bulk overwrite): a command no longer listed disappears. */
  async registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void> {
    const applicationId = await this.ownApplicationId();
    const route = guildId
      ? Routes.applicationGuildCommands(applicationId, guildId)
      : Routes.applicationCommands(applicationId);
    const body = commands.map((command) => ({
      name: command.name,
      description: command.description,
      options: command.options,
      default_member_permissions: command.defaultMemberPermissions,
      dm_permission: command.dmPermission,
    }));
    await this.call(() => this.rest.put(route, { body }));
  }

  /** Drops what was read of a channel (and of its guild's list, when the guild is known). */
  private forgetChannel(guildId: string | null, channelId: string): void {
    const known = guildId ?? this.channel.get(channelId)?.guildId;
    this.channel.delete(channelId);
    if (known) this.channels.delete(known);
    else this.channels.deleteWhere((list) => list.some((channel) => channel.id === channelId));
  }

  /**
   * Applies a write's answer to discord.js's cache at once, as discord.js's own managers do, rather
   * than waiting for the gateway's echo of it: a read right after a write sees the write. The echo,
   * when it comes, changes nothing more (and is what other processes' caches learn from).
   */
  private cacheAction(action: CacheAction, data: unknown): void {
    const actions = (
      this.client as unknown as { actions?: Record<CacheAction, { handle(d: unknown): unknown }> }
    )?.actions;
    try {
      actions?.[action].handle(data);
    } catch (error) {
      this.options.logger.warn({ err: error, action }, "could not update the gateway cache after a write");
    }
  }

  /** The cached overwrites of a guild channel (PUT/DELETE permissions answer no channel to apply). */
  private cachedOverwrites(channelId: string) {
    const channel = this.client?.channels.cache.get(channelId);
    if (!channel || !("permissionOverwrites" in channel)) return undefined;
    return channel.permissionOverwrites as unknown as {
      _add(data: { id: string; type: number; allow: string; deny: string }): unknown;
      cache: Map<string, unknown>;
    };
  }

  /** A guild this process's gateway holds (and can see): reads are answered from memory. */
  private cachedGuild(guildId: string) {
    const guild = this.client?.guilds.cache.get(guildId);
    return guild?.available ? guild : undefined;
  }

  private ownUserId(): Promise<string> {
    const known = this.client?.user?.id;
    if (known) return Promise.resolve(known);
    this.botUserId ??= this.call(() => this.rest.get(Routes.user("@me"))).then(
      (user) => (user as APIUser).id,
    );
    this.botUserId.catch(() => {
      this.botUserId = null;
    });
    return this.botUserId;
  }

  private ownApplicationId(): Promise<string> {
    const known = this.client?.application?.id;
    if (known) return Promise.resolve(known);
    this.applicationId ??= this.call(() => this.rest.get(Routes.currentApplication())).then(
      (application) => (application as { id: string }).id,
    );
    this.applicationId.catch(() => {
      this.applicationId = null;
    });
    return this.applicationId;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toDiscordError(error);
    }
  }

  /** A read that answers null when Discord says the thing doesn't exist (or the bot can't see it). */
  private async orNull<T>(request: () => Promise<T>, ...missing: DiscordError["code"][]): Promise<T | null> {
    try {
      return await this.call(request);
    } catch (error) {
      const absent = [...missing, "missing_permissions"];
      if (error instanceof DiscordError && absent.includes(error.code)) return null;
      throw error;
    }
  }
}
