import {
  completeStaticaConfig,
  type StaticaConfig,
  type StaticaConfigBody,
  type StaticaConfigResponse,
  type StaticaRoleCategory,
  type StaticaStats,
  staticaRoleCategories,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Db } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { latestRewardEvents, type RewardEvent } from "./event-store.ts";
import { type ConfigChange, logConfigChange } from "./log.ts";
import {
  countRewarded,
  deleteConfig,
  findConfig,
  forgetReward,
  insertConfig,
  listRewards,
  type RewardRecord,
  recordReward,
  replaceConfig,
  type StoredStaticaConfig,
} from "./store.ts";
import { validateStaticaConfig } from "./validate.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const lockScope = "statica";

/** The dashboard treats a 404 whose message says "Resource not found" as "no configuration yet". */
const noConfig = () => notFound("Resource not found: this server has no Statica configuration yet");

function toResponse(stored: StoredStaticaConfig): StaticaConfigResponse {
  return {
    ...stored.config,
    serverId: stored.serverId,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

/** A short picture of a configuration for the audit log. */
function brief(config: StaticaConfig | null) {
  if (!config) return null;
  return {
    enabled: config.enabled,
    type: config.type,
    combination: config.conditions.combination,
    roles: Object.fromEntries(staticaRoleCategories.map((c) => [c, config.roleConfig[c].length])),
    keywords: config.conditions.status.keywords.length,
    logChannel: config.logging.enabled ? config.logging.channel : null,
  };
}

/** The top-level parts that differ, so an audit entry says what changed. */
function changedParts(before: StaticaConfig, after: StaticaConfig): string[] {
  return (Object.keys(after) as (keyof StaticaConfig)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

export async function getStaticaConfig(deps: Pick<Deps, "storage">, serverId: string) {
  const stored = await findConfig(deps.storage.db, serverId);
  if (!stored) throw noConfig();
  return toResponse(stored);
}

/** The server's configuration, or null when it has none (for the bot, where no configuration is no error). */
export async function findStaticaConfig(
  deps: Pick<Deps, "storage">,
  serverId: string,
): Promise<StaticaConfig | null> {
  return (await findConfig(deps.storage.db, serverId))?.config ?? null;
}

/** Creates the server's configuration from a body completed with the defaults (409 when one exists). */
export async function createStaticaConfig(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  body: StaticaConfigBody,
): Promise<StaticaConfigResponse> {
  const exists = () => conflict("This server already has a Statica configuration; update it instead");
  if (await findConfig(deps.storage.db, serverId)) throw exists();
  const config = await validateStaticaConfig(deps, serverId, completeStaticaConfig(body), actor.userId);
  const stored = await transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    if (await findConfig(trx, serverId)) throw exists();
    const created = await insertConfig(trx, serverId, config, Date.now());
    await recordAudit(trx, serverId, actor, "statica.create", { before: null, after: brief(config) });
    return created;
  });
  await logConfigChange(deps, serverId, stored.config, "created", actor.userId);
  return toResponse(stored);
}

/**
 * Replaces the configuration with the body completed with the defaults; an omitted `enabled`
 * keeps the current state (it has its own toggle).
 */
export async function updateStaticaConfig(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  body: StaticaConfigBody,
): Promise<StaticaConfigResponse> {
  if (!(await findConfig(deps.storage.db, serverId))) throw noConfig();
  const validated = await validateStaticaConfig(deps, serverId, completeStaticaConfig(body), actor.userId);
  const { before, after } = await transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const current = await findConfig(trx, serverId);
    if (!current) throw noConfig();
    const config = { ...validated, enabled: body.enabled ?? current.config.enabled };
    const updated = await replaceConfig(trx, serverId, config, Date.now());
    if (!updated) throw noConfig();
    await recordAudit(trx, serverId, actor, "statica.update", {
      changed: changedParts(current.config, config),
      before: brief(current.config),
      after: brief(config),
    });
    return { before: current.config, after: updated };
  });
  const change: ConfigChange =
    before.enabled === after.config.enabled ? "updated" : after.config.enabled ? "enabled" : "disabled";
  await logConfigChange(deps, serverId, after.config, change, actor.userId);
  return toResponse(after);
}

/**
 * Turns rewards on or off: to `enabled` when given, else the opposite of now. Turning them on checks
 * the stored configuration against the server again (a role may have been deleted since).
 */
export async function toggleStaticaConfig(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  enabled?: boolean,
): Promise<StaticaConfigResponse> {
  const current = await findConfig(deps.storage.db, serverId);
  if (!current) throw noConfig();
  if (enabled ?? !current.config.enabled)
    await validateStaticaConfig(deps, serverId, current.config, actor.userId);
  const result = await transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const latest = await findConfig(trx, serverId);
    if (!latest) throw noConfig();
    const next = enabled ?? !latest.config.enabled;
    if (next === latest.config.enabled) return { stored: latest, changed: false };
    const stored = await replaceConfig(trx, serverId, { ...latest.config, enabled: next }, Date.now());
    if (!stored) throw noConfig();
    await recordAudit(trx, serverId, actor, "statica.toggle", {
      before: { enabled: latest.config.enabled },
      after: { enabled: next },
    });
    return { stored, changed: true };
  });
  if (result.changed) {
    const change = result.stored.config.enabled ? "enabled" : "disabled";
    await logConfigChange(deps, serverId, result.stored.config, change, actor.userId);
  }
  return toResponse(result.stored);
}

/** Deletes the configuration (the record of rewards given goes with it; members keep their roles). */
export async function deleteStaticaConfig(deps: Deps, serverId: string, actor: AuditActor): Promise<void> {
  const removed = await transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const current = await findConfig(trx, serverId);
    if (!current) throw noConfig();
    await deleteConfig(trx, serverId);
    await recordAudit(trx, serverId, actor, "statica.delete", { before: brief(current.config), after: null });
    return current.config;
  });
  await logConfigChange(deps, serverId, { ...removed, enabled: false }, "removed", actor.userId);
}

/** Member count, configured roles per category, and members currently rewarded (as the bot records them). */
export async function getStaticaStats(
  deps: Pick<Deps, "storage" | "discord">,
  serverId: string,
): Promise<StaticaStats> {
  const stored = await findConfig(deps.storage.db, serverId);
  if (!stored) throw noConfig();
  const guild = await deps.discord.getGuild(serverId);
  if (!guild) throw notFound("The bot is no longer in this server");
  const { roleConfig } = stored.config;
  return {
    server: {
      memberCount: guild.memberCount,
      roleCategories: {
        combined: roleConfig.combined.length,
        serverTag: roleConfig.serverTag.length,
        status: roleConfig.status.length,
      },
    },
    config: {
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      enabled: stored.config.enabled,
      type: stored.config.type,
    },
    rewarded: await countRewarded(deps.storage.db, serverId),
  };
}

/** The latest reward roles given or taken back, newest first: `/statica logs`. */
export async function latestRewardChanges(
  deps: Pick<Deps, "storage">,
  serverId: string,
  limit: number,
): Promise<RewardEvent[]> {
  return latestRewardEvents(deps.storage.db, serverId, limit);
}

/*
 * The record of reward roles the bot gave. These take the database (or a transaction) rather than
 * the context, like the audit log's recordAudit, so a caller can keep them inside its own transaction.
 */

/**
 * Reward roles the bot recorded giving, for the server or one member, oldest first. Moderation's
 * `/role sync` gives these back to members who lost them.
 */
export async function listGivenRewards(db: Db, serverId: string, userId?: string): Promise<RewardRecord[]> {
  return listRewards(db, serverId, userId);
}

/** Notes that the bot gave a member a reward role (idempotent; the first grant time is kept). */
export async function recordGivenReward(
  db: Db,
  serverId: string,
  reward: { userId: string; roleId: string; category: StaticaRoleCategory },
  now: number,
): Promise<void> {
  await recordReward(db, serverId, reward, now);
}

/**
 * Forgets a member's reward record: one role (taken back, or the member left and `/role sync`
 * drops it), or without `roleId` every reward of the member.
 */
export async function forgetGivenRewards(
  db: Db,
  serverId: string,
  userId: string,
  roleId?: string,
): Promise<void> {
  await forgetReward(db, serverId, userId, roleId);
}
