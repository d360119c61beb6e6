import { parseHexColour } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { Permission } from "../../discord/permissions.ts";
import { DiscordError, type PermissionOverwrite } from "../../discord/port.ts";
import { badRequest } from "../../lib/errors.ts";
import { perkCache } from "./cache.ts";
import { deleteChannelOf, deleteRoleOf } from "./cleanup.ts";
import { now, type Owner, plural, refuseWithout, requirePerks } from "./member-perks.ts";
import { channelName, perkLimits } from "./rules.ts";
import * as store from "./store.ts";

/** A member's private channel and private role: created, shared within the tier's caps, deleted. */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

const view = Permission.ViewChannel;
/** What members of a private channel may do there. */
export const memberAccess = String(view | Permission.SendMessages | Permission.ReadMessageHistory);

async function requireMembers(deps: Deps, serverId: string, owner: Owner, ids: string[]) {
  const others = ids.filter((id) => id !== owner.userId);
  for (const id of others) {
    if (!(await deps.discord.getMember(serverId, id)))
      throw badRequest(`<@${id}> isn't a member of this server.`, "members");
  }
  return others;
}

function explainDiscord(error: unknown, permission: string, what: string): never {
  if (error instanceof DiscordError && error.code === "missing_permissions") {
    throw badRequest(
      `I couldn't ${what}: I need the **${permission}** permission (and my role above the roles involved). Ask an admin.`,
    );
  }
  throw error;
}

/** Creates the member's private text channel: hidden from @everyone, open to them and the bot. */
export async function createPrivateChannel(deps: Deps, serverId: string, owner: Owner, name: string) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.channelMembers, "a private channel", limits.tiers);
  const existing = await store.findMember(deps.storage.db, serverId, owner.userId);
  if (existing?.channelId && (await deps.discord.getChannel(existing.channelId))) {
    throw badRequest(`You already have a private channel: <#${existing.channelId}>.`);
  }
  const bot = await deps.discord.getBotMember(serverId);
  const overwrites: PermissionOverwrite[] = [
    { id: serverId, type: "role", allow: "0", deny: String(view) },
    { id: owner.userId, type: "member", allow: memberAccess, deny: "0" },
    ...(bot ? [{ id: bot.user.id, type: "member" as const, allow: memberAccess, deny: "0" }] : []),
  ];
  const channel = await deps.discord
    .createChannel(
      serverId,
      { name: channelName(name), type: 0, permissionOverwrites: overwrites },
      "Perk: private channel",
    )
    .catch((error: unknown) => explainDiscord(error, "Manage Channels", "create your channel"));
  await store.saveMember(
    deps.storage.db,
    serverId,
    owner.userId,
    { channelId: channel.id, channelMembers: [] },
    now(),
  );
  perkCache(deps).invalidate(serverId);
  return channel;
}

async function ownChannel(deps: Deps, serverId: string, owner: Owner) {
  const member = await store.findMember(deps.storage.db, serverId, owner.userId);
  if (!member?.channelId) throw badRequest("You don't have a private channel yet.");
  return { member, channelId: member.channelId };
}

/** Sets who (besides the owner) can see the private channel, within the tier's cap. */
export async function setChannelMembers(deps: Deps, serverId: string, owner: Owner, ids: string[]) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.channelMembers, "a private channel", limits.tiers);
  const { member, channelId } = await ownChannel(deps, serverId, owner);
  const wanted = await requireMembers(deps, serverId, owner, ids);
  if (wanted.length > limits.channelMembers) {
    throw badRequest(
      `That's ${plural(wanted.length, "member")}; your private channel member cap is ${limits.channelMembers}.`,
      "members",
    );
  }
  try {
    for (const id of wanted.filter((id) => !member.channelMembers.includes(id))) {
      await deps.discord.setChannelPermission(
        channelId,
        { id, type: "member", allow: memberAccess, deny: "0" },
        "Perk: channel member added",
      );
    }
    for (const id of member.channelMembers.filter((id) => !wanted.includes(id))) {
      await deps.discord.removeChannelPermission(channelId, id, "Perk: channel member removed");
    }
  } catch (error) {
    if (error instanceof DiscordError && error.code === "unknown_channel") {
      await store.saveMember(
        deps.storage.db,
        serverId,
        owner.userId,
        { channelId: null, channelMembers: [] },
        now(),
      );
      throw badRequest("Your private channel was deleted; create a new one from `/perks`.");
    }
    explainDiscord(error, "Manage Channels", "change your channel's members");
  }
  await store.saveMember(deps.storage.db, serverId, owner.userId, { channelMembers: wanted }, now());
  perkCache(deps).invalidate(serverId);
  return wanted;
}

export async function deletePrivateChannel(deps: Deps, serverId: string, owner: Owner): Promise<void> {
  const { member } = await ownChannel(deps, serverId, owner);
  await deleteChannelOf(deps, member, "Perk: deleted by its owner").catch((error: unknown) =>
    explainDiscord(error, "Manage Channels", "delete your channel"),
  );
  await store.saveMember(
    deps.storage.db,
    serverId,
    owner.userId,
    { channelId: null, channelMembers: [] },
    now(),
  );
  perkCache(deps).invalidate(serverId);
}

function readColour(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const colour = parseHexColour(text);
  if (colour === null)
    throw badRequest(`"${text.trim().slice(0, 20)}" isn't a colour: use #RRGGBB, e.g. #F97316.`, "colour");
  return colour;
}

function readRoleName(text: string): string {
  const name = text.trim();
  if (name === "") throw badRequest("Give your role a name.", "name");
  if (name.length > perkLimits.roleName)
    throw badRequest(
      `The role name is ${name.length} characters; the limit is ${perkLimits.roleName}.`,
      "name",
    );
  return name;
}

/** Creates (or renames and recolours) the member's private role: no permissions, given by the bot. */
export async function savePrivateRole(
  deps: Deps,
  serverId: string,
  owner: Owner,
  input: { name: string; colour?: string },
) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.roleMembers, "a private role", limits.tiers);
  const name = readRoleName(input.name);
  const color = readColour(input.colour);
  const member = await store.findMember(deps.storage.db, serverId, owner.userId);
  const roles = await deps.discord.listRoles(serverId);
  const current = member?.roleId ? roles.find((role) => role.id === member.roleId) : undefined;
  if (current) {
    const role = await deps.discord
      .editRole(
        serverId,
        current.id,
        { name, ...(color !== undefined ? { color } : {}) },
        "Perk: private role edited",
      )
      .catch((error: unknown) => explainDiscord(error, "Manage Roles", "edit your role"));
    return { role, created: false };
  }
  const role = await deps.discord
    .createRole(
      serverId,
      { name, color: color ?? 0, permissions: "0", mentionable: false },
      "Perk: private role",
    )
    .catch((error: unknown) => explainDiscord(error, "Manage Roles", "create your role"));
  await store.saveMember(
    deps.storage.db,
    serverId,
    owner.userId,
    { roleId: role.id, roleMembers: [] },
    now(),
  );
  perkCache(deps).invalidate(serverId);
  await deps.discord
    .addMemberRole(serverId, owner.userId, role.id, "Perk: private role owner")
    .catch((error: unknown) => explainDiscord(error, "Manage Roles", "give you your role"));
  return { role, created: true };
}

async function ownRole(deps: Deps, serverId: string, owner: Owner) {
  const member = await store.findMember(deps.storage.db, serverId, owner.userId);
  if (!member?.roleId) throw badRequest("You don't have a private role yet.");
  return { member, roleId: member.roleId };
}

/** Sets who (besides the owner) holds the private role, within the tier's cap. */
export async function setRoleMembers(deps: Deps, serverId: string, owner: Owner, ids: string[]) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.roleMembers, "a private role", limits.tiers);
  const { member, roleId } = await ownRole(deps, serverId, owner);
  const wanted = await requireMembers(deps, serverId, owner, ids);
  if (wanted.length > limits.roleMembers) {
    throw badRequest(
      `That's ${plural(wanted.length, "member")}; your private role member cap is ${limits.roleMembers}.`,
      "members",
    );
  }
  try {
    for (const id of wanted.filter((id) => !member.roleMembers.includes(id))) {
      await deps.discord.addMemberRole(serverId, id, roleId, "Perk: private role given");
    }
    for (const id of member.roleMembers.filter((id) => !wanted.includes(id))) {
      await deps.discord
        .removeMemberRole(serverId, id, roleId, "Perk: private role taken")
        .catch((error: unknown) => {
          if (!(error instanceof DiscordError && error.code === "unknown_member")) throw error;
        });
    }
  } catch (error) {
    if (error instanceof DiscordError && error.code === "unknown_role") {
      await store.saveMember(
        deps.storage.db,
        serverId,
        owner.userId,
        { roleId: null, roleMembers: [] },
        now(),
      );
      throw badRequest("Your private role was deleted; create a new one from `/perks`.");
    }
    explainDiscord(error, "Manage Roles", "change who has your role");
  }
  await store.saveMember(deps.storage.db, serverId, owner.userId, { roleMembers: wanted }, now());
  perkCache(deps).invalidate(serverId);
  return wanted;
}

export async function deletePrivateRole(deps: Deps, serverId: string, owner: Owner): Promise<void> {
  const { member } = await ownRole(deps, serverId, owner);
  await deleteRoleOf(deps, serverId, member, "Perk: deleted by its owner").catch((error: unknown) =>
    explainDiscord(error, "Manage Roles", "delete your role"),
  );
  await store.saveMember(deps.storage.db, serverId, owner.userId, { roleId: null, roleMembers: [] }, now());
  perkCache(deps).invalidate(serverId);
}

/** Adds or removes one member from the channel or role lists (the `/perks member:` buttons). */
export async function toggleListed(
  deps: Deps,
  serverId: string,
  owner: Owner,
  what: "channel" | "role",
  targetId: string,
  add: boolean,
): Promise<string[]> {
  const member = await store.findMember(deps.storage.db, serverId, owner.userId);
  const current = (what === "channel" ? member?.channelMembers : member?.roleMembers) ?? [];
  const next = add
    ? [...current.filter((id) => id !== targetId), targetId]
    : current.filter((id) => id !== targetId);
  return what === "channel"
    ? setChannelMembers(deps, serverId, owner, next)
    : setRoleMembers(deps, serverId, owner, next);
}
