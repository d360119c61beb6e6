import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { perkCache } from "./cache.ts";
import { memberLimits } from "./rules.ts";
import {
  deleteMemberData,
  findMember,
  forgetAsset,
  getAutoCleanup,
  listMembers,
  listTiers,
  type PerkMember,
  saveMember,
} from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

export const cleanupJob = "perks.cleanup";
/** How long an expired channel or role is kept before auto-cleanup deletes it (the role may come back). */
export const cleanupGraceMs = 24 * 3_600_000;

const cleanupKey = (serverId: string, userId: string) => `${cleanupJob}:${serverId}:${userId}`;

/** Which of the member's channel and role their current tiers no longer allow. */
function lostAssets(member: PerkMember, limits: ReturnType<typeof memberLimits>) {
  return {
    channel: member.channelId !== null && (limits?.channelMembers ?? 0) === 0,
    role: member.roleId !== null && (limits?.roleMembers ?? 0) === 0,
  };
}

async function scheduleCleanup(deps: Deps, serverId: string, userId: string, at: number): Promise<void> {
  await deps.jobs.schedule(cleanupJob, { serverId, userId }, at, { dedupeKey: cleanupKey(serverId, userId) });
}

/**
 * Re-checks a member's channel and role against the tiers of `roleIds` (null: they left the server).
 * Losing what allowed them marks them expired (and schedules the cleanup when it is on); getting it
 * back clears the mark. Answers the member's state.
 */
export async function reviewMember(
  deps: Deps,
  serverId: string,
  userId: string,
  roleIds: readonly string[] | null,
  now = Date.now(),
): Promise<"none" | "active" | "expired"> {
  const member = await findMember(deps.storage.db, serverId, userId);
  if (!member || (member.channelId === null && member.roleId === null)) return "none";
  const tiers = await listTiers(deps.storage.db, serverId);
  const lost = lostAssets(member, roleIds === null ? null : memberLimits(tiers, roleIds));
  if (lost.channel || lost.role) {
    if (member.expiredAt === null) {
      await saveMember(deps.storage.db, serverId, userId, { expiredAt: now }, now);
      perkCache(deps).invalidate(serverId);
      if (await getAutoCleanup(deps.storage.db, serverId)) {
        await scheduleCleanup(deps, serverId, userId, now + cleanupGraceMs);
      }
    }
    return "expired";
  }
  if (member.expiredAt !== null) {
    await saveMember(deps.storage.db, serverId, userId, { expiredAt: null }, now);
    perkCache(deps).invalidate(serverId);
    await deps.jobs.cancel(cleanupKey(serverId, userId));
  }
  return "active";
}

/**
 * Reviews every member with a channel or role (after a tier changed or was deleted). `deletedRoleId`
 * is left out of members' roles: a member cache may still list a role Discord just deleted.
 */
export async function reviewServer(
  deps: Deps,
  serverId: string,
  now = Date.now(),
  deletedRoleId?: string,
): Promise<number> {
  let expired = 0;
  for (const member of await listMembers(deps.storage.db, serverId)) {
    if (member.channelId === null && member.roleId === null) continue;
    const info = await deps.discord.getMember(serverId, member.userId);
    const roleIds = info ? info.roleIds.filter((id) => id !== deletedRoleId) : null;
    if ((await reviewMember(deps, serverId, member.userId, roleIds, now)) === "expired") {
      expired++;
    }
  }
  return expired;
}

/** When auto-cleanup is switched on, the members already expired get their cleanup scheduled. */
export async function scheduleExpired(deps: Deps, serverId: string, now = Date.now()): Promise<number> {
  const expired = (await listMembers(deps.storage.db, serverId)).filter((m) => m.expiredAt !== null);
  for (const member of expired) {
    await scheduleCleanup(
      deps,
      serverId,
      member.userId,
      Math.max(now, (member.expiredAt ?? now) + cleanupGraceMs),
    );
  }
  return expired.length;
}

async function tolerateGone(deps: Deps, action: () => Promise<void>, what: string): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    if (error.code === "unknown_channel" || error.code === "unknown_role") return;
    deps.logger.warn({ err: error }, `perks: could not delete ${what}`);
    throw error;
  }
}

export async function deleteChannelOf(deps: Deps, member: Pick<PerkMember, "channelId">, reason: string) {
  const channelId = member.channelId;
  if (channelId)
    await tolerateGone(deps, () => deps.discord.deleteChannel(channelId, reason), "a perk channel");
}

export async function deleteRoleOf(
  deps: Deps,
  serverId: string,
  member: Pick<PerkMember, "roleId">,
  reason: string,
) {
  const roleId = member.roleId;
  if (roleId)
    await tolerateGone(deps, () => deps.discord.deleteRole(serverId, roleId, reason), "a perk role");
}

/**
 * The cleanup job: deletes the channel and role the member's tiers no longer allow, if auto-cleanup
 * is (still) on and they didn't get a tier back. Answers what it removed.
 */
export async function runCleanup(
  deps: Deps,
  serverId: string,
  userId: string,
  now = Date.now(),
): Promise<{ channel: boolean; role: boolean }> {
  const none = { channel: false, role: false };
  if (!(await getAutoCleanup(deps.storage.db, serverId))) return none;
  const info = await deps.discord.getMember(serverId, userId);
  if ((await reviewMember(deps, serverId, userId, info?.roleIds ?? null, now)) !== "expired") return none;
  const member = await findMember(deps.storage.db, serverId, userId);
  if (!member) return none;
  const lost = lostAssets(
    member,
    info ? memberLimits(await listTiers(deps.storage.db, serverId), info.roleIds) : null,
  );
  if (lost.channel) await deleteChannelOf(deps, member, "Perk expired");
  if (lost.role) await deleteRoleOf(deps, serverId, member, "Perk expired");
  const keepsOther = (!lost.channel && member.channelId !== null) || (!lost.role && member.roleId !== null);
  await saveMember(
    deps.storage.db,
    serverId,
    userId,
    {
      ...(lost.channel ? { channelId: null, channelMembers: [] } : {}),
      ...(lost.role ? { roleId: null, roleMembers: [] } : {}),
      expiredAt: keepsOther ? member.expiredAt : null,
    },
    now,
  );
  perkCache(deps).invalidate(serverId);
  return lost;
}

/** Removes every perk of a member: channel and role on Discord too, then all their stored perks. */
export async function deleteUserPerks(
  deps: Deps,
  serverId: string,
  userId: string,
  actor: AuditActor = { tokenId: null, userId: null },
): Promise<{ channel: boolean; role: boolean; found: boolean }> {
  const member = await findMember(deps.storage.db, serverId, userId);
  if (member) {
    await deleteChannelOf(deps, member, "Perks removed by an admin");
    await deleteRoleOf(deps, serverId, member, "Perks removed by an admin");
  }
  await deleteMemberData(deps.storage.db, serverId, userId);
  await deps.jobs.cancel(cleanupKey(serverId, userId));
  perkCache(deps).invalidate(serverId);
  const removed = {
    channel: member?.channelId != null,
    role: member?.roleId != null,
    found: member !== null,
  };
  await recordAudit(deps.storage.db, serverId, actor, "perks.member-remove", {
    memberId: userId,
    ...removed,
  });
  return removed;
}

/**
 * Something was deleted on Discord (by hand, or by Hearth itself): a private channel or role is
 * forgotten, so its owner can make a new one, and a deleted tier role expires what it gave.
 */
export async function forgetDeleted(
  deps: Deps,
  serverId: string,
  deleted: { channelId: string } | { roleId: string },
  now = Date.now(),
): Promise<void> {
  const owner = await forgetAsset(deps.storage.db, serverId, deleted, now);
  if (owner) {
    // Nothing left to clean up: its pending cleanup goes too.
    if (owner.expiredAt === null) await deps.jobs.cancel(cleanupKey(serverId, owner.userId));
    perkCache(deps).invalidate(serverId);
  }
  if ("roleId" in deleted) {
    const tiers = await listTiers(deps.storage.db, serverId);
    if (tiers.some((tier) => tier.roleId === deleted.roleId)) {
      perkCache(deps).invalidate(serverId);
      await reviewServer(deps, serverId, now, deleted.roleId);
    }
  }
}
