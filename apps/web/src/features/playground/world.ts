import type { SandboxMessagesResponse, SandboxServerResponse } from "@hearth/core";
import type { DiscordLookups } from "../../components/discord-message/lookups";

export type Server = SandboxServerResponse;
export type Member = Server["members"][number];

/** The member's colour: that of their highest coloured role, as Discord shows names. */
export function memberColor(server: Server, member: Pick<Member, "roleIds">): number | null {
  const held = new Set(member.roleIds);
  return server.roles.find((role) => held.has(role.id) && role.color !== 0)?.color ?? null;
}

/** The name Discord shows for a member: nickname, then display name. */
export const shownName = (member: Pick<Member, "nick" | "displayName">) => member.nick ?? member.displayName;

/** Names for the message renderer: the server's members, plus users only the messages name. */
export function lookupsOf(
  server: Server | undefined,
  extra: SandboxMessagesResponse["users"],
  now: number,
): DiscordLookups {
  const members = new Map(server?.members.map((member) => [member.id, member]));
  const others = new Map(extra.map((user) => [user.id, user]));
  const roles = new Map(server?.roles.map((role) => [role.id, role]));
  const channels = new Map(server?.channels.map((channel) => [channel.id, channel]));
  return {
    now,
    user: (id) => {
      const member = members.get(id);
      if (member && server)
        return { name: shownName(member), color: memberColor(server, member), bot: member.bot };
      const user = others.get(id);
      return user ? { name: user.displayName, bot: user.bot } : null;
    },
    role: (id) => {
      const role = roles.get(id);
      if (role && id === server?.guild.id) return { name: "everyone", color: 0 };
      return role ? { name: role.name, color: role.color } : null;
    },
    channel: (id) => channels.get(id) ?? null,
  };
}

/** Who the visitor is: an identity key (`owner` …) or a member's id, as the page's `as` parameter says. */
export function resolveViewer(server: Server | undefined, as: string | null): string | null {
  if (!server) return null;
  const key = as ?? "owner";
  const identity = server.identities.find((candidate) => candidate.key === key);
  if (identity) return identity.userId;
  return server.members.some((member) => member.id === key) ? key : null;
}
