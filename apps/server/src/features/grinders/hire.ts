import type { AddGrinderBody, Grinder } from "@hearth/core";
import { transactionForServer } from "../../db/locks.ts";
import { displayName } from "../../discord/people/display-name.ts";
import type { MemberInfo } from "../../discord/port/port.ts";
import { requireMember } from "../../discord/port/validate.ts";
import { describeRefusal, judgeRole, loadActor, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { type AuditActor, recordAudit, recordRoleRefusal } from "../audit/service.ts";
import { amount } from "./bot-views.ts";
import { getGrinderConfig, grinderLockScope } from "./config.ts";
import { type LogDeps, logGrinderEvent, postPayment } from "./log-channel.ts";
import { requirePaymentAmount, writePayment } from "./payments.ts";
import { periodStartAt } from "./periods.ts";
import { refuseSelf, tolerant } from "./role-changes.ts";
import { requireActive } from "./roster.ts";
import { rosterChanged } from "./roster-cache.ts";
import { findActiveGrinderByUser, insertGrinders } from "./store.ts";
import { switchTierIfEarned } from "./tier-switch.ts";
import { findTier } from "./tiers.ts";
import { toGrinder } from "./view.ts";

/** Who acts; `name` is kept on a hire as `hiredByName`. */
export type GrinderActor = AuditActor & { name?: string | null };

function displayNameOf(member: MemberInfo): string {
  return displayName(member.user, member.nick);
}

/**
 * Hires a member on a tier: gives the base and tier roles through Discord, then stores the record
 * (with the first payment, when `/grinder add` gives one) and posts the hire to the log channel.
 * Roles first, so a refusal from Discord (missing permissions) leaves nothing behind. The dashboard
 * and the bot hire through here alike.
 */
export async function hireGrinder(
  deps: LogDeps,
  serverId: string,
  body: AddGrinderBody,
  actor: GrinderActor,
  options: { firstPayment?: number | string } = {},
): Promise<Grinder> {
  const firstPayment =
    options.firstPayment === undefined ? null : requirePaymentAmount(options.firstPayment, "add", "payment");
  const member = await requireMember(deps, serverId, body.userId, "userId");
  if (member.user.bot) throw badRequest("userId: bots can't be grinders", "userId");
  await refuseSelf(deps, serverId, actor.userId, body.userId, "hire");
  const config = await getGrinderConfig(deps.storage.db, serverId);
  const tier = findTier(config.tiers, body.tier);
  if (!tier) {
    const names = config.tiers.map((t) => t.name).join(", ");
    throw badRequest(
      names ? `tier: no tier named ${body.tier} (tiers: ${names})` : "tier: no tiers are configured yet",
      "tier",
    );
  }
  const existing = await findActiveGrinderByUser(deps.storage.db, serverId, body.userId);
  if (existing) {
    throw conflict(`userId: ${displayNameOf(member)} is already a grinder (${existing.tier_name})`, "userId");
  }
  const scene = await loadRoleScene(deps, serverId);
  if (!scene.roles.has(tier.role_id)) {
    throw badRequest(`tier: the role of ${tier.name} no longer exists; update the tier in the setup`, "tier");
  }
  if (config.baseRoleId && !scene.roles.has(config.baseRoleId)) {
    throw conflict("The grinder base role no longer exists in this server; update the setup first");
  }
  // The role-safety rule, at the moment of giving: a setup saved before it (or a role that gained a
  // permission since) is refused, logged and audited, and nothing is given.
  const roleActor = actor.userId ? await loadActor(deps, serverId, actor.userId) : undefined;
  for (const [roleId, field, what] of [
    [config.baseRoleId, "grinderBaseRoleId", "the grinder base role"],
    [tier.role_id, "tier", `the role of ${tier.name}`],
  ] as const) {
    if (!roleId || member.roleIds.includes(roleId)) continue;
    const verdict = judgeRole(scene, roleId, roleActor);
    if (verdict.safe) continue;
    await recordRoleRefusal(deps, serverId, {
      feature: "grinders",
      roleId,
      userId: body.userId,
      verdict,
      actor,
    });
    throw badRequest(
      `${field === "tier" ? "tier" : "userId"}: ${what} can't be given (${describeRefusal(verdict, roleId)}); fix it in the setup first`,
      field === "tier" ? "tier" : "userId",
    );
  }

  const reason = `Hired as a ${tier.name} grinder`;
  const added: string[] = [];
  const takeBack = async (roleIds: string[]) => {
    for (const roleId of roleIds) {
      await tolerant(() => deps.discord.removeMemberRole(serverId, body.userId, roleId, "Hire undone")).catch(
        () => undefined,
      );
    }
  };
  try {
    for (const roleId of [config.baseRoleId, tier.role_id]) {
      if (!roleId || member.roleIds.includes(roleId)) continue;
      await deps.discord.addMemberRole(serverId, body.userId, roleId, reason);
      added.push(roleId);
    }
  } catch (error) {
    await takeBack(added);
    throw error;
  }

  const now = Date.now();
  const id = makeSnowflake(now);
  try {
    await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
      if (await findActiveGrinderByUser(trx, serverId, body.userId)) {
        throw conflict(`userId: ${displayNameOf(member)} is already a grinder`, "userId");
      }
      const stillThere = findTier((await getGrinderConfig(trx, serverId)).tiers, tier.name);
      if (stillThere?.id !== tier.id) throw badRequest(`tier: ${tier.name} was just removed`, "tier");
      await insertGrinders(trx, [
        {
          id,
          server_id: serverId,
          user_id: body.userId,
          username: member.user.username,
          display_name: displayNameOf(member),
          tier_id: tier.id,
          tier_name: tier.name,
          on_break: 0,
          break_started_at: null,
          break_until: null,
          hired_at: now,
          hired_by: actor.userId,
          hired_by_name: actor.name ?? null,
          period_start: periodStartAt(config.period, now),
          period_total: 0,
          leftover_payment: 0,
          last_payment_at: null,
          archived_at: null,
          archived_by: null,
          archive_reason: null,
        },
      ]);
      await recordAudit(trx, serverId, actor, "grinders.hire", {
        after: { id, userId: body.userId, tier: tier.name },
      });
      if (firstPayment !== null) {
        const hired = await findActiveGrinderByUser(trx, serverId, body.userId);
        if (!hired) throw conflict(`userId: ${displayNameOf(member)} is no longer a grinder`, "userId");
        await writePayment(trx, serverId, hired, config.period, {
          action: "add",
          amount: firstPayment,
          actor,
          now,
        });
      }
    });
  } catch (error) {
    // Lost a race with another hire or a tier removal: take back the tier role this call gave,
    // unless the hire that won needs it (the base role it needs in any case).
    const winner = await findActiveGrinderByUser(deps.storage.db, serverId, body.userId);
    const winnerRole = config.tiers.find((t) => t.id === winner?.tier_id)?.role_id;
    await takeBack(
      added.filter((roleId) => roleId !== winnerRole && (!winner || roleId !== config.baseRoleId)),
    );
    throw error;
  }
  rosterChanged(serverId);
  // A first payment may reach a higher tier's payment: the grinder then starts there.
  if (firstPayment !== null) await switchTierIfEarned(deps, serverId, id, actor);
  const grinder = toGrinder(await requireActive(deps, serverId, id), config.period, Date.now());
  await logGrinderEvent(deps, serverId, {
    title: "Grinder hired",
    description: `<@${body.userId}> joined as **${grinder.tier}**${actor.userId ? ` (hired by <@${actor.userId}>)` : ""}.${firstPayment !== null ? ` First payment: ${amount(firstPayment)}.` : ""}`,
  });
  if (firstPayment !== null) {
    await postPayment(deps, serverId, {
      userId: body.userId,
      action: "add",
      amount: firstPayment,
      by: actor.userId,
      grinder,
    });
  }
  return grinder;
}
