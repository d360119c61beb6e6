import type { APIGuildMember, APIOverwrite, APIRole, APIUser } from "discord.js";
import { emojiPayload, guildPayload, memberPayload, messagePayload } from "./state-payloads.ts";
import type {
  StoredChannel,
  StoredEmoji,
  StoredGuild,
  StoredMember,
  StoredMessage,
  StoredReactionEmoji,
  StoredUser,
} from "./state-types.ts";

export type {
  StoredAttachment,
  StoredChannel,
  StoredEmoji,
  StoredGuild,
  StoredMember,
  StoredMessage,
  StoredReaction,
  StoredReactionEmoji,
  StoredUser,
} from "./state-types.ts";

// The stand-in's in-memory Discord: users, guilds with channels (and their permission overwrites),
// roles, members, bans and custom emojis, messages with their attachments and reactions, DM channels
// and registered commands, answered in Discord's own JSON shapes.

/** The key Discord's reaction routes use: the unicode text, or `name:id`. */
export const reactionKey = (emoji: StoredReactionEmoji): string =>
  emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name;

/** Users (`<@id>`, `<@!id>`) and roles (`<@&id>`) mentioned in a text, each once. */
export function parseMentions(content: string): { users: string[]; roles: string[] } {
  const users = [...content.matchAll(/<@!?(\d{5,20})>/g)].map((match) => match[1] ?? "");
  const roles = [...content.matchAll(/<@&(\d{5,20})>/g)].map((match) => match[1] ?? "");
  return { users: [...new Set(users)], roles: [...new Set(roles)] };
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
      emojis: new Map(),
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
    channel: {
      id?: string;
      name: string;
      type: number;
      parent_id?: string | null;
      topic?: string | null;
      nsfw?: boolean;
      permission_overwrites?: APIOverwrite[];
    },
  ): StoredChannel {
    const guild = this.guild(guildId);
    const stored = {
      id: channel.id ?? this.snowflake(),
      guild_id: guildId,
      name: channel.name,
      type: channel.type,
      parent_id: channel.parent_id ?? null,
      position: guild.channels.size,
      topic: channel.topic ?? null,
      nsfw: channel.nsfw ?? false,
      permission_overwrites: (channel.permission_overwrites ?? []).map((overwrite) => ({
        id: overwrite.id,
        type: Number(overwrite.type),
        allow: String(overwrite.allow ?? "0"),
        deny: String(overwrite.deny ?? "0"),
      })),
    } as unknown as StoredChannel;
    guild.channels.set(stored.id, stored);
    return stored;
  }

  /** A custom emoji of the guild (the REST emoji list and reactions with `name:id` know it). */
  addEmoji(guildId: string, emoji: { id?: string; name: string; animated?: boolean }): StoredEmoji {
    const stored: StoredEmoji = {
      id: emoji.id ?? this.snowflake(),
      name: emoji.name,
      animated: emoji.animated ?? false,
    };
    this.guild(guildId).emojis.set(stored.id, stored);
    return stored;
  }

  /** A custom emoji of any guild, by id. */
  findEmoji(id: string): StoredEmoji | undefined {
    for (const guild of this.guilds.values()) {
      const emoji = guild.emojis.get(id);
      if (emoji) return emoji;
    }
    return undefined;
  }

  /**
   * An emoji as reactions name it, from `⭐`, `name:id`, `<:name:id>` / `<a:name:id>` or an object;
   * a custom emoji the stand-in holds gets its stored name and animation.
   */
  reactionEmoji(emoji: string | StoredReactionEmoji): StoredReactionEmoji {
    if (typeof emoji !== "string") return emoji.id ? { animated: false, ...emoji } : emoji;
    const custom = /^<(a?):([\w~]+):(\d+)>$/.exec(emoji) ?? /^()([\w~]+):(\d+)$/.exec(emoji);
    if (!custom) return { id: null, name: emoji };
    const id = custom[3] ?? "";
    const known = this.findEmoji(id);
    return { id, name: known?.name ?? custom[2] ?? "", animated: known?.animated ?? custom[1] === "a" };
  }

  /** Adds a user's reaction; false when they had already reacted with that emoji (nothing changes). */
  react(message: StoredMessage, emoji: StoredReactionEmoji, userId: string): boolean {
    message.reactions ??= new Map();
    const key = reactionKey(emoji);
    const reaction = message.reactions.get(key) ?? { emoji, userIds: [] };
    message.reactions.set(key, reaction);
    if (reaction.userIds.includes(userId)) return false;
    reaction.userIds.push(userId);
    return true;
  }

  /** Takes a user's reaction away; false when there was none. */
  unreact(message: StoredMessage, emoji: StoredReactionEmoji, userId: string): boolean {
    const key = reactionKey(emoji);
    const reaction = message.reactions?.get(key);
    if (!reaction?.userIds.includes(userId)) return false;
    reaction.userIds = reaction.userIds.filter((id) => id !== userId);
    if (reaction.userIds.length === 0) message.reactions?.delete(key);
    return true;
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
    return memberPayload(user, member);
  }

  apiGuild(guild: StoredGuild, memberCount = guild.members.size) {
    return guildPayload(guild, memberCount);
  }

  apiEmoji(emoji: StoredEmoji) {
    return emojiPayload(emoji);
  }

  /** A user as Discord shows it to others (without the stand-in's own flags). */
  apiUser(userId: string): APIUser {
    const { dmClosed: _, ...user } = this.users.get(userId) ?? {
      id: userId,
      username: "unknown",
      discriminator: "0",
      global_name: null,
      avatar: null,
    };
    return user;
  }

  apiMessage(message: StoredMessage) {
    return messagePayload(message, (id) => this.apiUser(id), this.botUser.id);
  }
}
