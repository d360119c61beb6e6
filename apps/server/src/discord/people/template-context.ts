import type { TemplateContext, TemplateUser } from "@hearth/core";
import { notFound } from "../../lib/errors.ts";
import { forDisplay } from "../port/display-lookups.ts";
import { cdnUrl, type DiscordPort, type GuildInfo, type MemberInfo, userTag } from "../port/port.ts";
import { displayName } from "./display-name.ts";

// What the template language ({user.name}, {server.owner}…) reads about a member and their server:
// welcome messages, triggers' replies, embeds, components' actions and birthday announcements all
// render with this context.

type Deps = { discord: Pick<DiscordPort, "getGuild" | "getUser"> };

/** Discord's default avatar for a user without one (new username system: (id >> 22) % 6). */
export function defaultAvatarUrl(userId: string): string {
  const index = /^\d+$/.test(userId) ? Number((BigInt(userId) >> 22n) % 6n) : 0;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

export function templateUser(member: MemberInfo): TemplateUser {
  const { user } = member;
  return {
    id: user.id,
    username: user.username,
    displayName: displayName(user, member.nick),
    avatarUrl: cdnUrl("avatars", user.id, user.avatar) ?? defaultAvatarUrl(user.id),
    createdAt: user.createdAt,
    joinedAt: member.joinedAt,
  };
}

/** What templates can read about a member of a server, fetched through the port. */
export async function templateContextFor(
  deps: Deps,
  serverId: string,
  member: MemberInfo,
  now: number = Date.now(),
): Promise<TemplateContext> {
  const guild = await deps.discord.getGuild(serverId);
  if (!guild) throw notFound("The bot is no longer in this server");
  return buildTemplateContext(guild, await ownerTag(deps, guild), member, now);
}

/**
 * The owner's tag for `{server.owner}`: a display detail, so a lookup Discord fails (404, 403, a
 * timeout) gives "Unknown user" rather than dropping the whole welcome.
 */
async function ownerTag(deps: Deps, guild: GuildInfo): Promise<string> {
  const owner = await forDisplay(deps.discord.getUser(guild.ownerId));
  return owner ? userTag(owner) : "Unknown user";
}

export function buildTemplateContext(
  guild: GuildInfo,
  ownerTagText: string,
  member: MemberInfo,
  now: number,
): TemplateContext {
  return {
    user: templateUser(member),
    server: {
      id: guild.id,
      name: guild.name,
      // The port already gives the icon as a full URL.
      iconUrl: guild.icon,
      description: guild.description,
      memberCount: guild.memberCount,
      boostCount: guild.boostCount,
      boostLevel: guild.boostLevel,
      createdAt: guild.createdAt,
      ownerId: guild.ownerId,
      ownerTag: ownerTagText,
    },
    now,
  };
}
