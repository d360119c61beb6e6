import type { APIRole } from "discord.js";
import type { StandInState } from "./state.ts";

// What other members and moderators do to roles, channels and members, played by the stand-in: each
// changes the state and dispatches the gateway event Discord would.

type Dispatch = (event: string, data: unknown) => Promise<void>;

/** Someone edits a role (its permissions, say): the state changes and GUILD_ROLE_UPDATE is dispatched. */
export async function updateRole(
  state: StandInState,
  dispatch: Dispatch,
  guildId: string,
  roleId: string,
  changes: Partial<Pick<APIRole, "name" | "color" | "position" | "permissions" | "mentionable" | "hoist">>,
): Promise<APIRole> {
  const role = state.guild(guildId).roles.get(roleId);
  if (!role) throw new Error(`The stand-in has no role ${roleId} in guild ${guildId}`);
  Object.assign(role, changes);
  if (changes.color !== undefined) role.colors = { ...role.colors, primary_color: changes.color };
  await dispatch("GUILD_ROLE_UPDATE", { guild_id: guildId, role });
  return role;
}

/** Someone deletes a role: gone from the guild and its members, and GUILD_ROLE_DELETE dispatched. */
export async function deleteRole(
  state: StandInState,
  dispatch: Dispatch,
  guildId: string,
  roleId: string,
): Promise<void> {
  const guild = state.guild(guildId);
  guild.roles.delete(roleId);
  for (const member of guild.members.values()) member.roles = member.roles.filter((id) => id !== roleId);
  await dispatch("GUILD_ROLE_DELETE", { guild_id: guildId, role_id: roleId });
}

/** Someone deletes a channel: gone with its messages, and CHANNEL_DELETE dispatched. */
export async function deleteChannel(
  state: StandInState,
  dispatch: Dispatch,
  channelId: string,
): Promise<void> {
  const guild = state.channelGuild(channelId);
  const channel = guild?.channels.get(channelId);
  if (!guild || !channel) throw new Error(`The stand-in has no guild channel ${channelId}`);
  guild.channels.delete(channelId);
  for (const [id, message] of state.messages) {
    if (message.channel_id === channelId) state.messages.delete(id);
  }
  await dispatch("CHANNEL_DELETE", channel);
}

/** A member's roles or nickname change (by hand, or another bot): GUILD_MEMBER_UPDATE is dispatched. */
export async function updateMember(
  state: StandInState,
  dispatch: Dispatch,
  guildId: string,
  userId: string,
  changes: { roles?: string[]; nick?: string | null },
) {
  const member = state.guild(guildId).members.get(userId);
  if (!member) throw new Error(`User ${userId} is not a member of guild ${guildId}`);
  if (changes.roles) member.roles = [...changes.roles];
  if (changes.nick !== undefined) member.nick = changes.nick;
  await dispatch("GUILD_MEMBER_UPDATE", { guild_id: guildId, ...state.apiMember(member) });
}
