import { tierSwitchCooldownMs } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { type AuditActor, giveRoleSafely, lastEntryAt, recordAudit } from "../audit/service.ts";
import { getGrinderConfig, grinderLockScope } from "./config.ts";
import { rosterChanged } from "./roster-cache.ts";
import { findGrinder, updateActiveGrinder } from "./store.ts";
import type { TierRow } from "./tier-store.ts";
import { currentLedger } from "./view.ts";

export const tierSwitchAction = "grinders.tier.switch";

export interface TierSwitch {
  from: string;
  to: string;
}

/**
 * The tier a grinder's payments this period earn: the highest tier whose payment they reached,
 * when it pays more than their current tier. Null when they stay.
 */
export function earnedTier(tiers: TierRow[], currentTierId: number, paidThisPeriod: number): TierRow | null {
  const current = tiers.find((tier) => tier.id === currentTierId);
  if (!current) return null;
  const reached = tiers
    .filter((tier) => tier.payment > current.payment && tier.payment <= paidThisPeriod)
    .sort((a, b) => b.payment - a.payment);
  return reached[0] ?? null;
}

/**
 * Moves a grinder up when their payments in the current period reach a higher tier's payment,
 * if the setup has tier switching on and the cooldown since their last switch has passed. The new
 * tier role is given before the record changes (a refusal from Discord leaves the grinder where
 * they are), then the old tier role is taken. Answers the switch made, or null.
 */
export async function switchTierIfEarned(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  serverId: string,
  grinderId: string,
  actor: AuditActor,
): Promise<TierSwitch | null> {
  const { period, tiers, switchTier } = await getGrinderConfig(deps.storage.db, serverId);
  if (!switchTier.enabled) return null;
  const row = await findGrinder(deps.storage.db, serverId, grinderId);
  if (!row || row.archived_at !== null || row.on_break === 1) return null;
  const now = Date.now();
  const target = earnedTier(tiers, row.tier_id, currentLedger(row, period, now).periodTotal);
  if (!target) return null;
  const cooldown = tierSwitchCooldownMs[switchTier.cooldown] ?? 0;
  const last = await lastEntryAt(deps.storage.db, serverId, "grinders.tier.switch", grinderId);
  if (last !== null && now - last < cooldown) return null;

  const from = tiers.find((tier) => tier.id === row.tier_id);
  const reason = `Reached the ${target.name} tier's payment`;
  try {
    // A promotion is automatic: the role-safety rule decides without an acting person. A refused
    // role (logged and audited) leaves the grinder on their tier.
    const given = await giveRoleSafely(deps, serverId, {
      feature: "grinders",
      userId: row.user_id,
      roleId: target.role_id,
      reason,
      actor,
    });
    if (!given.safe) return null;
  } catch (error) {
    // Missing permissions or a vanished member/role: the payment stands, the tier stays.
    if (error instanceof DiscordError) return null;
    throw error;
  }
  const switched = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const fresh = await findGrinder(trx, serverId, grinderId);
    if (!fresh || fresh.archived_at !== null || fresh.tier_id !== row.tier_id) return false;
    await updateActiveGrinder(trx, serverId, grinderId, { tier_id: target.id, tier_name: target.name });
    await recordAudit(trx, serverId, actor, tierSwitchAction, {
      id: grinderId,
      userId: row.user_id,
      from: from?.name ?? row.tier_name,
      to: target.name,
    });
    return true;
  });
  if (!switched) return null;
  if (from && from.role_id !== target.role_id) {
    await deps.discord
      .removeMemberRole(serverId, row.user_id, from.role_id, reason)
      .catch((error: unknown) => {
        if (!(error instanceof DiscordError)) throw error;
      });
  }
  rosterChanged(serverId);
  return { from: from?.name ?? row.tier_name, to: target.name };
}
