import { type APIGuildMember, type APIRole, type APIUser, Routes } from "discord.js";
import type {
  DiscordPort,
  MemberInfo,
  MemberSearchOptions,
  NewRole,
  RoleChanges,
  RoleInfo,
  UserInfo,
} from "../port/port.ts";
import { byPosition, cacheAction, cachedGuild, call, type DiscordJsContext, orNull } from "./context.ts";
import { roleFromApi, roleFromCache } from "./mapping-guilds.ts";
import { memberFromApi, userFromApi } from "./mapping-users.ts";

// Users, members and roles over discord.js: reading them, giving and taking roles, and moderation.

/** The port's role, member and moderation calls over discord.js, for the adapter to assemble with the other parts. */
export function membersPart(context: DiscordJsContext, port: DiscordPort, ownUserId: () => Promise<string>) {
  return {
    async listRoles(guildId: string): Promise<RoleInfo[]> {
      const cached = cachedGuild(context, guildId);
      const roles = cached
        ? cached.roles.cache.map(roleFromCache)
        : await context.roles.getOrLoad(guildId, async () => {
            const rows = await orNull(() => context.rest.get(Routes.guildRoles(guildId)), "unknown_guild");
            return ((rows ?? []) as APIRole[]).map((role) => roleFromApi(guildId, role));
          });
      return [...roles].sort((a, b) => byPosition(b, a));
    },
    /** Members are never cached (see clientOptions): one REST read, when a feature needs it. */
    async getMember(guildId: string, userId: string): Promise<MemberInfo | null> {
      const member = await orNull(
        () => context.rest.get(Routes.guildMember(guildId, userId)),
        "unknown_member",
        "unknown_user",
        "unknown_guild",
      );
      return member ? memberFromApi(guildId, member as APIGuildMember) : null;
    },
    /**
     * Discord's member search matches the start of a username or nickname (up to 1000 answers, in no
     * stated order); an empty query lists members by id (which needs the server members intent). The
     * answers are ordered by id and cut after `after`, so pages follow each other as the sandbox's do.
     */
    async searchMembers(guildId: string, query: string, options: MemberSearchOptions): Promise<MemberInfo[]> {
      if (query === "") {
        const params = new URLSearchParams({ limit: String(Math.min(options.limit, 1000)) });
        if (options.after) params.set("after", options.after);
        const rows = (await call(() =>
          context.rest.get(Routes.guildMembers(guildId), { query: params }),
        )) as APIGuildMember[];
        return rows.map((member) => memberFromApi(guildId, member));
      }
      const rows = (await call(() =>
        context.rest.get(Routes.guildMembersSearch(guildId), {
          query: new URLSearchParams({ query, limit: "1000" }),
        }),
      )) as APIGuildMember[];
      const after = options.after === undefined ? null : BigInt(options.after);
      return rows
        .map((member) => memberFromApi(guildId, member))
        .filter((member) => after === null || BigInt(member.user.id) > after)
        .sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1))
        .slice(0, options.limit);
    },
    async getBotMember(guildId: string): Promise<MemberInfo | null> {
      const own = cachedGuild(context, guildId) ? context.ownMembers?.get(guildId) : undefined;
      if (own) return own;
      return port.getMember(guildId, await ownUserId());
    },
    /** The user from the REST cache; undefined when only a REST call can tell. */
    peekUser(userId: string): UserInfo | null | undefined {
      return context.users.get(userId);
    },
    getUser(userId: string): Promise<UserInfo | null> {
      return context.users.getOrLoad(userId, async () => {
        const user = await orNull(() => context.rest.get(Routes.user(userId)), "unknown_user");
        return user ? userFromApi(user as APIUser) : null;
      });
    },
    async addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
      await call(() => context.rest.put(Routes.guildMemberRole(guildId, userId, roleId), { reason }));
    },
    async removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
      await call(() => context.rest.delete(Routes.guildMemberRole(guildId, userId, roleId), { reason }));
    },
    async createRole(guildId: string, role: NewRole, reason?: string): Promise<RoleInfo> {
      const body = {
        name: role.name,
        color: role.color ?? 0,
        permissions: role.permissions ?? "0",
        mentionable: role.mentionable ?? false,
      };
      const created = await call(() => context.rest.post(Routes.guildRoles(guildId), { body, reason }));
      context.roles.delete(guildId);
      cacheAction(context, "GuildRoleCreate", { guild_id: guildId, role: created });
      return roleFromApi(guildId, created as APIRole);
    },
    async editRole(
      guildId: string,
      roleId: string,
      changes: RoleChanges,
      reason?: string,
    ): Promise<RoleInfo> {
      const body = { name: changes.name, color: changes.color, permissions: changes.permissions };
      const edited = await call(() =>
        context.rest.patch(Routes.guildRole(guildId, roleId), { body, reason }),
      );
      context.roles.delete(guildId);
      cacheAction(context, "GuildRoleUpdate", { guild_id: guildId, role: edited });
      return roleFromApi(guildId, edited as APIRole);
    },
    async deleteRole(guildId: string, roleId: string, reason?: string): Promise<void> {
      await call(() => context.rest.delete(Routes.guildRole(guildId, roleId), { reason }));
      context.roles.delete(guildId);
      cacheAction(context, "GuildRoleDelete", { guild_id: guildId, role_id: roleId });
    },
    async banMember(
      guildId: string,
      userId: string,
      options: { reason?: string; deleteMessageSeconds?: number } = {},
    ): Promise<void> {
      const body = { delete_message_seconds: options.deleteMessageSeconds ?? 0 };
      await call(() => context.rest.put(Routes.guildBan(guildId, userId), { body, reason: options.reason }));
    },
    async unbanMember(guildId: string, userId: string, reason?: string): Promise<void> {
      await call(() => context.rest.delete(Routes.guildBan(guildId, userId), { reason }));
    },
    async kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
      await call(() => context.rest.delete(Routes.guildMember(guildId, userId), { reason }));
    },
    async timeoutMember(
      guildId: string,
      userId: string,
      until: number | null,
      reason?: string,
    ): Promise<void> {
      const body = { communication_disabled_until: until === null ? null : new Date(until).toISOString() };
      await call(() => context.rest.patch(Routes.guildMember(guildId, userId), { body, reason }));
    },
  } satisfies Partial<DiscordPort>;
}
