import type { Grinder } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, giveRoleSafely, recordAudit } from "../audit/service.ts";
import { seconds } from "./bot-views.ts";
import { getGrinderConfig, grinderLockScope } from "./config.ts";
import { logGrinderEvent } from "./log-channel.ts";
import { resumeLedger, rollLedger } from "./periods.ts";
import { tolerant } from "./role-changes.ts";
import { requireActive } from "./roster.ts";
import { rosterChanged } from "./roster-cache.ts";
import { findGrinder, updateActiveGrinder } from "./store.ts";
import { currentLedger, owedBy, storedLedger, toGrinder } from "./view.ts";

type JobDeps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

export const breakEndJob = "grinders.break-end";
export const breakJobKey = (grinderId: string) => `grinder-break:${grinderId}`;

/**
 * Starts or ends a break. On a break the tier role is taken away (the base role stays) and the
 * ledger is frozen: periods spent on the break are not owed. Ending it gives the tier role back.
 * `until` schedules the end (the bot's `/grinder break` duration). A break's start is logged.
 */
export async function setBreak(
  deps: JobDeps,
  serverId: string,
  id: string,
  onBreak: boolean,
  actor: AuditActor,
  options: { until?: number | null } = {},
): Promise<Grinder> {
  const row = await requireActive(deps, serverId, id);
  if ((row.on_break === 1) === onBreak) {
    throw conflict(onBreak ? "This grinder is already on a break" : "This grinder is not on a break");
  }
  const until = onBreak ? (options.until ?? null) : null;
  if (until !== null && until <= Date.now()) throw badRequest("until: must be in the future", "until");
  const config = await getGrinderConfig(deps.storage.db, serverId);
  const tierRole = config.tiers.find((tier) => tier.id === row.tier_id)?.role_id;
  if (tierRole) {
    await tolerant(() =>
      onBreak
        ? deps.discord.removeMemberRole(serverId, row.user_id, tierRole, "Grinder on a break")
        : giveRoleSafely(deps, serverId, {
            feature: "grinders",
            userId: row.user_id,
            roleId: tierRole,
            reason: "Grinder back from a break",
            actor,
          }).then(() => undefined),
    );
  }

  const now = Date.now();
  await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const fresh = await findGrinder(trx, serverId, id);
    if (!fresh || fresh.archived_at !== null) throw notFound(`No grinder with id ${id}`);
    const ledger = onBreak
      ? rollLedger(storedLedger(fresh), owedBy(fresh), config.period, now)
      : resumeLedger(currentLedger(fresh, config.period, now), owedBy(fresh), config.period, now);
    const changed = await updateActiveGrinder(
      trx,
      serverId,
      id,
      {
        on_break: Number(onBreak),
        break_started_at: onBreak ? now : null,
        break_until: until,
        period_start: ledger.periodStart,
        period_total: ledger.periodTotal,
        leftover_payment: ledger.leftover,
      },
      { on_break: Number(!onBreak) },
    );
    // Another request toggled it meanwhile (and made the same role change): nothing left to do.
    if (!changed) throw conflict("The break status just changed; reload and try again");
    await recordAudit(trx, serverId, actor, onBreak ? "grinders.break.start" : "grinders.break.end", {
      id,
      userId: row.user_id,
      until,
    });
  });
  rosterChanged(serverId);
  if (until !== null) {
    await deps.jobs.schedule(breakEndJob, { serverId, grinderId: id, until }, until, {
      dedupeKey: breakJobKey(id),
    });
  } else if (!onBreak && row.break_until !== null) {
    await deps.jobs.cancel(breakJobKey(id));
  }
  const grinder = toGrinder(await requireActive(deps, serverId, id), config.period, Date.now());
  if (onBreak) {
    const end = until === null ? "a manager ends it" : `<t:${seconds(until)}:F>`;
    await logGrinderEvent(deps, serverId, {
      title: "Grinder on a break",
      description: `<@${row.user_id}> (${grinder.tier}) is on a break until ${end}.`,
    });
  }
  return grinder;
}

/** `PUT …/grinders/{id}/break`: starts a break (until toggled back) or ends the current one. */
export async function toggleBreak(deps: JobDeps, serverId: string, id: string, actor: AuditActor) {
  const row = await requireActive(deps, serverId, id);
  return setBreak(deps, serverId, id, row.on_break !== 1, actor);
}

/** The break-end job: ends a timed break, unless it was already ended or replaced by another break. */
export async function endTimedBreak(
  deps: JobDeps,
  serverId: string,
  grinderId: string,
  until: number,
): Promise<void> {
  const row = await findGrinder(deps.storage.db, serverId, grinderId);
  if (!row || row.archived_at !== null || row.on_break !== 1 || row.break_until !== until) return;
  await setBreak(deps, serverId, grinderId, false, { tokenId: null, userId: null });
}
