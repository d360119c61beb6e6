import type { APIRole } from "discord.js";
import { type RestLookups, type Route, unknown } from "./rest-shared.ts";
import type { StandInState } from "./state.ts";

/** Roles, members (their nickname, timeout and roles), kicks and bans. */
export function memberRoutes(state: StandInState, { guildOf, memberOf, roleOf }: RestLookups): Route[] {
  return [
    [
      "POST",
      "/guilds/:guild/roles",
      ({ params, body, emit }) => {
        const role = state.addRole(guildOf(params.guild).id, body as Partial<APIRole> & { name: string });
        emit("GUILD_ROLE_CREATE", { guild_id: params.guild, role });
        return role;
      },
    ],
    [
      "PATCH",
      "/guilds/:guild/roles/:role",
      ({ params, body, emit }) => {
        const role = roleOf(params.guild, params.role);
        if (typeof body.name === "string") role.name = body.name;
        if (typeof body.color === "number") {
          role.color = body.color;
          role.colors = { ...role.colors, primary_color: body.color };
        }
        if (body.permissions !== undefined && body.permissions !== null)
          role.permissions = String(body.permissions);
        if (typeof body.mentionable === "boolean") role.mentionable = body.mentionable;
        if (typeof body.hoist === "boolean") role.hoist = body.hoist;
        emit("GUILD_ROLE_UPDATE", { guild_id: params.guild, role });
        return role;
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/roles/:role",
      ({ params }) => {
        const guild = guildOf(params.guild);
        const role = roleOf(params.guild, params.role);
        guild.roles.delete(role.id);
        for (const member of guild.members.values())
          member.roles = member.roles.filter((id) => id !== role.id);
        return null;
      },
    ],
    [
      "GET",
      "/guilds/:guild/members",
      ({ params, query }) =>
        [...guildOf(params.guild).members.values()]
          .filter((member) => BigInt(member.userId) > BigInt(query.get("after") ?? "0"))
          .slice(0, Number(query.get("limit") ?? 1))
          .map((member) => state.apiMember(member)),
    ],
    [
      // Discord's member search: usernames and nicknames starting with the query, any case, up to 1000.
      "GET",
      "/guilds/:guild/members/search",
      ({ params, query }) => {
        const text = (query.get("query") ?? "").toLowerCase();
        const limit = Math.min(Number(query.get("limit") ?? 1), 1000);
        return [...guildOf(params.guild).members.values()]
          .filter((member) => {
            const user = state.users.get(member.userId);
            return [user?.username, member.nick].some((name) => name?.toLowerCase().startsWith(text));
          })
          .slice(0, limit)
          .map((member) => state.apiMember(member));
      },
    ],
    [
      "GET",
      "/guilds/:guild/members/:user",
      ({ params }) => state.apiMember(memberOf(params.guild, params.user)),
    ],
    [
      "PATCH",
      "/guilds/:guild/members/:user",
      ({ params, body }) => {
        const member = memberOf(params.guild, params.user);
        if ("communication_disabled_until" in body) {
          member.communicationDisabledUntil = (body.communication_disabled_until as string | null) ?? null;
        }
        if ("nick" in body) member.nick = (body.nick as string | null) ?? null;
        if (Array.isArray(body.roles)) member.roles = body.roles as string[];
        return state.apiMember(member);
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/members/:user",
      ({ params }) => {
        memberOf(params.guild, params.user);
        guildOf(params.guild).members.delete(params.user ?? "");
        return null;
      },
    ],
    [
      "PUT",
      "/guilds/:guild/members/:user/roles/:role",
      ({ params }) => {
        const role = roleOf(params.guild, params.role);
        const member = memberOf(params.guild, params.user);
        if (!member.roles.includes(role.id)) member.roles.push(role.id);
        return null;
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/members/:user/roles/:role",
      ({ params }) => {
        const role = roleOf(params.guild, params.role);
        const member = memberOf(params.guild, params.user);
        member.roles = member.roles.filter((id) => id !== role.id);
        return null;
      },
    ],
    [
      "PUT",
      "/guilds/:guild/bans/:user",
      ({ params }) => {
        const guild = guildOf(params.guild);
        guild.members.delete(params.user ?? "");
        guild.bans.set(params.user ?? "", null);
        return null;
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/bans/:user",
      ({ params }) => {
        if (!guildOf(params.guild).bans.delete(params.user ?? "")) throw unknown("Ban", 10026);
        return null;
      },
    ],
  ];
}
