import type { RemovedGrinder } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { breakJobKey } from "./breaks.ts";
import { getGrinderConfig, grinderLockScope } from "./config.ts";
import { logGrinderEvent } from "./log-channel.ts";
import { tolerant } from "./role-changes.ts";
import { requireActive } from "./roster.ts";
import { rosterChanged } from "./roster-cache.ts";
import { findGrinder, updateActiveGrinder } from "./store.ts";
import { toRemovedGrinder } from "./view.ts";

type JobDeps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;
type Reason = "removed" | "resigned" | "left";

/** The log channel's line for each way of leaving the team. */
function removalLog(reason: Reason, userId: string, tier: string, actorId: string | null) {
  const archived = "Roles removed; record archived.";
  if (reason === "resigned") {
    return { title: "Grinder resigned", description: `<@${userId}> left the ${tier} tier. ${archived}` };
  }
  if (reason === "left") {
    return { title: "Grinder left", description: `<@${userId}> (${tier}) left the server. ${archived}` };
  }
  const by = actorId ? ` by <@${actorId}>` : "";
  return { title: "Grinder removed", description: `<@${userId}> (${tier}) was removed${by}. ${archived}` };
}

/**
 * Removes a grinder: takes the tier and base roles away (a member who left has none to take), then
 * archives the record, which stays for history but is no longer listed, and logs it.
 */
export async function removeGrinder(
  deps: JobDeps,
  serverId: string,
  id: string,
  actor: AuditActor,
  reason: Reason = "removed",
): Promise<RemovedGrinder> {
  const row = await requireActive(deps, serverId, id);
  const config = await getGrinderConfig(deps.storage.db, serverId);
  const tierRole = config.tiers.find((tier) => tier.id === row.tier_id)?.role_id;
  for (const roleId of [tierRole, config.baseRoleId]) {
    if (!roleId) continue;
    await tolerant(() => deps.discord.removeMemberRole(serverId, row.user_id, roleId, "No longer a grinder"));
  }
  const now = Date.now();
  await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const changed = await updateActiveGrinder(trx, serverId, id, {
      archived_at: now,
      archived_by: actor.userId,
      archive_reason: reason,
    });
    if (!changed) throw notFound(`No grinder with id ${id}`);
    await recordAudit(trx, serverId, actor, "grinders.remove", {
      before: { id, userId: row.user_id, tier: row.tier_name, onBreak: row.on_break === 1 },
      reason,
    });
  });
  rosterChanged(serverId);
  if (row.break_until !== null) await deps.jobs.cancel(breakJobKey(id));
  const archived = await findGrinder(deps.storage.db, serverId, id);
  if (!archived) throw notFound(`No grinder with id ${id}`);
  const removed = toRemovedGrinder(archived, config.period, now);
  await logGrinderEvent(deps, serverId, removalLog(reason, row.user_id, removed.tier, actor.userId));
  return removed;
}
