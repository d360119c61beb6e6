import type { GiveawayConfig } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { badRequest } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import * as configStore from "./config-store.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

/** A role id in a payload and the path that names it in a 400. */
export interface RoleRef {
  path: string;
  roleId: string;
}

export const roleRefs = (field: string, roleIds: string[], suffix = ""): RoleRef[] =>
  roleIds.map((roleId, index) => ({ path: `${field}.${index}${suffix}`, roleId }));

/**
 * Checks role ids of a giveaway payload against the server: each must be a role of it, not
 * @everyone, and listed once. Unlike roles the bot assigns, integration-managed roles (Server
 * Booster) are fine here: giveaways only read them.
 */
export async function requireGiveawayRoles(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  refs: RoleRef[],
): Promise<void> {
  if (refs.length === 0) return;
  const roles = new Set((await deps.discord.listRoles(serverId)).map((role) => role.id));
  const seen = new Map<string, string>();
  for (const { path, roleId } of refs) {
    if (!roles.has(roleId) || roleId === serverId) {
      throw badRequest(`${path}: no role with id ${roleId} in this server`, path);
    }
    const first = seen.get(roleId);
    if (first !== undefined) throw badRequest(`${path}: role ${roleId} is already listed at ${first}`, path);
    seen.set(roleId, path);
  }
}

export function getGiveawayConfig(
  deps: Pick<AppContext, "storage">,
  serverId: string,
): Promise<GiveawayConfig> {
  return configStore.getConfig(deps.storage.db, serverId);
}

/** Replaces the server's configuration; a role may appear once across the three lists. */
export async function putGiveawayConfig(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  config: GiveawayConfig,
): Promise<GiveawayConfig> {
  await requireGiveawayRoles(deps, serverId, [
    ...roleRefs("bypassRoles", config.bypassRoles),
    ...roleRefs("blacklistRoles", config.blacklistRoles),
    ...roleRefs(
      "multiplierRoles",
      config.multiplierRoles.map((entry) => entry.roleId),
      ".roleId",
    ),
  ]);
  const next: GiveawayConfig = {
    bypassRoles: config.bypassRoles,
    blacklistRoles: config.blacklistRoles,
    multiplierRoles: config.multiplierRoles.map(({ roleId, multiplier }) => ({ roleId, multiplier })),
  };
  return transactionForServer(deps.storage, serverId, "giveaway-config", async (trx) => {
    const before = await configStore.getConfig(trx, serverId);
    await configStore.putConfig(trx, serverId, next, Date.now());
    await recordAudit(trx, serverId, actor, "giveaway.config.update", { before, after: next });
    return next;
  });
}

/** Back to no bypass, blacklist or multiplier roles. */
export async function resetGiveawayConfig(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  actor: AuditActor,
): Promise<GiveawayConfig> {
  return transactionForServer(deps.storage, serverId, "giveaway-config", async (trx) => {
    const before = await configStore.getConfig(trx, serverId);
    await configStore.deleteConfig(trx, serverId);
    await recordAudit(trx, serverId, actor, "giveaway.config.reset", { before });
    return configStore.emptyConfig();
  });
}
