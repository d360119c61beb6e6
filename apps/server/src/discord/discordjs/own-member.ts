import {
  type Client,
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
  type GatewayGuildDeleteDispatchData,
  type GatewayGuildMemberUpdateDispatchData,
} from "discord.js";
import type { MemberInfo } from "../port/port.ts";
import { userFromCache } from "./mapping-users.ts";

/** What the bot's own member carries that a feature reads (its user is the client's). */
interface OwnMember {
  nick: string | null;
  roleIds: string[];
  joinedAt: number;
}

/**
 * The bot's own member in each guild this process's gateway holds, from the gateway's payloads:
 * its roles decide what it may assign and where it may post (getBotMember), read without a REST call.
 *
 * discord.js would keep it as a GuildMember in a members cache of its own per guild (a Map, the
 * member, its flags and role list): about 600 bytes a guild, for the one member the bot reads. This
 * keeps its three fields, about 150 bytes, and its role ids are the role objects' own strings.
 * Nothing else of discord.js reads a guild's `members.me` on the adapter's paths (events are read
 * from their raw payloads).
 */
export class OwnMembers {
  private readonly members = new Map<string, OwnMember>();

  constructor(private readonly client: Client) {
    // discord.js's WebSocketManager emits each dispatch here before its own handlers build the
    // guild, so the payload's strings can be shared before they are kept.
    client.ws.on(GatewayDispatchEvents.GuildCreate, (guild: GatewayGuildCreateDispatchData) => {
      if (guild.unavailable) return;
      const roleIds = shareRoleIds(guild);
      const own = guild.members.find((member) => member.user.id === this.client.user?.id);
      if (own) this.members.set(guild.id, fromPayload(own, roleIds));
    });
    client.ws.on(GatewayDispatchEvents.GuildMemberUpdate, (member: GatewayGuildMemberUpdateDispatchData) => {
      if (member.user.id !== this.client.user?.id) return;
      const roles = this.client.guilds.cache.get(member.guild_id)?.roles.cache;
      this.members.set(
        member.guild_id,
        fromPayload(member, new Map(roles?.map((role) => [role.id, role.id]))),
      );
    });
    client.ws.on(GatewayDispatchEvents.GuildDelete, (guild: GatewayGuildDeleteDispatchData) => {
      // An outage (unavailable) keeps what was known: the guild comes back with a GUILD_CREATE.
      if (!guild.unavailable) this.members.delete(guild.id);
    });
  }

  /**
   * The bot's member of a guild this gateway holds, as it was read from discord.js's GuildMember
   * (its roles those the guild has, in the guild's order, @everyone left out);
   * undefined when only a REST call can tell.
   */
  get(guildId: string): MemberInfo | undefined {
    const own = this.members.get(guildId);
    const user = this.client.user;
    const guild = this.client.guilds.cache.get(guildId);
    if (!own || !user || !guild) return undefined;
    return {
      guildId,
      user: userFromCache(user),
      nick: own.nick,
      roleIds: guild.roles.cache
        .filter((role) => role.id !== guildId && own.roleIds.includes(role.id))
        .map((role) => role.id),
      joinedAt: own.joinedAt,
    };
  }

  get size(): number {
    return this.members.size;
  }
}

function fromPayload(
  member: { nick?: string | null; roles: string[]; joined_at?: string | null },
  roleIds: Map<string, string>,
): OwnMember {
  return {
    nick: member.nick ?? null,
    roleIds: member.roles.map((id) => roleIds.get(id) ?? id),
    joinedAt: member.joined_at ? Date.parse(member.joined_at) : 0,
  };
}

/**
 * One string per id within a GUILD_CREATE (JSON parsing makes each occurrence its own, 40 bytes an
 * id): the @everyone role's id becomes the guild's; answers each role id's string, for the member.
 */
function shareRoleIds(guild: GatewayGuildCreateDispatchData): Map<string, string> {
  const roles = new Map<string, string>();
  for (const role of guild.roles) {
    if (role.id === guild.id) role.id = guild.id;
    roles.set(role.id, role.id);
  }
  return roles;
}
