import {
  type NewTierBody,
  type PaymentPeriod,
  type ServerSetup,
  type SetupUpdateBody,
  setupLimits,
  type TierSwitchCooldown,
} from "@hearth/core";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { requireCategory, requireRole, requireTextChannel } from "../../discord/validate.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { rosterChanged } from "../grinders/roster-cache.ts";
import { countActiveOnTier } from "../grinders/store.ts";
import {
  defaultSetupRow,
  deleteTier,
  ensureSetup,
  findSetup,
  grinderLockScope,
  insertTier,
  listTiers,
  type SetupRow,
  saveSetup,
  type TierRow,
  tierKey,
  updateTier,
} from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord">;
type Db = Kysely<Database> | Transaction<Database>;

function toSetup(row: SetupRow, tiers: TierRow[]): ServerSetup {
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
    tiers: tiers.map((tier) => tier.name),
    payments: tiers.map((tier) => tier.payment),
    tierRoles: Object.fromEntries(tiers.map((tier) => [tier.name, tier.role_id])),
  };
}

async function readSetup(db: Db, serverId: string): Promise<ServerSetup> {
  const [row, tiers] = await Promise.all([findSetup(db, serverId), listTiers(db, serverId)]);
  return toSetup(row ?? defaultSetupRow(serverId, Date.now()), tiers);
}

export async function setupExists(deps: Pick<AppContext, "storage">, serverId: string): Promise<boolean> {
  return (await findSetup(deps.storage.db, serverId)) !== undefined;
}

/** The server's setup, or the defaults when it has none. */
export async function getSetup(deps: Pick<AppContext, "storage">, serverId: string): Promise<ServerSetup> {
  return readSetup(deps.storage.db, serverId);
}

/** What the grinders feature needs from the setup. */
export interface GrinderConfig {
  period: PaymentPeriod;
  baseRoleId: string | null;
  tiers: TierRow[];
}

export async function getGrinderConfig(db: Db, serverId: string): Promise<GrinderConfig> {
  const [row, tiers] = await Promise.all([findSetup(db, serverId), listTiers(db, serverId)]);
  return {
    period: (row?.payment_period ?? "weekly") as PaymentPeriod,
    baseRoleId: row?.grinder_base_role_id ?? null,
    tiers,
  };
}

/** A tier of the list by name, any case. */
export function findTier(tiers: TierRow[], name: string): TierRow | undefined {
  const key = tierKey(name);
  return tiers.find((tier) => tier.name_key === key);
}

interface TierInput {
  name: string;
  payment: number;
  roleId: string;
  field: string;
}

/** Pairs `tiers` with `payments` and `tierRoles`, checking they agree. */
function tierInputs(body: SetupUpdateBody): TierInput[] | null {
  const { tiers, payments, tierRoles } = body;
  if (tiers === undefined) {
    if (payments !== undefined || tierRoles !== undefined) {
      throw badRequest("tiers: must be sent along with payments and tierRoles", "tiers");
    }
    return null;
  }
  if (payments === undefined || payments.length !== tiers.length) {
    throw badRequest(
      `payments: must list one amount per tier (${tiers.length} tiers, ${payments?.length ?? 0} amounts)`,
      "payments",
    );
  }
  const roles = new Map(Object.entries(tierRoles ?? {}).map(([name, roleId]) => [tierKey(name), roleId]));
  const seen = new Set<string>();
  return tiers.map((name, index) => {
    const key = tierKey(name);
    if (seen.has(key)) throw badRequest(`tiers.${index}: ${name} is listed twice`, `tiers.${index}`);
    seen.add(key);
    const roleId = tierRoles?.[name] ?? roles.get(key);
    if (!roleId) throw badRequest(`tierRoles.${name}: no role given for tier ${name}`, `tierRoles.${name}`);
    return { name, payment: payments[index] as number, roleId, field: `tierRoles.${name}` };
  });
}

/** Tier roles must be distinct and differ from the grinder base role (breaks take tier roles away). */
function checkTierRoles(tiers: { name: string; roleId: string; field: string }[], baseRoleId: string | null) {
  const owner = new Map<string, string>();
  for (const tier of tiers) {
    if (tier.roleId === baseRoleId) {
      throw badRequest(
        `${tier.field}: the grinder base role can't also be the role of tier ${tier.name}`,
        tier.field,
      );
    }
    const other = owner.get(tier.roleId);
    if (other !== undefined) {
      throw badRequest(`${tier.field}: that role is already the role of tier ${other}`, tier.field);
    }
    owner.set(tier.roleId, tier.name);
  }
}

function changedFields(before: ServerSetup, after: ServerSetup) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof ServerSetup)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { before: before[key], after: after[key] };
    }
  }
  return changes;
}

/** `PUT …/setup`: fields left out keep their value; null clears an id. Answers the new setup. */
export async function updateSetup(
  deps: Deps,
  serverId: string,
  body: SetupUpdateBody,
  actor: AuditActor,
): Promise<ServerSetup> {
  const tiers = tierInputs(body);
  const roleFields: [string, string | null | undefined][] = [
    ["managerRoleId", body.managerRoleId],
    ["grinderBaseRoleId", body.grinderBaseRoleId],
    ["events.manager", body.events?.manager],
    ["events.pingRole", body.events?.pingRole],
  ];
  for (const [field, roleId] of roleFields) if (roleId) await requireRole(deps, serverId, roleId, field);
  if (body.paymentsChannelId) {
    await requireTextChannel(deps, serverId, body.paymentsChannelId, "paymentsChannelId");
  }
  if (body.logChannelId) await requireTextChannel(deps, serverId, body.logChannelId, "logChannelId");
  if (body.ticketCategoryId) {
    await requireCategory(deps, serverId, body.ticketCategoryId, "ticketCategoryId");
  }
  for (const tier of tiers ?? []) await requireRole(deps, serverId, tier.roleId, tier.field);

  const saved = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const now = Date.now();
    const before = await readSetup(trx, serverId);
    const current = (await findSetup(trx, serverId)) ?? defaultSetupRow(serverId, now);
    const pick = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
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

    const existing = await listTiers(trx, serverId);
    const listed = new Set((tiers ?? []).map((tier) => tierKey(tier.name)));
    const unlisted = existing.filter((tier) => !listed.has(tier.name_key));
    if (tiers && tiers.length + unlisted.length > setupLimits.maxTiers) {
      throw badRequest(`tiers: a server can have at most ${setupLimits.maxTiers} tiers`, "tiers");
    }
    checkTierRoles(
      [
        ...unlisted.map((tier) => ({ name: tier.name, roleId: tier.role_id, field: "grinderBaseRoleId" })),
        ...(tiers ?? []),
      ],
      row.grinder_base_role_id,
    );

    await saveSetup(trx, row);
    if (tiers) {
      for (const [position, tier] of tiers.entries()) {
        const match = findTier(existing, tier.name);
        if (match) await updateTier(trx, serverId, match.id, { ...tier, position });
        else await insertTier(trx, { serverId, ...tier, position, now });
      }
      for (const [index, tier] of unlisted.entries()) {
        await updateTier(trx, serverId, tier.id, {
          name: tier.name,
          payment: tier.payment,
          roleId: tier.role_id,
          position: tiers.length + index,
        });
      }
    }
    const after = await readSetup(trx, serverId);
    await recordAudit(trx, serverId, actor, "setup.update", changedFields(before, after));
    return after;
  });
  rosterChanged(serverId);
  return saved;
}

/** `POST …/setup/tiers`. Answers the new setup. */
export async function addTier(
  deps: Deps,
  serverId: string,
  body: NewTierBody,
  actor: AuditActor,
): Promise<ServerSetup> {
  await requireRole(deps, serverId, body.tierRoleId, "tierRoleId");
  const saved = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const now = Date.now();
    const tiers = await listTiers(trx, serverId);
    const same = findTier(tiers, body.tierName);
    if (same) throw conflict(`tierName: a tier named ${same.name} already exists`, "tierName");
    if (tiers.length >= setupLimits.maxTiers) {
      throw badRequest(`tierName: a server can have at most ${setupLimits.maxTiers} tiers`, "tierName");
    }
    const setup = await findSetup(trx, serverId);
    checkTierRoles(
      [
        ...tiers.map((tier) => ({ name: tier.name, roleId: tier.role_id, field: "tierRoleId" })),
        { name: body.tierName, roleId: body.tierRoleId, field: "tierRoleId" },
      ],
      setup?.grinder_base_role_id ?? null,
    );
    await ensureSetup(trx, serverId, now);
    const position = Math.max(-1, ...tiers.map((tier) => tier.position)) + 1;
    await insertTier(trx, {
      serverId,
      name: body.tierName,
      payment: body.tierPayment,
      roleId: body.tierRoleId,
      position,
      now,
    });
    await recordAudit(trx, serverId, actor, "setup.tier.add", {
      after: { name: body.tierName, payment: body.tierPayment, roleId: body.tierRoleId },
    });
    return readSetup(trx, serverId);
  });
  rosterChanged(serverId);
  return saved;
}

/** `DELETE …/setup/tiers/{tier}`: refused while active grinders are on the tier. Answers the new setup. */
export async function removeTier(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  name: string,
  actor: AuditActor,
): Promise<ServerSetup> {
  const saved = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const tier = findTier(await listTiers(trx, serverId), name);
    if (!tier) throw notFound(`No tier named ${name.trim()}`);
    const count = await countActiveOnTier(trx, serverId, tier.id);
    if (count > 0) {
      const who = count === 1 ? "1 grinder is" : `${count} grinders are`;
      throw conflict(`${who} on ${tier.name}; move or remove them first`);
    }
    await deleteTier(trx, serverId, tier.id);
    await recordAudit(trx, serverId, actor, "setup.tier.remove", {
      before: { name: tier.name, payment: tier.payment, roleId: tier.role_id },
    });
    return readSetup(trx, serverId);
  });
  rosterChanged(serverId);
  return saved;
}
