import { serverCaps } from "@hearth/core";
import { NoResultError } from "kysely";
import type { AppContext } from "../../context.ts";
import { requireRole } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { perkCache } from "./cache.ts";
import { reviewServer, scheduleExpired } from "./cleanup.ts";
import { type PerkTier, perkLimits, readLimit, type TierLimits } from "./rules.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

export interface TierInput {
  emojis?: number;
  highlights?: boolean;
  channelMembers?: number;
  roleMembers?: number;
  afk?: boolean;
  responders?: number;
}

/** A change no one in particular asked for (the commands and the dashboard always name theirs). */
export const unnamedActor: AuditActor = { tokenId: null, userId: null };

const auditOf = ({ serverId: _, ...tier }: PerkTier) => tier;

function readName(text: string): string {
  const name = text.trim().replace(/\s+/g, " ");
  if (name === "") throw badRequest("Give the tier a name.", "name");
  if (name.length > perkLimits.tierName) {
    throw badRequest(
      `The tier name is ${name.length} characters; the limit is ${perkLimits.tierName}.`,
      "name",
    );
  }
  return name;
}

function readLimits(input: TierInput): Partial<TierLimits> {
  const limits: Partial<TierLimits> = {
    emojis: readLimit(input.emojis, "emojis", perkLimits.maxEmojis),
    channelMembers: readLimit(input.channelMembers, "channel_members", perkLimits.maxMembers),
    roleMembers: readLimit(input.roleMembers, "role_members", perkLimits.maxMembers),
    responders: readLimit(input.responders, "responders", perkLimits.maxResponders),
    highlights: input.highlights,
    afk: input.afk,
  };
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}

async function checkRole(deps: Deps, serverId: string, roleId: string, exceptTierId: number | null) {
  if (roleId === serverId) throw badRequest("A perk tier can't be linked to @everyone.", "role");
  const role = await requireRole(deps, serverId, roleId, "role");
  const tiers = await store.listTiers(deps.storage.db, serverId);
  const other = tiers.find((tier) => tier.roleId === roleId && tier.id !== exceptTierId);
  if (other) throw conflict(`@${role.name} is already linked to the tier **${other.name}**.`, "role");
  return role;
}

async function checkName(deps: Deps, serverId: string, name: string, exceptTierId: number | null) {
  const same = await store.findTierByName(deps.storage.db, serverId, name);
  if (same && same.id !== exceptTierId) {
    throw conflict(`There is already a tier called **${same.name}** (names ignore case).`, "name");
  }
}

/** Another admin changed the tiers between our checks and the write: a friendly answer, not a crash. */
function explainRace(error: unknown): never {
  if (store.isUniqueViolation(error)) {
    throw conflict("That tier name or role was just taken by another change; see `/perks-admin list`.");
  }
  if (error instanceof NoResultError) throw notFound("That perk tier was just deleted.");
  throw error;
}

/**
 * Creates a tier. Unset limits are 0 (no emojis, channel, role or responders); highlights and AFK
 * are on unless switched off.
 */
export async function createTier(
  deps: Deps,
  serverId: string,
  input: { name: string; roleId: string } & TierInput,
  actor: AuditActor = unnamedActor,
): Promise<PerkTier> {
  checkCap(serverCaps.perkTiers, (await store.listTiers(deps.storage.db, serverId)).length);
  const name = readName(input.name);
  const limits = readLimits(input);
  await checkName(deps, serverId, name, null);
  await checkRole(deps, serverId, input.roleId, null);
  const tier = await store
    .insertTier(
      deps.storage.db,
      {
        serverId,
        name,
        roleId: input.roleId,
        emojis: limits.emojis ?? 0,
        highlights: limits.highlights ?? true,
        channelMembers: limits.channelMembers ?? 0,
        roleMembers: limits.roleMembers ?? 0,
        afk: limits.afk ?? true,
        responders: limits.responders ?? 0,
      },
      Date.now(),
    )
    .catch(explainRace);
  perkCache(deps).invalidate(serverId);
  await recordAudit(deps.storage.db, serverId, actor, "perks.tier-create", { after: auditOf(tier) });
  await reviewServer(deps, serverId);
  return tier;
}

export async function requireTier(deps: Pick<Deps, "storage">, serverId: string, name: string) {
  const tier = await store.findTierByName(deps.storage.db, serverId, name);
  if (!tier) throw notFound(`There is no perk tier called "${name.trim()}". See \`/perks-admin list\`.`);
  return tier;
}

/** Changes a tier; members' channels and roles the new limits no longer allow become expired. */
export async function editTier(
  deps: Deps,
  serverId: string,
  tierName: string,
  input: { name?: string; roleId?: string } & TierInput,
  actor: AuditActor = unnamedActor,
): Promise<{ tier: PerkTier; expired: number }> {
  return editFoundTier(deps, serverId, await requireTier(deps, serverId, tierName), input, actor);
}

/** The dashboard's edit: the tier by id (404 for another server's or a deleted tier). */
export async function editTierById(
  deps: Deps,
  serverId: string,
  tierId: number,
  input: { name?: string; roleId?: string } & TierInput,
  actor: AuditActor,
): Promise<{ tier: PerkTier; expired: number }> {
  const tier = (await store.listTiers(deps.storage.db, serverId)).find(
    (candidate) => candidate.id === tierId,
  );
  if (!tier) throw notFound("That perk tier doesn't exist (it may have been deleted).");
  return editFoundTier(deps, serverId, tier, input, actor);
}

async function editFoundTier(
  deps: Deps,
  serverId: string,
  tier: PerkTier,
  input: { name?: string; roleId?: string } & TierInput,
  actor: AuditActor,
): Promise<{ tier: PerkTier; expired: number }> {
  const limits = readLimits(input);
  const name = input.name === undefined ? undefined : readName(input.name);
  if (name !== undefined) await checkName(deps, serverId, name, tier.id);
  if (input.roleId !== undefined) await checkRole(deps, serverId, input.roleId, tier.id);
  if (Object.keys(limits).length === 0 && name === undefined && input.roleId === undefined) {
    throw badRequest(
      "Nothing to change: give a new role or a limit (emojis, highlights, channel_members …).",
    );
  }
  const updated = await store
    .updateTier(
      deps.storage.db,
      tier.id,
      {
        ...limits,
        ...(name !== undefined ? { name } : {}),
        ...(input.roleId !== undefined ? { roleId: input.roleId } : {}),
      },
      Date.now(),
    )
    .catch(explainRace);
  perkCache(deps).invalidate(serverId);
  await recordAudit(deps.storage.db, serverId, actor, "perks.tier-edit", {
    before: auditOf(tier),
    after: auditOf(updated),
  });
  return { tier: updated, expired: await reviewServer(deps, serverId) };
}

export function listTiers(deps: Pick<Deps, "storage">, serverId: string): Promise<PerkTier[]> {
  return store.listTiers(deps.storage.db, serverId);
}

/** Deletes a tier (irreversible): members keep only what their other tiers allow. */
export async function deleteTier(
  deps: Deps,
  serverId: string,
  tierId: number,
  actor: AuditActor = unnamedActor,
): Promise<{ expired: number }> {
  const tier = (await store.listTiers(deps.storage.db, serverId)).find(
    (candidate) => candidate.id === tierId,
  );
  if (!tier || !(await store.deleteTier(deps.storage.db, serverId, tierId))) {
    throw notFound("That perk tier was already deleted.");
  }
  perkCache(deps).invalidate(serverId);
  await recordAudit(deps.storage.db, serverId, actor, "perks.tier-delete", { before: auditOf(tier) });
  return { expired: await reviewServer(deps, serverId) };
}

/** Shows or switches auto-cleanup; switching it on schedules the cleanup of members already expired. */
export async function configureCleanup(
  deps: Deps,
  serverId: string,
  autoCleanup: boolean | undefined,
  actor: AuditActor = unnamedActor,
): Promise<{ autoCleanup: boolean; scheduled: number }> {
  const before = await store.getAutoCleanup(deps.storage.db, serverId);
  if (autoCleanup === undefined) return { autoCleanup: before, scheduled: 0 };
  await store.setAutoCleanup(deps.storage.db, serverId, autoCleanup, Date.now());
  await recordAudit(deps.storage.db, serverId, actor, "perks.settings", {
    before: { autoCleanup: before },
    after: { autoCleanup },
  });
  const scheduled = autoCleanup ? await scheduleExpired(deps, serverId) : 0;
  return { autoCleanup, scheduled };
}
