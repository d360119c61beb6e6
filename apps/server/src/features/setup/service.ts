import type { PaymentPeriod, ServerSetup, SetupUpdateBody, TierSwitchCooldown } from "@hearth/core";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Database, Db } from "../../db/schema.ts";
import { requireCategory, requireRole, requireTextChannel } from "../../discord/port/validate.ts";
import { requireSafeRole } from "../../discord/roles/role-safety.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { defaultSetupRow, ensureSetup, findSetup, type SetupRow, saveSetup } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

/**
 * The setup's own record: its roles and channels, and the grinder options stored with them. That
 * is everything of `ServerSetup` but the tiers, which the grinders feature keeps (its
 * `getServerSetup` answers the whole setup).
 */
export type SetupRecord = Omit<ServerSetup, "tiers" | "payments" | "tierRoles">;

/** The fields of `PUT …/setup` this feature saves (the tiers are the grinders feature's part). */
export type SetupRecordUpdate = Omit<SetupUpdateBody, "tiers" | "payments" | "tierRoles">;

/**
 * The lock every write of a server's setup holds. The grinders feature's writes hold the same one
 * (its `grinderLockScope`): a hire reads the base role, and the setup form edits the tiers.
 */
export const setupLockScope = "grinders";

function toRecord(row: SetupRow): SetupRecord {
  return {
    managerRoleId: row.manager_role_id,
    grinderBaseRoleId: row.grinder_base_role_id,
    paymentsChannelId: row.payments_channel_id,
    ticketCategoryId: row.ticket_category_id,
    logChannelId: row.log_channel_id,
    events: { manager: row.events_manager_role_id, pingRole: row.events_ping_role_id },
    grinders: {
      switchTierEnabled: row.switch_tier_enabled === 1,
      switchTierCooldown: row.switch_tier_cooldown as TierSwitchCooldown,
      paymentPeriod: row.payment_period as PaymentPeriod,
    },
  };
}

/** The setup record as `db` sees it (another feature's transaction, say), or the defaults. */
export async function readSetup(db: Db, serverId: string): Promise<SetupRecord> {
  return toRecord((await findSetup(db, serverId)) ?? defaultSetupRow(serverId, Date.now()));
}

/** The server's setup record, or the defaults when it has none. */
export async function getSetup(deps: Pick<AppContext, "storage">, serverId: string): Promise<SetupRecord> {
  return readSetup(deps.storage.db, serverId);
}

export async function setupExists(deps: Pick<AppContext, "storage">, serverId: string): Promise<boolean> {
  return (await findSetup(deps.storage.db, serverId)) !== undefined;
}

/** Stores the default setup when there is none, so the server counts as set up (a tier was added). */
export async function ensureSetupExists(db: Db, serverId: string): Promise<void> {
  await ensureSetup(db, serverId, Date.now());
}

/**
 * Another feature's part of the setup form (the grinders' tiers), saved in the setup's
 * transaction and recorded in its audit entry, so the form is saved whole or not at all.
 */
export interface SetupFormPart<T extends object> {
  /** Checks against Discord, after the setup's own and before anything is written. */
  check(): Promise<void>;
  /** The part's values as `db` sees them, answered with the setup and compared for the audit. */
  read(db: Db): Promise<T>;
  /** Writes the part after the setup row; `setup` is the record just saved. A throw rolls back all. */
  save(trx: Transaction<Database>, setup: SetupRecord): Promise<void>;
}

function changedFields(before: object, after: object) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(value)) changes[key] = { before: old[key], after: value };
  }
  return changes;
}

/**
 * `PUT …/setup`: fields left out keep their value; null clears an id. With `part`, another
 * feature's fields are saved in the same transaction and audit entry. Answers the new setup.
 */
export async function updateSetup<T extends object = Record<never, never>>(
  deps: Deps,
  serverId: string,
  body: SetupRecordUpdate,
  actor: AuditActor,
  part?: SetupFormPart<T>,
): Promise<SetupRecord & T> {
  const roleFields: [string, string | null | undefined][] = [
    ["managerRoleId", body.managerRoleId],
    ["grinderBaseRoleId", body.grinderBaseRoleId],
    ["events.manager", body.events?.manager],
    ["events.pingRole", body.events?.pingRole],
  ];
  for (const [field, roleId] of roleFields) if (roleId) await requireRole(deps, serverId, roleId, field);
  // Hearth gives the base role to everyone it hires: the role-safety rule applies.
  if (body.grinderBaseRoleId) {
    await requireSafeRole(deps, serverId, body.grinderBaseRoleId, "grinderBaseRoleId", {
      actorId: actor.userId,
    });
  }
  if (body.paymentsChannelId) {
    await requireTextChannel(deps, serverId, body.paymentsChannelId, "paymentsChannelId");
  }
  if (body.logChannelId) await requireTextChannel(deps, serverId, body.logChannelId, "logChannelId");
  if (body.ticketCategoryId) {
    await requireCategory(deps, serverId, body.ticketCategoryId, "ticketCategoryId");
  }
  await part?.check();

  return transactionForServer(deps.storage, serverId, setupLockScope, async (trx) => {
    const now = Date.now();
    const current = (await findSetup(trx, serverId)) ?? defaultSetupRow(serverId, now);
    const before = { ...toRecord(current), ...(await part?.read(trx)) };
    const pick = <V>(value: V | undefined, fallback: V) => (value === undefined ? fallback : value);
    const row: SetupRow = {
      ...current,
      manager_role_id: pick(body.managerRoleId, current.manager_role_id),
      grinder_base_role_id: pick(body.grinderBaseRoleId, current.grinder_base_role_id),
      payments_channel_id: pick(body.paymentsChannelId, current.payments_channel_id),
      ticket_category_id: pick(body.ticketCategoryId, current.ticket_category_id),
      log_channel_id: pick(body.logChannelId, current.log_channel_id),
      events_manager_role_id: pick(body.events?.manager, current.events_manager_role_id),
      events_ping_role_id: pick(body.events?.pingRole, current.events_ping_role_id),
      switch_tier_enabled:
        body.grinders?.switchTierEnabled === undefined
          ? current.switch_tier_enabled
          : Number(body.grinders.switchTierEnabled),
      switch_tier_cooldown: pick(body.grinders?.switchTierCooldown, current.switch_tier_cooldown),
      payment_period: pick(body.grinders?.paymentPeriod, current.payment_period),
      updated_at: now,
    };
    await saveSetup(trx, row);
    await part?.save(trx, toRecord(row));
    const after = { ...toRecord(row), ...(await part?.read(trx)) } as SetupRecord & T;
    await recordAudit(trx, serverId, actor, "setup.update", changedFields(before, after));
    return after;
  });
}
