import { dangerousPermissionNames } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { DiscordError, type RoleInfo } from "../../discord/port/port.ts";
import { loadHierarchy, permissionsOf, topPosition } from "../../discord/roles/hierarchy.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { rosterRoles } from "../grinders/service.ts";
import { forgetGivenRewards, listGivenRewards } from "../statica/service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export interface RoleCaller {
  userId: string;
  roleIds: string[];
  /** The caller's permission bitfield, as the interaction carried it. */
  permissions: string;
}

/** Checks that the caller may give or take this role, and the bot can. */
async function checkRole(
  deps: Deps,
  serverId: string,
  caller: RoleCaller,
  roleId: string,
): Promise<RoleInfo> {
  const hierarchy = await loadHierarchy(deps, serverId);
  const role = hierarchy.roles.get(roleId);
  if (!role || roleId === serverId) throw badRequest("Pick a role of this server (not @everyone).", "role");
  if (role.managed) {
    throw badRequest(
      `@${role.name} is managed by an integration (a bot or boosts); Discord assigns it.`,
      "role",
    );
  }
  const bot = hierarchy.bot;
  const botBits = bot ? permissionsOf(hierarchy, serverId, bot.roleIds) : 0n;
  if (!bot || (botBits & (Permission.Administrator | Permission.ManageRoles)) === 0n) {
    throw forbidden("I need the Manage Roles permission to change roles.");
  }
  if (role.position >= topPosition(hierarchy, bot.roleIds)) {
    throw forbidden(`@${role.name} is at or above my highest role; move my role above it first.`);
  }
  if (caller.userId !== hierarchy.ownerId && role.position >= topPosition(hierarchy, caller.roleIds)) {
    throw forbidden(`@${role.name} is at or above your highest role, so you can't manage it.`);
  }
  // A moderator hands a role out by hand, as in Discord's own menus; a role with a permission on the
  // role-safety rule's list still needs an Administrator to do it.
  const risky = dangerousPermissionNames(role.permissions);
  const callerIsAdmin = (BigInt(caller.permissions || "0") & Permission.Administrator) !== 0n;
  if (risky.length > 0 && !callerIsAdmin) {
    throw forbidden(`@${role.name} grants ${risky.join(", ")}; only an Administrator can hand it out.`);
  }
  return role;
}

async function requireMember(deps: Deps, serverId: string, userId: string) {
  const member = await deps.discord.getMember(serverId, userId);
  if (!member) throw notFound(`<@${userId}> is not a member of this server.`);
  return member;
}

export async function assignRole(
  deps: Deps,
  serverId: string,
  caller: RoleCaller,
  input: { userId: string; roleId: string },
): Promise<RoleInfo> {
  const role = await checkRole(deps, serverId, caller, input.roleId);
  const member = await requireMember(deps, serverId, input.userId);
  if (member.roleIds.includes(role.id)) throw conflict(`<@${input.userId}> already has <@&${role.id}>.`);
  await deps.discord.addMemberRole(serverId, input.userId, role.id, `/role assign by ${caller.userId}`);
  return role;
}

export async function removeRole(
  deps: Deps,
  serverId: string,
  caller: RoleCaller,
  input: { userId: string; roleId: string },
): Promise<RoleInfo> {
  const role = await checkRole(deps, serverId, caller, input.roleId);
  const member = await requireMember(deps, serverId, input.userId);
  if (!member.roleIds.includes(role.id)) throw conflict(`<@${input.userId}> doesn't have <@&${role.id}>.`);
  await deps.discord.removeMemberRole(serverId, input.userId, role.id, `/role remove by ${caller.userId}`);
  return role;
}

export interface SyncReport {
  /** Role records checked. */
  checked: number;
  /** Roles given back to members who had lost them. */
  restored: number;
  /** Records dropped: the member left the server. */
  forgotten: number;
  /** Roles the bot can no longer give (deleted, or above its own role). */
  skipped: number;
}

/** A role Hearth's records say a member should hold, and why. */
interface RoleRecord {
  userId: string;
  roleId: string;
  source: "statica" | "grinder";
}

/** The grinder roles the roster implies (the grinders feature answers). */
async function grinderRoleRecords(deps: Deps, serverId: string, userId?: string): Promise<RoleRecord[]> {
  const roles = await rosterRoles(deps.storage.db, serverId, userId);
  return roles.map((role) => ({ ...role, source: "grinder" }));
}

/**
 * Re-applies the roles Hearth manages to match its records: Statica rewards it gave, and the
 * grinder roster's base and tier roles. A member who lost one gets it back; a Statica record of a
 * member who left is dropped (the grinder roster is the grinder commands' to change). One member at
 * a time, in order, so Discord's rate limits (handled by the REST client's queue) are never hit in
 * a burst.
 */
export async function syncRoles(
  deps: Deps,
  serverId: string,
  options: { userId?: string; limit?: number } = {},
): Promise<SyncReport> {
  const report: SyncReport = { checked: 0, restored: 0, forgotten: 0, skipped: 0 };
  const rewards = await listGivenRewards(deps.storage.db, serverId, options.userId);
  const records: RoleRecord[] = [
    ...rewards.map((reward) => ({
      userId: reward.userId,
      roleId: reward.roleId,
      source: "statica" as const,
    })),
    ...(await grinderRoleRecords(deps, serverId, options.userId)),
  ];
  const hierarchy = await loadHierarchy(deps, serverId);
  const botTop = hierarchy.bot ? topPosition(hierarchy, hierarchy.bot.roleIds) : 0;
  const byUser = new Map<string, RoleRecord[]>();
  for (const record of records.slice(0, options.limit ?? 2000)) {
    byUser.set(record.userId, [...(byUser.get(record.userId) ?? []), record]);
  }
  for (const [userId, held] of byUser) {
    const member = await deps.discord.getMember(serverId, userId);
    for (const record of held) {
      report.checked++;
      if (!member) {
        if (record.source === "statica") {
          await forgetGivenRewards(deps.storage.db, serverId, userId, record.roleId);
          report.forgotten++;
        } else {
          report.skipped++;
        }
        continue;
      }
      if (member.roleIds.includes(record.roleId)) continue;
      const role = hierarchy.roles.get(record.roleId);
      if (!role || role.managed || role.position >= botTop) {
        report.skipped++;
        continue;
      }
      const reason =
        record.source === "statica" ? "/role sync: Statica reward" : "/role sync: grinder roster";
      try {
        await deps.discord.addMemberRole(serverId, userId, record.roleId, reason);
        report.restored++;
      } catch (error) {
        if (!(error instanceof DiscordError)) throw error;
        deps.logger.warn({ err: error, serverId, userId }, "role sync: could not give a role back");
        report.skipped++;
      }
    }
  }
  return report;
}
