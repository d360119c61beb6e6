import { type ServerSetup, type SetupUpdateBody, setupLimits } from "@hearth/core";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { requireSafeRole } from "../../discord/roles/role-safety.ts";
import { badRequest } from "../../lib/errors.ts";
import type { AuditActor } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { rosterChanged } from "./roster-cache.ts";
import { insertTier, listTiers, tierKey, updateTier } from "./tier-store.ts";
import { checkTierRoles, findTier, tierFields } from "./tiers.ts";

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
    // Tier names are user text: read only the body's own keys, never the object prototype's.
    const roleId =
      (tierRoles && Object.hasOwn(tierRoles, name) ? tierRoles[name] : undefined) ?? roles.get(key);
    if (!roleId) throw badRequest(`tierRoles.${name}: no role given for tier ${name}`, `tierRoles.${name}`);
    return { name, payment: payments[index] as number, roleId, field: `tierRoles.${name}` };
  });
}

/**
 * Saves the form's tiers: the listed ones in the listed order (updated by name, or added), the
 * others after them. Every tier role is checked against the base role being saved, so a new base
 * role that is some tier's role is refused too.
 */
async function saveFormTiers(
  trx: Transaction<Database>,
  serverId: string,
  tiers: TierInput[] | null,
  baseRoleId: string | null,
): Promise<void> {
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
    baseRoleId,
  );
  if (!tiers) return;
  const now = Date.now();
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

/**
 * `PUT …/setup` and `/setup`: saves the setup's fields (`updateSetup`) and, in the same
 * transaction and audit entry, the tiers listed with their payments and roles. Fields left out
 * keep their value. Answers the whole new setup.
 */
export async function saveSetupForm(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  body: SetupUpdateBody,
  actor: AuditActor,
): Promise<ServerSetup> {
  const tiers = tierInputs(body);
  const saved = await updateSetup(deps, serverId, body, actor, {
    check: async () => {
      for (const tier of tiers ?? []) {
        // Hired grinders get their tier's role: the role-safety rule applies.
        await requireSafeRole(deps, serverId, tier.roleId, tier.field, { actorId: actor.userId });
      }
    },
    read: async (db) => tierFields(await listTiers(db, serverId)),
    save: (trx, setup) => saveFormTiers(trx, serverId, tiers, setup.grinderBaseRoleId),
  });
  rosterChanged(serverId);
  return saved;
}
