import { type Kysely, PostgresAdapter } from "kysely";
import { BotEvents, type PresenceEvent } from "../bot/events.ts";
import {
  type ButtonData,
  type CommandData,
  Interaction,
  type InteractionMember,
  type InteractionTransport,
  type OptionValue,
} from "../bot/interaction.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import { makeSnowflake } from "../lib/snowflake.ts";
import { TtlCache } from "../lib/ttl-cache.ts";
import {
  type ApplicationCommandDefinition,
  type ChannelInfo,
  DiscordError,
  type DiscordPort,
  type GuildInfo,
  type MemberInfo,
  type OutgoingMessage,
  type RoleInfo,
  type SentMessage,
  type UserInfo,
} from "./port.ts";

type Row<T extends keyof Database> = Database[T];

const toUser = (row: Row<"sandbox_users">): UserInfo => ({
  id: row.id,
  username: row.username,
  globalName: row.global_name,
  avatar: row.avatar,
  bot: row.bot === 1,
  createdAt: row.created_at,
});

const toChannel = (row: Row<"sandbox_channels">): ChannelInfo => ({
  id: row.id,
  guildId: row.guild_id,
  name: row.name,
  type: row.type,
  parentId: row.parent_id,
  position: row.position,
  nsfw: row.nsfw === 1,
});

const toRole = (row: Row<"sandbox_roles">): RoleInfo => ({
  id: row.id,
  guildId: row.guild_id,
  name: row.name,
  color: row.color,
  position: row.position,
  permissions: row.permissions,
  managed: row.managed === 1,
});

/** One answer the bot gave to a simulated command or button click. */
export interface SandboxInteractionResponse {
  type: "reply" | "defer" | "deferUpdate" | "update" | "edit" | "delete" | "followUp";
  message?: OutgoingMessage;
  ephemeral?: boolean;
}

/**
 * Discord without Discord: guilds, channels, roles and members live in `sandbox_*` tables (seeded
 * with a demo server), and every outgoing action is applied there, recorded in `sandbox_outbox`
 * and logged, so the dashboard shows real effects and tests can assert on them.
 */
export class SandboxAdapter implements DiscordPort {
  readonly kind = "sandbox" as const;
  /**
   * Guild and user reads are kept for a few seconds, as the discord.js adapter serves them from its
   * gateway cache; this adapter's own writes drop what they change.
   */
  private readonly guilds: TtlCache<string, GuildInfo | null>;
  private readonly users: TtlCache<string, UserInfo | null>;

  /** What the bot hears. The sandbox has no gateway: the `simulate…` methods below emit instead. */
  readonly events: BotEvents;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    options: { botUserId?: string; cacheTtlMs?: number } = {},
  ) {
    this.botUserId = options.botUserId ?? "1000000000000000001";
    this.guilds = new TtlCache(options.cacheTtlMs ?? 5000, 1000);
    this.users = new TtlCache(options.cacheTtlMs ?? 5000, 10_000);
    this.events = new BotEvents(logger);
  }

  /** The bot's own user id, the author of what it sends. */
  readonly botUserId: string;

  async listGuilds(): Promise<GuildInfo[]> {
    const guilds = await this.db.selectFrom("sandbox_guilds").select("id").orderBy("id").execute();
    const infos = await Promise.all(guilds.map((guild) => this.getGuild(guild.id)));
    return infos.filter((info): info is GuildInfo => info !== null);
  }

  getGuild(guildId: string): Promise<GuildInfo | null> {
    return this.guilds.getOrLoad(guildId, () => this.loadGuild(guildId));
  }

  private async loadGuild(guildId: string): Promise<GuildInfo | null> {
    const guild = await this.db
      .selectFrom("sandbox_guilds")
      .selectAll()
      .where("id", "=", guildId)
      .executeTakeFirst();
    if (!guild) return null;
    const { count } = await this.db
      .selectFrom("sandbox_members")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("guild_id", "=", guildId)
      .executeTakeFirstOrThrow();
    return {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      ownerId: guild.owner_id,
      memberCount: Number(count),
      description: guild.description,
      boostCount: guild.boost_count,
      boostLevel: guild.boost_level,
      createdAt: guild.created_at,
    };
  }

  async listChannels(guildId: string): Promise<ChannelInfo[]> {
    const rows = await this.db
      .selectFrom("sandbox_channels")
      .selectAll()
      .where("guild_id", "=", guildId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    return rows.map(toChannel);
  }

  async listRoles(guildId: string): Promise<RoleInfo[]> {
    const rows = await this.db
      .selectFrom("sandbox_roles")
      .selectAll()
      .where("guild_id", "=", guildId)
      .orderBy("position", "desc")
      .execute();
    return rows.map(toRole);
  }

  async getMember(guildId: string, userId: string): Promise<MemberInfo | null> {
    const row = await this.db
      .selectFrom("sandbox_members as m")
      .innerJoin("sandbox_users as u", "u.id", "m.user_id")
      .selectAll("u")
      .select(["m.nick", "m.roles", "m.joined_at", "m.guild_id"])
      .where("m.guild_id", "=", guildId)
      .where("m.user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      guildId: row.guild_id,
      user: toUser(row),
      nick: row.nick,
      roleIds: JSON.parse(row.roles) as string[],
      joinedAt: row.joined_at,
    };
  }

  /** The member of `botUserId`, or else the guild's bot member (the demo seeds the bot as a user of its own). */
  async getBotMember(guildId: string): Promise<MemberInfo | null> {
    const own = await this.getMember(guildId, this.botUserId);
    if (own) return own;
    const row = await this.db
      .selectFrom("sandbox_members as m")
      .innerJoin("sandbox_users as u", "u.id", "m.user_id")
      .select("m.user_id")
      .where("m.guild_id", "=", guildId)
      .where("u.bot", "=", 1)
      .orderBy("m.joined_at")
      .orderBy("m.user_id")
      .executeTakeFirst();
    return row ? this.getMember(guildId, row.user_id) : null;
  }

  getUser(userId: string): Promise<UserInfo | null> {
    return this.users.getOrLoad(userId, () => this.loadUser(userId));
  }

  private async loadUser(userId: string): Promise<UserInfo | null> {
    const row = await this.db
      .selectFrom("sandbox_users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async sendMessage(channelId: string, message: OutgoingMessage): Promise<SentMessage> {
    const channel = await this.requireChannel(channelId);
    if (channel.type === 2 || channel.type === 4) {
      throw new DiscordError("unknown_channel", `Channel ${channelId} cannot hold messages`);
    }
    const id = await this.storeMessage(channelId, channel.guild_id, message);
    await this.record(channel.guild_id, "message.send", { channelId, messageId: id, message });
    return { id, channelId };
  }

  async editMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    const existing = await this.requireMessage(channelId, messageId);
    await this.db
      .updateTable("sandbox_messages")
      .set({ content: message.content ?? "", payload: JSON.stringify(message), edited_at: Date.now() })
      .where("id", "=", messageId)
      .execute();
    await this.record(existing.guild_id, "message.edit", { channelId, messageId, message });
  }

  async deleteMessage(channelId: string, messageId: string): Promise<void> {
    const existing = await this.requireMessage(channelId, messageId);
    await this.db
      .updateTable("sandbox_messages")
      .set({ deleted_at: Date.now() })
      .where("id", "=", messageId)
      .execute();
    await this.record(existing.guild_id, "message.delete", { channelId, messageId });
  }

  async sendDirectMessage(userId: string, message: OutgoingMessage): Promise<SentMessage> {
    const user = await this.db
      .selectFrom("sandbox_users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new DiscordError("unknown_user", `Unknown user ${userId}`);
    if (user.dm_open !== 1 || user.bot === 1) {
      throw new DiscordError("dm_closed", `User ${userId} does not accept direct messages`);
    }
    const channelId = `dm-${userId}`;
    const id = await this.storeMessage(channelId, null, message);
    await this.record(null, "dm.send", { userId, messageId: id, message });
    return { id, channelId };
  }

  async addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    await this.changeRoles(guildId, userId, roleId, "add", reason);
  }

  async removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
    await this.changeRoles(guildId, userId, roleId, "remove", reason);
  }

  async createChannel(
    guildId: string,
    channel: { name: string; type: number; parentId?: string | null; topic?: string },
    reason?: string,
  ): Promise<ChannelInfo> {
    await this.requireGuild(guildId);
    const { max } = await this.db
      .selectFrom("sandbox_channels")
      .select((eb) => eb.fn.max<number>("position").as("max"))
      .where("guild_id", "=", guildId)
      .executeTakeFirstOrThrow();
    const row = {
      id: makeSnowflake(),
      guild_id: guildId,
      name: channel.name,
      type: channel.type,
      parent_id: channel.parentId ?? null,
      position: (max ?? 0) + 1,
      topic: channel.topic ?? null,
      nsfw: 0,
    };
    await this.db.insertInto("sandbox_channels").values(row).execute();
    await this.record(guildId, "channel.create", { channel: row, reason });
    return toChannel(row);
  }

  async createRole(
    guildId: string,
    role: { name: string; color?: number; permissions?: string },
    reason?: string,
  ): Promise<RoleInfo> {
    await this.requireGuild(guildId);
    // New roles go just above @everyone, as on Discord; the others move up one.
    await this.db
      .updateTable("sandbox_roles")
      .set((eb) => ({ position: eb("position", "+", 1) }))
      .where("guild_id", "=", guildId)
      .where("position", ">=", 1)
      .execute();
    const row = {
      id: makeSnowflake(),
      guild_id: guildId,
      name: role.name,
      color: role.color ?? 0,
      position: 1,
      permissions: role.permissions ?? "0",
      managed: 0,
      hoist: 0,
    };
    await this.db.insertInto("sandbox_roles").values(row).execute();
    await this.record(guildId, "role.create", { role: row, reason });
    return toRole(row);
  }

  async banMember(
    guildId: string,
    userId: string,
    options: { reason?: string; deleteMessageSeconds?: number } = {},
  ) {
    await this.requireGuild(guildId);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("sandbox_members")
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId)
        .execute();
      await trx
        .insertInto("sandbox_bans")
        .values({
          guild_id: guildId,
          user_id: userId,
          reason: options.reason ?? null,
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.columns(["guild_id", "user_id"]).doNothing())
        .execute();
    });
    this.guilds.delete(guildId);
    await this.record(guildId, "member.ban", { userId, ...options });
  }

  async unbanMember(guildId: string, userId: string, reason?: string): Promise<void> {
    const result = await this.db
      .deleteFrom("sandbox_bans")
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw new DiscordError("unknown_member", `User ${userId} is not banned`);
    await this.record(guildId, "member.unban", { userId, reason });
  }

  async kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
    await this.requireMember(guildId, userId);
    await this.db
      .deleteFrom("sandbox_members")
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .execute();
    this.guilds.delete(guildId);
    await this.record(guildId, "member.kick", { userId, reason });
  }

  async timeoutMember(guildId: string, userId: string, until: number | null, reason?: string): Promise<void> {
    await this.requireMember(guildId, userId);
    await this.db
      .updateTable("sandbox_members")
      .set({ timeout_until: until })
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .execute();
    await this.record(guildId, "member.timeout", { userId, until, reason });
  }

  async registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void> {
    await this.record(guildId ?? null, "commands.register", {
      count: commands.length,
      names: commands.map((c) => c.name),
    });
  }

  // The bot's events. Discord's gateway would deliver these; here the bot role's start and the
  // `simulate…` methods (for tests and the sandbox UI) write the sandbox tables and emit them.
  // Each resolves once every listener has finished.

  /** The sandbox's READY: the bot "joins" every guild of the directory. */
  async start(): Promise<void> {
    for (const guild of await this.listGuilds()) await this.events.emit("guildCreate", guild);
  }

  async stop(): Promise<void> {
    await this.events.idle();
  }

  async simulateMemberJoin(
    guildId: string,
    user: { id?: string; username: string; globalName?: string | null; bot?: boolean; dmOpen?: boolean },
    options: { roleIds?: string[]; nick?: string | null } = {},
  ): Promise<MemberInfo> {
    await this.requireGuild(guildId);
    const userId = user.id ?? makeSnowflake();
    await this.db
      .insertInto("sandbox_users")
      .values({
        id: userId,
        username: user.username,
        global_name: user.globalName ?? null,
        avatar: null,
        bot: user.bot ? 1 : 0,
        created_at: Date.now(),
        dm_open: user.dmOpen === false ? 0 : 1,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    await this.db
      .insertInto("sandbox_members")
      .values({
        guild_id: guildId,
        user_id: userId,
        nick: options.nick ?? null,
        roles: JSON.stringify(options.roleIds ?? []),
        joined_at: Date.now(),
        timeout_until: null,
      })
      .execute();
    this.guilds.delete(guildId);
    this.users.delete(userId);
    const member = await this.getMember(guildId, userId);
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    await this.events.emit("memberAdd", member);
    return member;
  }

  async simulateMemberLeave(guildId: string, userId: string): Promise<void> {
    const member = await this.getMember(guildId, userId);
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    await this.db
      .deleteFrom("sandbox_members")
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .execute();
    this.guilds.delete(guildId);
    await this.events.emit("memberRemove", { guildId, user: member.user });
  }

  async simulatePresence(
    guildId: string,
    userId: string,
    presence: Partial<Omit<PresenceEvent, "guildId" | "userId">> = {},
  ): Promise<void> {
    await this.events.emit("presenceUpdate", {
      status: "online",
      customStatus: null,
      ...presence,
      guildId,
      userId,
    });
  }

  /** A member posts in a channel. */
  async simulateMessage(channelId: string, authorId: string, content: string): Promise<SentMessage> {
    const channel = await this.requireChannel(channelId);
    const author = await this.getUser(authorId);
    if (!author) throw new DiscordError("unknown_user", `Unknown user ${authorId}`);
    const id = await this.storeMessage(channelId, channel.guild_id, { content }, authorId);
    await this.events.emit("messageCreate", {
      id,
      channelId,
      guildId: channel.guild_id,
      author,
      content,
      webhookId: null,
      createdAt: Date.now(),
    });
    return { id, channelId };
  }

  /** A member uses a slash command; answers what the bot replied, in order. */
  async simulateCommand(input: {
    guildId: string;
    userId: string;
    name: string;
    channelId?: string;
    subcommandGroup?: string;
    subcommand?: string;
    options?: Record<string, OptionValue>;
  }): Promise<SandboxInteractionResponse[]> {
    const base = await this.interactionBase(input.guildId, input.userId, input.channelId);
    const data: CommandData = {
      kind: "command",
      ...base,
      name: input.name,
      subcommandGroup: input.subcommandGroup ?? null,
      subcommand: input.subcommand ?? null,
      options: input.options ?? {},
      resolved: { users: {}, members: {} },
    };
    for (const value of Object.values(data.options)) {
      const member = typeof value === "string" ? await this.getMember(input.guildId, value) : null;
      if (member) {
        data.resolved.users[member.user.id] = member.user;
        data.resolved.members[member.user.id] = member;
      }
    }
    return this.dispatchInteraction(data, null);
  }

  /** A member clicks a button on a message the bot sent. */
  async simulateButton(input: {
    guildId: string;
    userId: string;
    messageId: string;
    customId: string;
  }): Promise<SandboxInteractionResponse[]> {
    const message = await this.db
      .selectFrom("sandbox_messages")
      .select("channel_id")
      .where("id", "=", input.messageId)
      .executeTakeFirst();
    if (!message) throw new DiscordError("unknown_message", `Unknown message ${input.messageId}`);
    const base = await this.interactionBase(input.guildId, input.userId, message.channel_id);
    const data: ButtonData = {
      kind: "button",
      ...base,
      customId: input.customId,
      messageId: input.messageId,
    };
    return this.dispatchInteraction(data, input.messageId);
  }

  private async interactionBase(guildId: string, userId: string, channelId?: string) {
    const member = await this.getMember(guildId, userId);
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    const guild = await this.getGuild(guildId);
    const roles = await this.listRoles(guildId);
    const held = new Set([guildId, ...member.roleIds]);
    const bits = roles
      .filter((role) => held.has(role.id))
      .reduce((all, role) => all | BigInt(role.permissions), 0n);
    const permissions = guild?.ownerId === userId ? ((1n << 51n) - 1n).toString() : bits.toString();
    const channel = channelId ?? (await this.listChannels(guildId)).find((c) => c.type === 0)?.id ?? null;
    const withPermissions: InteractionMember = { ...member, permissions };
    return {
      id: makeSnowflake(),
      guildId,
      channelId: channel,
      user: member.user,
      member: withPermissions,
      botPermissions: null,
      locale: "en-US",
    };
  }

  private async dispatchInteraction(data: CommandData | ButtonData, originalId: string | null) {
    const responses: SandboxInteractionResponse[] = [];
    const interaction = new Interaction(data, this.interactionTransport(data, originalId, responses));
    await this.events.emit("interactionCreate", interaction);
    return responses;
  }

  /** Answers land in the outbox, and the visible ones in the channel, as the member would see them. */
  private interactionTransport(
    data: CommandData | ButtonData,
    originalId: string | null,
    responses: SandboxInteractionResponse[],
  ): InteractionTransport {
    const { guildId, channelId } = data;
    let original = originalId;
    let deferredPublicly = false;
    const answer = async (response: SandboxInteractionResponse) => {
      responses.push(response);
      await this.record(guildId, `interaction.${response.type}`, { interactionId: data.id, ...response });
    };
    const post = async (message: OutgoingMessage) =>
      channelId ? this.storeMessage(channelId, guildId, message) : makeSnowflake();
    const rewrite = async (message: OutgoingMessage) => {
      if (!original) return;
      await this.db
        .updateTable("sandbox_messages")
        .set({ content: message.content ?? "", payload: JSON.stringify(message), edited_at: Date.now() })
        .where("id", "=", original)
        .execute();
    };
    return {
      respond: async (response) => {
        if (response.type === "reply" && !response.ephemeral) original = await post(response.message);
        if (response.type === "update") await rewrite(response.message);
        if (response.type === "defer") deferredPublicly = !response.ephemeral;
        const { type } = response;
        await answer({
          type,
          ...("message" in response ? { message: response.message } : {}),
          ...("ephemeral" in response ? { ephemeral: response.ephemeral } : {}),
        });
      },
      editOriginal: async (message) => {
        if (!original && deferredPublicly) original = await post(message);
        else await rewrite(message);
        await answer({ type: "edit", message });
      },
      deleteOriginal: async () => {
        if (original && original !== originalId) {
          await this.db
            .updateTable("sandbox_messages")
            .set({ deleted_at: Date.now() })
            .where("id", "=", original)
            .execute();
        }
        await answer({ type: "delete" });
      },
      followUp: async (message, ephemeral) => {
        const id = ephemeral ? makeSnowflake() : await post(message);
        await answer({ type: "followUp", message, ephemeral });
        return { id, channelId: channelId ?? "" };
      },
    };
  }

  private async changeRoles(
    guildId: string,
    userId: string,
    roleId: string,
    change: "add" | "remove",
    reason?: string,
  ) {
    const role = await this.db
      .selectFrom("sandbox_roles")
      .select("id")
      .where("id", "=", roleId)
      .where("guild_id", "=", guildId)
      .executeTakeFirst();
    if (!role) throw new DiscordError("unknown_role", `Unknown role ${roleId}`);
    await this.db.transaction().execute(async (trx) => {
      let read = trx
        .selectFrom("sandbox_members")
        .select("roles")
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId);
      // Two role changes of one member at once must both land, as on Discord: on PostgreSQL lock
      // the row for this read-modify-write (SQLite's single connection already serialises them).
      if (this.db.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
      const member = await read.executeTakeFirst();
      if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
      const roles = new Set(JSON.parse(member.roles) as string[]);
      if (change === "add") roles.add(roleId);
      else roles.delete(roleId);
      await trx
        .updateTable("sandbox_members")
        .set({ roles: JSON.stringify([...roles]) })
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId)
        .execute();
    });
    await this.record(guildId, change === "add" ? "member.role.add" : "member.role.remove", {
      userId,
      roleId,
      reason,
    });
  }

  private async storeMessage(
    channelId: string,
    guildId: string | null,
    message: OutgoingMessage,
    authorId = this.botUserId,
  ): Promise<string> {
    const id = makeSnowflake();
    await this.db
      .insertInto("sandbox_messages")
      .values({
        id,
        channel_id: channelId,
        guild_id: guildId,
        author_id: authorId,
        content: message.content ?? "",
        payload: JSON.stringify(message),
        created_at: Date.now(),
        edited_at: null,
        deleted_at: null,
      })
      .execute();
    return id;
  }

  private async record(guildId: string | null, action: string, payload: object): Promise<void> {
    await this.db
      .insertInto("sandbox_outbox")
      .values({ guild_id: guildId, action, payload: JSON.stringify(payload), created_at: Date.now() })
      .execute();
    this.logger.info({ sandbox: action, guildId }, `sandbox: ${action}`);
  }

  private async requireGuild(guildId: string) {
    const guild = await this.db
      .selectFrom("sandbox_guilds")
      .select("id")
      .where("id", "=", guildId)
      .executeTakeFirst();
    if (!guild) throw new DiscordError("unknown_guild", `Unknown guild ${guildId}`);
  }

  private async requireChannel(channelId: string) {
    const channel = await this.db
      .selectFrom("sandbox_channels")
      .selectAll()
      .where("id", "=", channelId)
      .executeTakeFirst();
    if (!channel) throw new DiscordError("unknown_channel", `Unknown channel ${channelId}`);
    return channel;
  }

  private async requireMember(guildId: string, userId: string) {
    const member = await this.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
  }

  private async requireMessage(channelId: string, messageId: string) {
    const message = await this.db
      .selectFrom("sandbox_messages")
      .select(["guild_id"])
      .where("id", "=", messageId)
      .where("channel_id", "=", channelId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!message) throw new DiscordError("unknown_message", `Unknown message ${messageId}`);
    return message;
  }
}
