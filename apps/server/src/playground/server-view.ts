import type { SandboxServerResponse } from "@hearth/core";
import { type ChannelInfo, DiscordError } from "../discord/port/port.ts";
import { channelPermissions, Permission } from "../discord/roles/permissions.ts";
import type { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { demoGuildId } from "../discord/sandbox/demo-seed-data.ts";
import { notFound } from "../lib/errors.ts";
import { identitiesOf, type Presences } from "./identities.ts";

/** A Discord error becomes the empty value; anything else (a bug, the database) is still thrown. */
const orNothing =
  <T>(empty: T) =>
  (error: unknown): T => {
    if (error instanceof DiscordError) return empty;
    throw error;
  };

/** The demo server as a member's client shows it: channels, roles, members with presence, emojis. */
export async function readServer(
  sandbox: SandboxAdapter,
  presences: Presences,
  viewerId: string | undefined,
): Promise<SandboxServerResponse> {
  // The sandbox plays Discord here: a read of it that fails (a test's unkind Discord) is answered as
  // "not there" for the server itself, and as an empty list for each of its details.
  const guild = await sandbox.getGuild(demoGuildId).catch(orNothing(null));
  if (!guild) throw notFound("The demo server is not in the sandbox; reset it to seed it again");
  const [channels, roles, viewedRoles, members, emojis] = await Promise.all([
    sandbox.listChannels(demoGuildId).catch(orNothing([])),
    sandbox.listRoles(demoGuildId).catch(orNothing([])),
    sandbox.viewRoles(demoGuildId).catch(orNothing([])),
    sandbox.viewMembers(demoGuildId).catch(orNothing([])),
    sandbox.listEmojis(demoGuildId).catch(orNothing([])),
  ]);
  const topics = await sandbox.viewChannelTopics(demoGuildId).catch(orNothing(new Map<string, string>()));
  const viewer = viewerId ? members.find((member) => member.id === viewerId) : undefined;
  const access = (channel: ChannelInfo) => {
    if (!viewer) return { canView: true, canSend: true };
    const bits = channelPermissions({
      ownerId: guild.ownerId,
      roles,
      member: { userId: viewer.id, roleIds: viewer.roleIds },
      channel,
    });
    return {
      canView: (bits & Permission.ViewChannel) !== 0n,
      canSend: (bits & Permission.SendMessages) !== 0n,
    };
  };
  return {
    guild: {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      boostCount: guild.boostCount,
      boostLevel: guild.boostLevel,
    },
    botUserId: sandbox.botUserId,
    channels: channels.map((channel) => ({
      id: channel.id,
      name: channel.name,
      type: channel.type,
      parentId: channel.parentId,
      position: channel.position,
      topic: topics.get(channel.id) ?? null,
      nsfw: channel.nsfw,
      ...access(channel),
    })),
    roles: viewedRoles,
    members: members.map((member) => {
      const presence = presences.get(member.id);
      // The bot is running, and whoever the visitor plays is using Discord: both show online.
      const online = member.id === sandbox.botUserId || member.id === viewerId ? "online" : "offline";
      return {
        ...member,
        status: presence?.status ?? online,
        customStatus: presence?.customStatus ?? null,
      };
    }),
    identities: identitiesOf(guild, roles, members),
    emojis: emojis.map((emoji) => ({ id: emoji.id, name: emoji.name, animated: emoji.animated ?? false })),
  };
}
