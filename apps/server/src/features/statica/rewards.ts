import {
  conditionsInUse,
  evaluateMember,
  planRoleChanges,
  type StaticaConfig,
  type StaticaEvaluation,
  type StaticaRoleCategory,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { skipIfDiscordFails } from "../../discord/port/display-lookups.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { judgeRole, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { giveRoleSafely } from "../audit/service.ts";
import { type Seen, type StaticaObservations, toObservation } from "./bot-observations.ts";
import { recordRewardEvents } from "./event-store.ts";
import { findStaticaConfig, forgetGivenRewards, listGivenRewards, recordGivenReward } from "./service.ts";

/*
 * Giving and taking supporter rewards: the service behind the gateway listeners and `/statica
 * refresh`. It owns every effect of a change (the role, the reward record, the history, the log
 * post and the member's DM).
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export interface RewardOutcome {
  evaluation: StaticaEvaluation;
  added: string[];
  removed: string[];
}

/** The category a role is given for: the first of the member's earned categories that lists it. */
function categoryOf(
  config: StaticaConfig,
  evaluation: StaticaEvaluation,
  roleId: string,
): StaticaRoleCategory {
  const order: StaticaRoleCategory[] =
    config.type === "server_tag" ? ["serverTag"] : config.type === "status" ? ["status"] : ["combined"];
  if (config.type === "combined" && evaluation.serverTag) order.push("serverTag");
  if (config.type === "combined" && evaluation.status) order.push("status");
  return order.find((category) => config.roleConfig[category].includes(roleId)) ?? order[0] ?? "combined";
}

/** Whether the bot saw everything the configuration's conditions read (else it never takes roles away). */
function fullySeen(config: StaticaConfig, seen: Seen): boolean {
  const used = conditionsInUse(config);
  return (
    (!used.serverTag || seen.serverTag !== undefined) && (!used.status || seen.customStatus !== undefined)
  );
}

async function logEvent(
  deps: Deps,
  serverId: string,
  config: StaticaConfig,
  event: "Role Added" | "Role Removed",
  userId: string,
  roleIds: string[],
): Promise<void> {
  const { logging } = config;
  if (roleIds.length === 0 || !logging.enabled || !logging.channel || !logging.events[event]) return;
  const added = event === "Role Added";
  try {
    await deps.discord.sendMessage(logging.channel, {
      embeds: [
        {
          title: added ? "Supporter reward given" : "Supporter reward removed",
          description: `<@${userId}> ${added ? "received" : "lost"} ${roleIds.map((id) => `<@&${id}>`).join(", ")}.`,
          color: added ? 0x22c55e : 0xef4444,
          footer: { text: `Statica · ${event}` },
          timestamp: new Date().toISOString(),
        },
      ],
    });
  } catch (error) {
    deps.logger.warn({ err: error, serverId }, "statica: could not post to the log channel");
  }
}

async function notifyMember(deps: Deps, serverId: string, userId: string, added: boolean, roleIds: string[]) {
  if (roleIds.length === 0) return;
  const guild = await deps.discord.getGuild(serverId);
  const roles = new Map((await deps.discord.listRoles(serverId)).map((role) => [role.id, role.name]));
  const names = roleIds.map((id) => `**${roles.get(id) ?? "a role"}**`).join(", ");
  const server = guild?.name ?? "the server";
  const text = added
    ? `Thanks for supporting **${server}**! You received ${names}.`
    : `Your supporter reward ${names} in **${server}** was removed because you no longer meet the conditions.`;
  try {
    await deps.discord.sendDirectMessage(userId, { content: text });
  } catch (error) {
    if (!(error instanceof DiscordError && error.code === "dm_closed")) {
      deps.logger.warn({ err: error, serverId, userId }, "statica: could not DM the member");
    }
  }
}

/**
 * Brings a member's reward roles in line with what the bot has seen of them, under the server's
 * configuration: gives earned roles, takes back unearned ones (when configured and the bot saw every
 * condition's input), records and logs the changes, and DMs the member when configured. Roles the
 * bot can't give are skipped. Null when the server has no enabled configuration or no such member.
 */
export async function applyRewards(
  deps: Deps,
  serverId: string,
  userId: string,
  seen: Seen,
): Promise<RewardOutcome | null> {
  const config = await findStaticaConfig(deps, serverId);
  if (!config?.enabled) return null;
  // Discord failing the lookup skips this update; the next presence or member update retries.
  const member = await skipIfDiscordFails(deps.discord.getMember(serverId, userId));
  if (!member || member.user.bot) return null;
  const evaluation = evaluateMember(config, serverId, toObservation(seen));
  const plan = planRoleChanges(config, evaluation, member.roleIds);
  if (!fullySeen(config, seen)) plan.remove = [];
  if (plan.add.length === 0 && plan.remove.length === 0) return { evaluation, added: [], removed: [] };

  const scene = await loadRoleScene(deps, serverId);
  // Taking back a reward only needs the bot's reach; giving one needs the whole role-safety rule.
  const assignable = (roleId: string) => {
    const verdict = judgeRole(scene, roleId);
    return verdict.safe || verdict.refusal === "dangerous";
  };
  const added: string[] = [];
  const removed: string[] = [];
  for (const roleId of plan.add) {
    try {
      const given = await giveRoleSafely(deps, serverId, {
        feature: "statica",
        userId,
        roleId,
        reason: "Statica: supporter reward",
        scene,
      });
      if (!given.safe) continue;
      await recordGivenReward(
        deps.storage.db,
        serverId,
        { userId, roleId, category: categoryOf(config, evaluation, roleId) },
        Date.now(),
      );
      added.push(roleId);
    } catch (error) {
      deps.logger.warn({ err: error, serverId, userId, roleId }, "statica: could not give a reward role");
    }
  }
  for (const roleId of plan.remove.filter(assignable)) {
    try {
      await deps.discord.removeMemberRole(serverId, userId, roleId, "Statica: conditions no longer met");
      await forgetGivenRewards(deps.storage.db, serverId, userId, roleId);
      removed.push(roleId);
    } catch (error) {
      deps.logger.warn({ err: error, serverId, userId, roleId }, "statica: could not remove a reward role");
    }
  }
  const now = Date.now();
  await recordRewardEvents(deps.storage.db, serverId, userId, "added", added, now);
  await recordRewardEvents(deps.storage.db, serverId, userId, "removed", removed, now);
  await logEvent(deps, serverId, config, "Role Added", userId, added);
  await logEvent(deps, serverId, config, "Role Removed", userId, removed);
  if (config.settings.notifyUsers) {
    await notifyMember(deps, serverId, userId, true, added);
    await notifyMember(deps, serverId, userId, false, removed);
  }
  return { evaluation, added, removed };
}

/** A member left: forget their rewards when the configuration says so. */
export async function onMemberLeft(deps: Pick<Deps, "storage">, serverId: string, userId: string) {
  const config = await findStaticaConfig(deps, serverId);
  if (config?.settings.removeOnLeave) await forgetGivenRewards(deps.storage.db, serverId, userId);
}

/**
 * `/statica refresh`: applies the rules again to every member the bot has seen or recorded a reward
 * for. Answers how many members were checked and roles given and taken back.
 */
export async function refreshRewards(
  deps: Deps,
  serverId: string,
  observations: StaticaObservations,
): Promise<{ members: number; added: number; removed: number }> {
  const recorded = (await listGivenRewards(deps.storage.db, serverId)).map((r) => r.userId);
  const users = [...new Set([...observations.usersOf(serverId), ...recorded])];
  let added = 0;
  let removed = 0;
  for (const userId of users) {
    const outcome = await applyRewards(deps, serverId, userId, observations.get(serverId, userId));
    added += outcome?.added.length ?? 0;
    removed += outcome?.removed.length ?? 0;
  }
  return { members: users.length, added, removed };
}
