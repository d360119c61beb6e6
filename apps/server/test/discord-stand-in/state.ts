import type { APIChannel, APIGuildMember, APIRole, APIUser } from "discord.js";

// The stand-in's in-memory Discord: users, guilds with channels, roles, members and bans, messages,
// DM channels and registered commands, answered in Discord's own JSON shapes.

export interface StoredUser extends APIUser {
  /** The user doesn't accept DMs from the bot: sending one answers 50007. */
  dmClosed?: boolean;
}

export interface StoredMember {
  userId: string;
  nick: string | null;
  roles: string[];
  joinedAt: string;
  communicationDisabledUntil: string | null;
}

export interface StoredGuild {
  id: string;
  name: string;
  icon: string | null;
  ownerId: string;
  description: string | null;
  channels: Map<string, APIChannel & { guild_id: string }>;
  roles: Map<string, APIRole>;
  members: Map<string, StoredMember>;
  bans: Map<string, string | null>;
}

export interface StoredMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: APIUser;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  timestamp: string;
  edited_timestamp: string | null;
}

const discordEpoch = 1_420_070_400_000n;

export class StandInState {
  readonly users = new Map<string, StoredUser>();
  readonly guilds = new Map<string, StoredGuild>();
  readonly messages = new Map<string, StoredMessage>();
  /** DM channel id → the user it reaches. */
  readonly dmChannels = new Map<string, string>();
  readonly commands = { global: [] as unknown[], guilds: new Map<string, unknown[]>() };
  readonly botUser: StoredUser;
  private counter = 0n;

  constructor(readonly applicationId?: string) {
    this.botUser = this.addUser({ username: "Hearth", bot: true });
  }

  /** Increasing snowflakes with the current time in their high bits, as Discord makes them. */
  snowflake(): string {
    this.counter += 1n;
    return (((BigInt(Date.now()) - discordEpoch) << 22n) | (this.counter & 0x3fffffn)).toString();
  }

  get appId(): string {
    return this.applicationId ?? this.botUser.id;
  }

  addUser(user: Partial<StoredUser> & { username: string }): StoredUser {
    const stored: StoredUser = {
      id: user.id ?? this.snowflake(),
      discriminator: "0",
      global_name: null,
      avatar: null,
      ...user,
    };
    this.users.set(stored.id, stored);
    return stored;
  }

  /** A guild with @everyone, a #general channel, and the bot as a member holding a managed role. */
  addGuild(guild: { id?: string; name: string; ownerId?: string; icon?: string | null }): StoredGuild {
    const id = guild.id ?? this.snowflake();
    const owner = guild.ownerId ?? this.addUser({ username: `owner-${id.slice(-4)}` }).id;
    const stored: StoredGuild = {
      id,
      name: guild.name,
      icon: guild.icon ?? null,
      ownerId: owner,
      description: null,
      channels: new Map(),
      roles: new Map(),
      members: new Map(),
      bans: new Map(),
    };
    this.guilds.set(id, stored);
    this.addRole(id, { id, name: "@everyone", position: 0, permissions: "1071698660929" });
    const botRole = this.addRole(id, { name: "Hearth", position: 1, managed: true, permissions: "8" });
    this.addChannel(id, { name: "general", type: 0 });
    this.addMember(id, owner);
    this.addMember(id, this.botUser.id, [botRole.id]);
    return stored;
  }

  addChannel(
    guildId: string,
    channel: { id?: string; name: string; type: number; parent_id?: string | null },
  ) {
    const guild = this.guild(guildId);
    const stored = {
      id: channel.id ?? this.snowflake(),
      guild_id: guildId,
      name: channel.name,
      type: channel.type,
      parent_id: channel.parent_id ?? null,
      position: guild.channels.size,
      nsfw: false,
      permission_overwrites: [],
    } as unknown as APIChannel & { guild_id: string };
    guild.channels.set(stored.id, stored);
    return stored;
  }

  addRole(guildId: string, role: Partial<APIRole> & { name: string }): APIRole {
    const guild = this.guild(guildId);
    const stored: APIRole = {
      id: role.id ?? this.snowflake(),
      color: 0,
      colors: { primary_color: role.color ?? 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: guild.roles.size,
      permissions: "0",
      managed: false,
      mentionable: false,
      flags: 0 as APIRole["flags"],
      ...role,
    };
    guild.roles.set(stored.id, stored);
    return stored;
  }

  addMember(guildId: string, userId: string, roles: string[] = []): StoredMember {
    const member: StoredMember = {
      userId,
      nick: null,
      roles,
      joinedAt: new Date().toISOString(),
      communicationDisabledUntil: null,
    };
    this.guild(guildId).members.set(userId, member);
    return member;
  }

  guild(guildId: string): StoredGuild {
    const guild = this.guilds.get(guildId);
    if (!guild) throw new Error(`The stand-in has no guild ${guildId}`);
    return guild;
  }

  /** The guild a channel belongs to, or null for DM channels. */
  channelGuild(channelId: string): StoredGuild | null | undefined {
    if (this.dmChannels.has(channelId)) return null;
    for (const guild of this.guilds.values()) if (guild.channels.has(channelId)) return guild;
    return undefined;
  }

  apiMember(member: StoredMember): APIGuildMember {
    const user = this.users.get(member.userId);
    if (!user) throw new Error(`The stand-in has no user ${member.userId}`);
    const { dmClosed: _, ...apiUser } = user;
    return {
      user: apiUser,
      nick: member.nick,
      avatar: null,
      banner: null,
      roles: member.roles,
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as APIGuildMember["flags"],
      pending: false,
      communication_disabled_until: member.communicationDisabledUntil,
    };
  }

  apiGuild(guild: StoredGuild, memberCount = guild.members.size) {
    return {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [...guild.roles.values()],
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: guild.description,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: "en-US",
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      approximate_member_count: memberCount,
      approximate_presence_count: 0,
    };
  }

  apiMessage(message: StoredMessage) {
    return {
      ...message,
      type: 0,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      pinned: false,
    };
  }
}
