import {
  type AddGrinderBody,
  type Grinder,
  type GrinderPayment,
  type GrindersQuery,
  type PaymentAction,
  type PaymentPeriod,
  parseAmount,
  type RemovedGrinder,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError, type MemberInfo } from "../../discord/port.ts";
import { requireMember } from "../../discord/validate.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { getGrinderConfig, grinderLockScope, paymentPeriodOf } from "./config.ts";
import { applyPayment, periodStartAt, resumeLedger, rollLedger } from "./periods.ts";
import { rosterChanged } from "./roster-cache.ts";
import {
  findActiveGrinderByUser,
  findGrinder,
  type GrinderWithTier,
  insertGrinders,
  insertPayment,
  listActiveGrinders,
  listPayments,
  updateActiveGrinder,
} from "./store.ts";
import { switchTierIfEarned } from "./tier-switch.ts";
import { findTier } from "./tiers.ts";
import { currentLedger, owedBy, storedLedger, toGrinder, toRemovedGrinder } from "./view.ts";

type Deps = Pick<AppContext, "storage" | "discord">;
type JobDeps = Pick<AppContext, "storage" | "discord" | "jobs">;

/** Who acts; `name` is kept on a hire as `hiredByName`. */
export type GrinderActor = AuditActor & { name?: string | null };

export const breakEndJob = "grinders.break-end";
export const breakJobKey = (grinderId: string) => `grinder-break:${grinderId}`;

async function periodOf(deps: Pick<AppContext, "storage">, serverId: string): Promise<PaymentPeriod> {
  return paymentPeriodOf(deps.storage.db, serverId);
}

function displayNameOf(member: MemberInfo): string {
  return member.nick ?? member.user.globalName ?? member.user.username;
}

/** Role changes that may fail because the member left or the role is gone; anything else is raised. */
async function tolerant(change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (error instanceof DiscordError && (error.code === "unknown_member" || error.code === "unknown_role")) {
      return;
    }
    throw error;
  }
}

async function requireActive(deps: Pick<AppContext, "storage">, serverId: string, id: string) {
  const row = await findGrinder(deps.storage.db, serverId, id);
  if (!row || row.archived_at !== null) throw notFound(`No grinder with id ${id}`);
  return row;
}

/** Active grinders, newest hire first unless asked otherwise. */
export async function listGrinders(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  query: GrindersQuery = {},
): Promise<Grinder[]> {
  const [period, rows] = await Promise.all([
    periodOf(deps, serverId),
    listActiveGrinders(deps.storage.db, serverId),
  ]);
  const now = Date.now();
  const tierKey = query.tier?.trim().toLowerCase();
  const selected = tierKey
    ? rows.filter((row) => (row.current_tier_name ?? row.tier_name).toLowerCase() === tierKey)
    : rows;
  const sign = (query.order ?? "desc") === "desc" ? -1 : 1;
  const primary: Record<NonNullable<GrindersQuery["sort"]>, (row: GrinderWithTier) => number> = {
    hiredAt: (row) => row.hired_at,
    payment: (row) => row.tier_payment ?? 0,
    tier: (row) => row.tier_position ?? -1,
  };
  const key = primary[query.sort ?? "hiredAt"];
  return selected
    .sort((a, b) => sign * (key(a) - key(b) || a.hired_at - b.hired_at || a.id.localeCompare(b.id)))
    .map((row) => toGrinder(row, period, now));
}

/** `paid` or unpaid active grinders, in the list's default order. */
export async function listGrindersByStatus(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  paid: boolean,
): Promise<Grinder[]> {
  return (await listGrinders(deps, serverId)).filter((grinder) => grinder.paid === paid);
}

/**
 * Hires a member on a tier: gives the base and tier roles through Discord, then stores the record.
 * Roles first, so a refusal from Discord (missing permissions) leaves nothing behind.
 */
export async function hireGrinder(
  deps: Deps,
  serverId: string,
  body: AddGrinderBody,
  actor: GrinderActor,
): Promise<Grinder> {
  const member = await requireMember(deps, serverId, body.userId, "userId");
  if (member.user.bot) throw badRequest("userId: bots can't be grinders", "userId");
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
  const roles = new Set((await deps.discord.listRoles(serverId)).map((role) => role.id));
  if (!roles.has(tier.role_id)) {
    throw badRequest(`tier: the role of ${tier.name} no longer exists; update the tier in the setup`, "tier");
  }
  if (config.baseRoleId && !roles.has(config.baseRoleId)) {
    throw conflict("The grinder base role no longer exists in this server; update the setup first");
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
  return toGrinder(await requireActive(deps, serverId, id), config.period, Date.now());
}

/**
 * Removes a grinder: takes the tier and base roles away (a member who left has none to take), then
 * archives the record, which stays for history but is no longer listed.
 */
export async function removeGrinder(
  deps: JobDeps,
  serverId: string,
  id: string,
  actor: AuditActor,
  reason: "removed" | "resigned" | "left" = "removed",
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
  return toRemovedGrinder(archived, config.period, now);
}

/**
 * Starts or ends a break. On a break the tier role is taken away (the base role stays) and the
 * ledger is frozen: periods spent on the break are not owed. Ending it gives the tier role back.
 * `until` schedules the end (the bot's `/grinder break` duration).
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
        : deps.discord.addMemberRole(serverId, row.user_id, tierRole, "Grinder back from a break"),
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
  return toGrinder(await requireActive(deps, serverId, id), config.period, Date.now());
}

/** `PUT …/grinders/{id}/break`: starts a break (until toggled back) or ends the current one. */
export async function toggleBreak(deps: JobDeps, serverId: string, id: string, actor: AuditActor) {
  const row = await requireActive(deps, serverId, id);
  return setBreak(deps, serverId, id, row.on_break !== 1, actor);
}

/**
 * Records a payment of an active grinder (the bot's `/grinder payments`): `add` adds to the current
 * period's total, `set` replaces it. `paid` follows from total + carried leftover against the tier's
 * payment; an overpayment carries into the next period. Refused while the grinder is on a break.
 * When the period's payments reach a higher tier's payment, the grinder may move up (see
 * `switchTierIfEarned`); `promotedFrom` then names the tier they left.
 */
export async function recordPayment(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  userId: string,
  amount: number | string,
  options: { action: PaymentAction; by: string | null; tokenId?: string | null },
): Promise<Grinder & { promotedFrom?: string }> {
  const value = parseAmount(amount);
  if (value === null || (options.action === "add" && value <= 0)) {
    throw badRequest("amount: must be a positive amount such as 250000, 250k or 1.5m", "amount");
  }
  const actor = { tokenId: options.tokenId ?? null, userId: options.by };
  const grinder = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const row = await findActiveGrinderByUser(trx, serverId, userId);
    if (!row) throw notFound(`User ${userId} is not an active grinder`);
    if (row.on_break === 1) {
      throw conflict(`userId: ${row.display_name ?? userId} is on a break; end the break first`, "userId");
    }
    const period = await paymentPeriodOf(trx, serverId);
    const now = Date.now();
    const before = rollLedger(storedLedger(row), owedBy(row), period, now);
    const after = applyPayment(before, options.action, value);
    await updateActiveGrinder(trx, serverId, row.id, {
      period_start: after.periodStart,
      period_total: after.periodTotal,
      leftover_payment: after.leftover,
      last_payment_at: now,
    });
    await insertPayment(trx, {
      server_id: serverId,
      grinder_id: row.id,
      user_id: userId,
      action: options.action,
      amount: value,
      period_start: after.periodStart,
      period_total: after.periodTotal,
      leftover_payment: after.leftover,
      recorded_by: options.by,
      created_at: now,
    });
    await recordAudit(trx, serverId, actor, "grinders.payment", {
      id: row.id,
      userId,
      action: options.action,
      amount: value,
      before: { periodTotal: before.periodTotal, leftover: before.leftover },
      after: { periodTotal: after.periodTotal, leftover: after.leftover },
    });
    const updated = await findGrinder(trx, serverId, row.id);
    if (!updated) throw notFound(`User ${userId} is not an active grinder`);
    return toGrinder(updated, period, now);
  });
  rosterChanged(serverId);
  const switched = await switchTierIfEarned(deps, serverId, grinder._id, actor);
  if (!switched) return grinder;
  const period = await periodOf(deps, serverId);
  return {
    ...toGrinder(await requireActive(deps, serverId, grinder._id), period, Date.now()),
    promotedFrom: switched.from,
  };
}

/** The active grinder record of a member, or null when they aren't on the team. */
export async function findGrinderByUser(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
): Promise<Grinder | null> {
  const row = await findActiveGrinderByUser(deps.storage.db, serverId, userId);
  if (!row) return null;
  return toGrinder(row, await periodOf(deps, serverId), Date.now());
}

/** Payment history of one record of the server (archived ones too), newest first. */
export async function listGrinderPayments(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  id: string,
): Promise<GrinderPayment[]> {
  const row = await findGrinder(deps.storage.db, serverId, id);
  if (!row) throw notFound(`No grinder with id ${id}`);
  const payments = await listPayments(deps.storage.db, serverId, id);
  return payments.map((payment) => ({
    id: payment.id,
    action: payment.action,
    amount: payment.amount,
    periodStart: payment.period_start,
    periodTotal: payment.period_total,
    recordedBy: payment.recorded_by,
    createdAt: payment.created_at,
  }));
}
