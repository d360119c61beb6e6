import type { SandboxServerResponse } from "@hearth/core";
import { demoGuildId } from "../discord/demo-seed.ts";
import { channelPermissions, Permission } from "../discord/permissions.ts";
import type { ChannelInfo } from "../discord/port.ts";
import type { SandboxAdapter } from "../discord/sandbox-adapter.ts";
import { notFound } from "../lib/errors.ts";
import { identitiesOf, type Presences } from "./identities.ts";

/** The demo server as a member's client shows it: channels, roles, members with presence, emojis. */
export async function readServer(
  sandbox: SandboxAdapter,
  presences: Presences,
  viewerId: string | undefined,
): Promise<SandboxServerResponse> {
  const guild = await sandbox.getGuild(demoGuildId);
  if (!guild) throw notFound("The demo server is not in the sandbox; reset it to seed it again");
  const [channels, roles, viewedRoles, members, emojis] = await Promise.all([
    sandbox.listChannels(demoGuildId),
    sandbox.listRoles(demoGuildId),
    sandbox.viewRoles(demoGuildId),
    sandbox.viewMembers(demoGuildId),
    sandbox.listEmojis(demoGuildId),
  ]);
  const topics = await sandbox.viewChannelTopics(demoGuildId);
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
