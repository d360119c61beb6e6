import type { AppContext } from "../../context.ts";
import { DiscordError, type PermissionOverwrite } from "../../discord/port/port.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import { badRequest } from "../../lib/errors.ts";
import { perkCache } from "./cache.ts";
import { deleteChannelOf } from "./cleanup.ts";
import { now, type Owner, plural, refuseWithout, requirePerks } from "./member-perks.ts";
import { channelName } from "./rules.ts";
import * as store from "./store.ts";

// A member's private channel: created, shared within the tier's cap, deleted. The private role,
// which shares the member-list rules below, is in private-role.ts.

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

const view = Permission.ViewChannel;
/** What members of a private channel may do there. */
export const memberAccess = String(view | Permission.SendMessages | Permission.ReadMessageHistory);

/**
 * The members a list asks for (the owner left out), within the cap. Only newly added people must be
 * in the server, and a list that only removes people is always accepted, so a member whose cap
 * shrank (or whose friend left) can still take people off.
 */
export async function checkListed(
  deps: Deps,
  serverId: string,
  input: { owner: Owner; ids: string[]; current: readonly string[]; cap: number; what: string },
): Promise<string[]> {
  const wanted = input.ids.filter((id) => id !== input.owner.userId);
  const added = wanted.filter((id) => !input.current.includes(id));
  if (added.length > 0 && wanted.length > input.cap) {
    throw badRequest(
      `That's ${plural(wanted.length, "member")}; your ${input.what} member cap is ${input.cap}.`,
      "members",
    );
  }
  for (const id of added) {
    if (!(await deps.discord.getMember(serverId, id)))
      throw badRequest(`<@${id}> isn't a member of this server.`, "members");
  }
  return wanted;
}

export function explainDiscord(error: unknown, permission: string, what: string): never {
  if (error instanceof DiscordError && error.code === "missing_permissions") {
    throw badRequest(
      `I couldn't ${what}: I need the **${permission}** permission (and my role above the roles involved). Ask an admin.`,
    );
  }
  throw error;
}

/** Creates the member's private text channel: hidden from @everyone, open to them and the bot. */
export async function createPrivateChannel(
  deps: Deps,
  serverId: string,
  owner: Owner,
  name: string,
  memberIds: string[] = [],
) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.channelMembers, "a private channel", limits.tiers);
  const existing = await store.findMember(deps.storage.db, serverId, owner.userId);
  if (existing?.channelId && (await deps.discord.getChannel(existing.channelId))) {
    throw badRequest(`You already have a private channel: <#${existing.channelId}>.`);
  }
  const validName = channelName(name);
  // Checked before anything is created: a refused member list never leaves a half-made channel.
  const members = await checkListed(deps, serverId, {
    owner,
    ids: memberIds,
    current: [],
    cap: limits.channelMembers,
    what: "private channel",
  });
  const bot = await deps.discord.getBotMember(serverId);
  const access = (id: string): PermissionOverwrite => ({
    id,
    type: "member",
    allow: memberAccess,
    deny: "0",
  });
  const overwrites: PermissionOverwrite[] = [
    { id: serverId, type: "role", allow: "0", deny: String(view) },
    access(owner.userId),
    ...(bot ? [access(bot.user.id)] : []),
    ...members.map(access),
  ];
  const channel = await deps.discord
    .createChannel(
      serverId,
      { name: validName, type: 0, permissionOverwrites: overwrites },
      "Perk: private channel",
    )
    .catch((error: unknown) => explainDiscord(error, "Manage Channels", "create your channel"));
  await store.saveMember(
    deps.storage.db,
    serverId,
    owner.userId,
    { channelId: channel.id, channelMembers: members },
    now(),
  );
  perkCache(deps).invalidate(serverId);
  return { channel, members };
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
  const wanted = await checkListed(deps, serverId, {
    owner,
    ids,
    current: member.channelMembers,
    cap: limits.channelMembers,
    what: "private channel",
  });
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
