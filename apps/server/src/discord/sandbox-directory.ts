import { type Kysely, PostgresAdapter, type Selectable } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import { makeSnowflake } from "../lib/snowflake.ts";
import { TtlCache } from "../lib/ttl-cache.ts";
import { demoBotId } from "./demo-seed.ts";
import { BotEvents } from "./events.ts";
import {
  type ApplicationCommandDefinition,
  type Attachment,
  type ChannelInfo,
  DiscordError,
  type DiscordPort,
  type Embed,
  type EmojiInfo,
  emojiKey,
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

type Row<T extends keyof Database> = Selectable<Database[T]>;

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
  permissionOverwrites: parseJson<PermissionOverwrite[]>(row.permission_overwrites, []),
});

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Role ids mentioned as `<@&id>` in a message's text, once each. */
export function mentionedRoleIds(content: string): string[] {
  return [...new Set([...content.matchAll(/<@&(\d{5,20})>/g)].map((match) => match[1] ?? ""))];
}

/** User ids mentioned as `<@id>` or `<@!id>` in a message's text, once each. */
export function mentionedUserIds(content: string): string[] {
  return [...new Set([...content.matchAll(/<@!?(\d{5,20})>/g)].map((match) => match[1] ?? ""))];
}

const toRole = (row: Row<"sandbox_roles">): RoleInfo => ({
  id: row.id,
  guildId: row.guild_id,
  name: row.name,
  color: row.color,
  position: row.position,
  permissions: row.permissions,
  managed: row.managed === 1,
});

/**
 * The sandbox's Discord port: guilds, channels, roles, members, messages, reactions and emojis live
 * in `sandbox_*` tables, and every outgoing action is applied there, recorded in `sandbox_outbox`,
 * logged, and heard as the gateway event Discord would send. `SandboxAdapter` (sandbox-adapter.ts)
 * adds the `simulate…` methods: what members and admins do.
 */
export class SandboxDirectory implements DiscordPort {
  readonly kind = "sandbox" as const;
  /**
   * Guild and user reads are kept for a few seconds, as the discord.js adapter serves them from its
   * gateway cache; this adapter's own writes drop what they change.
   */
  protected readonly guilds: TtlCache<string, GuildInfo | null>;
  protected readonly users: TtlCache<string, UserInfo | null>;

  /** What the bot hears. The sandbox has no gateway: its own writes and `SandboxAdapter`'s `simulate…` methods emit. */
  readonly events: BotEvents;

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly logger: Logger,
    options: { botUserId?: string; cacheTtlMs?: number } = {},
  ) {
    this.botUserId = options.botUserId ?? demoBotId;
    this.guilds = new TtlCache(options.cacheTtlMs ?? 5000, 1000);
    this.users = new TtlCache(options.cacheTtlMs ?? 5000, 10_000);
    this.events = new BotEvents(logger);
  }

  /**
   * The bot's own user id: the author of what it sends and of its reactions. By default the demo
   * server's bot member, so what the bot does carries the id `getBotMember` answers, as on Discord.
   */
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
    await this.removeMessage(channelId, messageId);
    await this.record(existing.guild_id, "message.delete", { channelId, messageId });
    await this.events.emit("messageDelete", { guildId: existing.guild_id, channelId, messageId });
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
      nsfw: channel.nsfw ? 1 : 0,
      permission_overwrites: JSON.stringify(channel.permissionOverwrites ?? []),
    };
    await this.db.insertInto("sandbox_channels").values(row).execute();
    await this.record(guildId, "channel.create", { channel: toChannel(row), reason });
    return toChannel(row);
  }

  async getChannel(channelId: string): Promise<ChannelInfo | null> {
    const row = await this.db
      .selectFrom("sandbox_channels")
      .selectAll()
      .where("id", "=", channelId)
      .executeTakeFirst();
    return row ? toChannel(row) : null;
  }

  async deleteChannel(channelId: string, reason?: string): Promise<void> {
    const channel = await this.requireChannel(channelId);
    await this.removeChannel(channel.guild_id, channelId);
    await this.record(channel.guild_id, "channel.delete", { channelId, reason });
    await this.events.emit("channelDelete", { guildId: channel.guild_id, channelId });
  }

  async setChannelPermission(
    channelId: string,
    overwrite: PermissionOverwrite,
    reason?: string,
  ): Promise<void> {
    const channel = await this.requireChannel(channelId);
    const clean: PermissionOverwrite = {
      id: overwrite.id,
      type: overwrite.type,
      allow: overwrite.allow || "0",
      deny: overwrite.deny || "0",
    };
    await this.changeOverwrites(channelId, (all) => [...all.filter((o) => o.id !== clean.id), clean]);
    await this.record(channel.guild_id, "channel.permission.set", { channelId, overwrite: clean, reason });
  }

  async removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void> {
    const channel = await this.requireChannel(channelId);
    await this.changeOverwrites(channelId, (all) => all.filter((o) => o.id !== targetId));
    await this.record(channel.guild_id, "channel.permission.remove", { channelId, targetId, reason });
  }

  async createRole(
    guildId: string,
    role: { name: string; color?: number; permissions?: string; mentionable?: boolean },
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
      mentionable: role.mentionable ? 1 : 0,
    };
    await this.db.insertInto("sandbox_roles").values(row).execute();
    await this.record(guildId, "role.create", { role: row, reason });
    return toRole(row);
  }

  async editRole(
    guildId: string,
    roleId: string,
    changes: { name?: string; color?: number; permissions?: string },
    reason?: string,
  ): Promise<RoleInfo> {
    const role = await this.updateRole(guildId, roleId, changes);
    await this.record(guildId, "role.edit", { roleId, changes, reason });
    await this.events.emit("roleUpdate", role);
    return role;
  }

  async deleteRole(guildId: string, roleId: string, reason?: string): Promise<void> {
    await this.removeRole(guildId, roleId);
    await this.record(guildId, "role.delete", { roleId, reason });
    await this.events.emit("roleDelete", { guildId, roleId });
  }

  async listEmojis(guildId: string): Promise<EmojiInfo[]> {
    const rows = await this.db
      .selectFrom("sandbox_emojis")
      .selectAll()
      .where("guild_id", "=", guildId)
      .orderBy("name")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, animated: row.animated === 1 }));
  }

  async getMessage(channelId: string, messageId: string): Promise<MessageInfo | null> {
    const row = await this.db
      .selectFrom("sandbox_messages")
      .selectAll()
      .where("id", "=", messageId)
      .where("channel_id", "=", channelId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!row) return null;
    const payload = parseJson<OutgoingMessage>(row.payload, {});
    const reactions = await this.db
      .selectFrom("sandbox_reactions")
      .select((eb) => [
        "emoji_key",
        eb.fn.max("emoji_id").as("emoji_id"),
        eb.fn.max("emoji_name").as("emoji_name"),
        eb.fn.max("animated").as("animated"),
        eb.fn.countAll<number>().as("count"),
        eb.fn.min("created_at").as("first"),
      ])
      .where("message_id", "=", messageId)
      .groupBy("emoji_key")
      .orderBy("first")
      .orderBy("emoji_key")
      .execute();
    return {
      id: row.id,
      channelId: row.channel_id,
      guildId: row.guild_id,
      author: await this.authorOf(row.author_id),
      content: row.content,
      embeds: (payload.embeds ?? []) as Embed[],
      ...(payload.components?.length ? { components: payload.components } : {}),
      attachments: parseJson<Attachment[]>(row.attachments, []),
      reactions: reactions.map((reaction) => ({
        emoji: {
          id: reaction.emoji_id ?? null,
          name: reaction.emoji_name ?? reaction.emoji_key,
          ...(reaction.emoji_id ? { animated: Number(reaction.animated) === 1 } : {}),
        },
        count: Number(reaction.count),
      })),
      mentionRoleIds: mentionedRoleIds(row.content),
      webhookId: null,
      createdAt: Number(row.created_at),
    };
  }

  async listReactionUsers(
    channelId: string,
    messageId: string,
    emoji: ReactionEmoji,
    limit = 1000,
  ): Promise<string[]> {
    await this.requireMessage(channelId, messageId);
    const rows = await this.db
      .selectFrom("sandbox_reactions")
      .select("user_id")
      .where("message_id", "=", messageId)
      .where("emoji_key", "=", emojiKey(emoji))
      .orderBy("created_at")
      .orderBy("user_id")
      .limit(Math.max(0, Math.floor(limit)))
      .execute();
    return rows.map((row) => row.user_id);
  }

  async addReaction(channelId: string, messageId: string, emoji: ReactionEmoji): Promise<void> {
    const message = await this.requireMessage(channelId, messageId);
    const added = await this.storeReaction(channelId, messageId, this.botUserId, emoji);
    await this.record(message.guild_id, "reaction.add", { channelId, messageId, emoji, added });
    if (added && message.guild_id) {
      await this.events.emit("reactionAdd", {
        guildId: message.guild_id,
        channelId,
        messageId,
        userId: this.botUserId,
        emoji,
        messageAuthorId: message.author_id,
      });
    }
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

  protected async storeMessage(
    channelId: string,
    guildId: string | null,
    message: OutgoingMessage,
    authorId = this.botUserId,
    attachments: Attachment[] = [],
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
        attachments: JSON.stringify(attachments),
      })
      .execute();
    return id;
  }

  private lastReactionStamp = 0;

  /**
   * A strictly increasing time for reactions: Discord lists a message's reactions in the order
   * each emoji was first used, and two reactions in the same millisecond must keep their order.
   */
  private reactionStamp(): number {
    const now = Date.now();
    this.lastReactionStamp = now > this.lastReactionStamp ? now : this.lastReactionStamp + 1;
    return this.lastReactionStamp;
  }

  /** Stores one member's reaction; false when it was already there (Discord ignores a repeat). */
  protected async storeReaction(
    channelId: string,
    messageId: string,
    userId: string,
    emoji: ReactionEmoji,
  ): Promise<boolean> {
    const result = await this.db
      .insertInto("sandbox_reactions")
      .values({
        channel_id: channelId,
        message_id: messageId,
        emoji_key: emojiKey(emoji),
        emoji_id: emoji.id,
        emoji_name: emoji.name,
        animated: emoji.animated ? 1 : 0,
        user_id: userId,
        created_at: this.reactionStamp(),
      })
      .onConflict((oc) => oc.columns(["message_id", "emoji_key", "user_id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  protected async removeMessage(channelId: string, messageId: string): Promise<void> {
    await this.db
      .updateTable("sandbox_messages")
      .set({ deleted_at: Date.now() })
      .where("id", "=", messageId)
      .where("channel_id", "=", channelId)
      .execute();
    await this.db.deleteFrom("sandbox_reactions").where("message_id", "=", messageId).execute();
  }

  /** The channel goes, and with it its messages and their reactions. */
  protected async removeChannel(guildId: string, channelId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("sandbox_channels").where("id", "=", channelId).execute();
      await trx
        .updateTable("sandbox_messages")
        .set({ deleted_at: Date.now() })
        .where("channel_id", "=", channelId)
        .where("deleted_at", "is", null)
        .execute();
      await trx.deleteFrom("sandbox_reactions").where("channel_id", "=", channelId).execute();
      // Children of a deleted category stay, without a parent, as on Discord.
      await trx
        .updateTable("sandbox_channels")
        .set({ parent_id: null })
        .where("guild_id", "=", guildId)
        .where("parent_id", "=", channelId)
        .execute();
    });
  }

  private async changeOverwrites(
    channelId: string,
    change: (overwrites: PermissionOverwrite[]) => PermissionOverwrite[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let read = trx
        .selectFrom("sandbox_channels")
        .select("permission_overwrites")
        .where("id", "=", channelId);
      if (this.db.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
      const row = await read.executeTakeFirst();
      if (!row) throw new DiscordError("unknown_channel", `Unknown channel ${channelId}`);
      const next = change(parseJson<PermissionOverwrite[]>(row.permission_overwrites, []));
      await trx
        .updateTable("sandbox_channels")
        .set({ permission_overwrites: JSON.stringify(next) })
        .where("id", "=", channelId)
        .execute();
    });
  }

  private async requireRole(guildId: string, roleId: string) {
    const role = await this.db
      .selectFrom("sandbox_roles")
      .selectAll()
      .where("id", "=", roleId)
      .where("guild_id", "=", guildId)
      .executeTakeFirst();
    if (!role) throw new DiscordError("unknown_role", `Unknown role ${roleId}`);
    return role;
  }

  protected async updateRole(
    guildId: string,
    roleId: string,
    changes: { name?: string; color?: number; permissions?: string; position?: number },
  ): Promise<RoleInfo> {
    await this.requireRole(guildId, roleId);
    const set: { name?: string; color?: number; permissions?: string; position?: number } = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.color !== undefined) set.color = changes.color;
    if (changes.permissions !== undefined) set.permissions = BigInt(changes.permissions).toString();
    if (changes.position !== undefined) set.position = changes.position;
    if (Object.keys(set).length > 0) {
      await this.db.updateTable("sandbox_roles").set(set).where("id", "=", roleId).execute();
    }
    return toRole(await this.requireRole(guildId, roleId));
  }

  /** The role goes, and leaves every member that held it and every channel overwrite naming it. */
  protected async removeRole(guildId: string, roleId: string): Promise<void> {
    const role = await this.requireRole(guildId, roleId);
    if (role.id === guildId) {
      throw new DiscordError("missing_permissions", "The @everyone role can't be deleted");
    }
    if (role.managed === 1) {
      throw new DiscordError("missing_permissions", `Role ${roleId} is managed by an integration`);
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("sandbox_roles").where("id", "=", roleId).execute();
      const members = await trx
        .selectFrom("sandbox_members")
        .select(["user_id", "roles"])
        .where("guild_id", "=", guildId)
        .where("roles", "like", `%"${roleId}"%`)
        .execute();
      for (const member of members) {
        const roles = parseJson<string[]>(member.roles, []).filter((id) => id !== roleId);
        await trx
          .updateTable("sandbox_members")
          .set({ roles: JSON.stringify(roles) })
          .where("guild_id", "=", guildId)
          .where("user_id", "=", member.user_id)
          .execute();
      }
      const channels = await trx
        .selectFrom("sandbox_channels")
        .select(["id", "permission_overwrites"])
        .where("guild_id", "=", guildId)
        .where("permission_overwrites", "like", `%"${roleId}"%`)
        .execute();
      for (const channel of channels) {
        const overwrites = parseJson<PermissionOverwrite[]>(channel.permission_overwrites, []).filter(
          (o) => !(o.type === "role" && o.id === roleId),
        );
        await trx
          .updateTable("sandbox_channels")
          .set({ permission_overwrites: JSON.stringify(overwrites) })
          .where("id", "=", channel.id)
          .execute();
      }
    });
  }

  /** A message's author; the bot's own user when the directory doesn't list it. */
  private async authorOf(userId: string): Promise<UserInfo> {
    const user = await this.getUser(userId);
    if (user) return user;
    if (userId === this.botUserId) {
      return { id: userId, username: "Hearth", globalName: null, avatar: null, bot: true, createdAt: 0 };
    }
    return { id: userId, username: "unknown-user", globalName: null, avatar: null, bot: false, createdAt: 0 };
  }

  protected async record(guildId: string | null, action: string, payload: object): Promise<void> {
    await this.db
      .insertInto("sandbox_outbox")
      .values({ guild_id: guildId, action, payload: JSON.stringify(payload), created_at: Date.now() })
      .execute();
    this.logger.info({ sandbox: action, guildId }, `sandbox: ${action}`);
  }

  protected async requireGuild(guildId: string) {
    const guild = await this.db
      .selectFrom("sandbox_guilds")
      .select("id")
      .where("id", "=", guildId)
      .executeTakeFirst();
    if (!guild) throw new DiscordError("unknown_guild", `Unknown guild ${guildId}`);
  }

  protected async requireChannel(channelId: string) {
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

  protected async requireMessage(channelId: string, messageId: string) {
    const message = await this.db
      .selectFrom("sandbox_messages")
      .select(["guild_id", "author_id"])
      .where("id", "=", messageId)
      .where("channel_id", "=", channelId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!message) throw new DiscordError("unknown_message", `Unknown message ${messageId}`);
    return message;
  }
}
