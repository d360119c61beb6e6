import {
  renderWelcomeMessage,
  type TemplateContext,
  type TemplateUser,
  type WelcomeConfig,
  type WelcomeMessage,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { forDisplay } from "../../discord/port/display-lookups.ts";
import { displayName } from "../../discord/port/display-name.ts";
import {
  cdnUrl,
  type GuildInfo,
  type MemberInfo,
  type OutgoingMessage,
  userTag,
} from "../../discord/port/port.ts";
import { notFound } from "../../lib/errors.ts";

type Deps = Pick<AppContext, "discord">;

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

/** Renders a given welcome config for one member, exactly as the bot sends it. */
export async function renderConfigFor(
  deps: Deps,
  serverId: string,
  member: MemberInfo,
  config: WelcomeConfig,
  now: number = Date.now(),
): Promise<WelcomeMessage> {
  return renderWelcomeMessage(config, await templateContextFor(deps, serverId, member, now));
}

/** The rendered message in the port's terms. */
export function toOutgoingMessage(message: WelcomeMessage): OutgoingMessage {
  const { embed, button } = message;
  return {
    ...(message.content === null ? {} : { content: message.content }),
    embeds: [
      {
        ...(embed.title === "" ? {} : { title: embed.title }),
        ...(embed.description === "" ? {} : { description: embed.description }),
        color: Number.parseInt(embed.color.slice(1), 16),
        ...(embed.thumbnail === null ? {} : { thumbnail: { url: embed.thumbnail } }),
        ...(embed.footer === null
          ? {}
          : {
              footer: {
                text: embed.footer.text,
                ...(embed.footer.iconURL === null ? {} : { iconUrl: embed.footer.iconURL }),
              },
            }),
        ...(embed.timestamp === null ? {} : { timestamp: new Date(embed.timestamp).toISOString() }),
      },
    ],
    ...(button === null
      ? {}
      : {
          components: [
            [
              {
                type: "button" as const,
                style: button.style,
                customId: button.customId,
                ...(button.label === "" ? {} : { label: button.label }),
                ...(button.emoji === null ? {} : { emoji: button.emoji }),
              },
            ],
          ],
        }),
    allowedMentions: { users: message.allowedMentions.users },
  };
}
