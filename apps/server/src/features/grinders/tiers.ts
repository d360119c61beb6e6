import { type NewTierBody, type ServerSetup, setupLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Db } from "../../db/schema.ts";
import { requireSafeRole } from "../../discord/roles/role-safety.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { ensureSetupExists, readSetup } from "../setup/service.ts";
import { grinderLockScope } from "./config.ts";
import { rosterChanged } from "./roster-cache.ts";
import { countActiveOnTier } from "./store.ts";
import { deleteTier, insertTier, listTiers, type TierRow, tierKey } from "./tier-store.ts";

/** The setup's tier fields: names in order, each one's payment, and each one's role by name. */
export type TierFields = Pick<ServerSetup, "tiers" | "payments" | "tierRoles">;

export function tierFields(tiers: TierRow[]): TierFields {
  return {
    tiers: tiers.map((tier) => tier.name),
    payments: tiers.map((tier) => tier.payment),
    tierRoles: Object.fromEntries(tiers.map((tier) => [tier.name, tier.role_id])),
  };
}

/** The whole setup as `db` sees it: the setup's record and the tiers. */
export async function readServerSetup(db: Db, serverId: string): Promise<ServerSetup> {
  const [setup, tiers] = await Promise.all([readSetup(db, serverId), listTiers(db, serverId)]);
  return { ...setup, ...tierFields(tiers) };
}

/** The server's whole setup (`GET …/setup`, `/setup`): its roles, channels and options, and the tiers. */
export async function getServerSetup(
  deps: Pick<AppContext, "storage">,
  serverId: string,
): Promise<ServerSetup> {
  return readServerSetup(deps.storage.db, serverId);
}

/** A tier of the list by name, any case. */
export function findTier(tiers: TierRow[], name: string): TierRow | undefined {
  const key = tierKey(name);
  return tiers.find((tier) => tier.name_key === key);
}

/** Tier roles must be distinct and differ from the grinder base role (breaks take tier roles away). */
export function checkTierRoles(
  tiers: { name: string; roleId: string; field: string }[],
  baseRoleId: string | null,
): void {
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

/** `POST …/setup/tiers`. Answers the new setup. */
export async function addTier(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  body: NewTierBody,
  actor: AuditActor,
): Promise<ServerSetup> {
  await requireSafeRole(deps, serverId, body.tierRoleId, "tierRoleId", { actorId: actor.userId });
  const saved = await transactionForServer(deps.storage, serverId, grinderLockScope, async (trx) => {
    const now = Date.now();
    const tiers = await listTiers(trx, serverId);
    const same = findTier(tiers, body.tierName);
    if (same) throw conflict(`tierName: a tier named ${same.name} already exists`, "tierName");
    if (tiers.length >= setupLimits.maxTiers) {
      throw badRequest(`tierName: a server can have at most ${setupLimits.maxTiers} tiers`, "tierName");
    }
    const setup = await readSetup(trx, serverId);
    checkTierRoles(
      [
        ...tiers.map((tier) => ({ name: tier.name, roleId: tier.role_id, field: "tierRoleId" })),
        { name: body.tierName, roleId: body.tierRoleId, field: "tierRoleId" },
      ],
      setup.grinderBaseRoleId,
    );
    await ensureSetupExists(trx, serverId);
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
    return readServerSetup(trx, serverId);
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
    return readServerSetup(trx, serverId);
  });
  rosterChanged(serverId);
  return saved;
}
