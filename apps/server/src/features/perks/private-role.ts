import { parseHexColour } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { judgeRole, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { recordRoleRefusal } from "../audit/service.ts";
import { perkCache } from "./cache.ts";
import { deleteRoleOf } from "./cleanup.ts";
import { now, type Owner, refuseWithout, requirePerks } from "./member-perks.ts";
import { checkListed, explainDiscord, setChannelMembers } from "./private-spaces.ts";
import { perkLimits } from "./rules.ts";
import * as store from "./store.ts";

// A member's private role: created or edited, given within the tier's cap, deleted.

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

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
  input: { name: string; colour?: string; members?: string[] },
) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.roleMembers, "a private role", limits.tiers);
  const name = readRoleName(input.name);
  const color = readColour(input.colour);
  const member = await store.findMember(deps.storage.db, serverId, owner.userId);
  if (input.members) {
    // Checked before the role is made or changed, so a refused list changes nothing.
    await checkListed(deps, serverId, {
      owner,
      ids: input.members,
      current: member?.roleMembers ?? [],
      cap: limits.roleMembers,
      what: "private role",
    });
  }
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
  const wanted = await checkListed(deps, serverId, {
    owner,
    ids,
    current: member.roleMembers,
    cap: limits.roleMembers,
    what: "private role",
  });
  try {
    const newcomers = wanted.filter((id) => !member.roleMembers.includes(id));
    if (newcomers.length > 0) {
      // Hearth made the role without permissions, but an admin may have given it some since: the
      // role-safety rule decides before it is handed to anyone on the owner's behalf.
      const verdict = judgeRole(await loadRoleScene(deps, serverId), roleId);
      if (!verdict.safe) {
        await recordRoleRefusal(deps, serverId, {
          feature: "perks",
          roleId,
          userId: newcomers[0] ?? owner.userId,
          verdict,
          actor: { tokenId: null, userId: owner.userId },
        });
        throw forbidden(
          `I can't hand out your private role: ${verdict.reason}. Ask an admin to fix the role.`,
        );
      }
    }
    for (const id of newcomers) {
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
