import {
  antiPoolDisableRefusal,
  defaultServerSettings,
  type ServerSettings,
  type SettingsEditBody,
  validateEmbed,
} from "@hearth/core";
import type { Expression } from "kysely";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Db } from "../../db/schema.ts";
import { requireMember } from "../../discord/port/validate.ts";
import { badRequest } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { cachedSettings, settingsChanged } from "./cache.ts";
import { findSettings, proStatusOf, type SettingsRow, saveSettings } from "./store.ts";

export { forgetSettings, onSettingsChanged, settingsCacheTtlMs, shareSettingsChanges } from "./cache.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

/** The feature toggles: wire name → column. */
const toggles = [
  ["eventsCheatEnabled", "events_cheat_enabled"],
  ["calculatorEnabled", "calculator_enabled"],
  ["bankCalculatorEnabled", "bank_calculator_enabled"],
  ["tipsEnabled", "tips_enabled"],
  ["marketCheckerEnabled", "market_checker_enabled"],
  ["heist_image", "heist_image"],
  ["rumbleTrackerEnabled", "rumble_tracker_enabled"],
] as const;

/** The settings row a server starts with (the spec's defaults). */
export function defaultSettingsRow(serverId: string, now: number): SettingsRow {
  const d = defaultServerSettings;
  return {
    server_id: serverId,
    events_cheat_enabled: Number(d.eventsCheatEnabled),
    calculator_enabled: Number(d.calculatorEnabled),
    bank_calculator_enabled: Number(d.bankCalculatorEnabled),
    tips_enabled: Number(d.tipsEnabled),
    tips_every: d.tipsEvery,
    market_checker_enabled: Number(d.marketCheckerEnabled),
    heist_image: Number(d.heist_image),
    heist_image_url: d.heistImageUrl,
    rumble_tracker_enabled: Number(d.rumbleTrackerEnabled),
    game_bot_ids: JSON.stringify(d.gameBotIds),
    anti_pool_enabled: Number(d.antiPoolShow.toggle),
    pool_manager_id: d.antiPoolShow.poolManagerId,
    anti_pool_window_hours: d.antiPoolShow.windowHours,
    member_trigger_limit: d.memberTriggerLimit,
    pro_status: Number(d.pro.status),
    pro_activated_by: d.pro.activatedBy,
    updated_at: now,
  };
}

function toSettings(row: SettingsRow): ServerSettings {
  return {
    eventsCheatEnabled: row.events_cheat_enabled === 1,
    calculatorEnabled: row.calculator_enabled === 1,
    bankCalculatorEnabled: row.bank_calculator_enabled === 1,
    tipsEnabled: row.tips_enabled === 1,
    tipsEvery: row.tips_every,
    marketCheckerEnabled: row.market_checker_enabled === 1,
    heist_image: row.heist_image === 1,
    heistImageUrl: row.heist_image_url,
    rumbleTrackerEnabled: row.rumble_tracker_enabled === 1,
    gameBotIds: JSON.parse(row.game_bot_ids) as string[],
    antiPoolShow: {
      toggle: row.anti_pool_enabled === 1,
      poolManagerId: row.pool_manager_id,
      windowHours: row.anti_pool_window_hours,
    },
    memberTriggerLimit: row.member_trigger_limit,
    pro: { status: row.pro_status === 1, activatedBy: row.pro_activated_by },
  };
}

/** `GET /api/settings/fetch`: the stored settings, or the defaults. */
export async function getSettings(
  deps: Pick<AppContext, "storage">,
  serverId: string,
): Promise<ServerSettings> {
  const row = await findSettings(deps.storage.db, serverId);
  return toSettings(row ?? defaultSettingsRow(serverId, Date.now()));
}

/**
 * The settings the bot acts on, read on every use: cached per process for at most
 * `settingsCacheTtlMs` (absolute), dropped at once by a change in this process and, through Redis
 * pub/sub when configured, in every other process. See `cache.ts`.
 */
export async function settingsFor(
  deps: Pick<AppContext, "storage">,
  serverId: string,
): Promise<ServerSettings> {
  return cachedSettings(deps.storage, serverId, () => getSettings(deps, serverId));
}

/** The on/off switches of `ServerSettings` (anti-pool is `antiPoolShow.toggle`). */
export type SettingsSwitch = {
  [K in keyof ServerSettings]: ServerSettings[K] extends boolean ? K : never;
}[keyof ServerSettings];

/** Whether a server has a feature switched on right now (`settingsFor`'s cache). */
export async function isEnabled(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  field: SettingsSwitch | "antiPool",
): Promise<boolean> {
  const settings = await settingsFor(deps, serverId);
  return field === "antiPool" ? settings.antiPoolShow.toggle : settings[field];
}

/** Whether a server has premium (its settings' `pro.status`; no settings row means no premium). */
export async function hasPremium(db: Db, serverId: string): Promise<boolean> {
  return (await findSettings(db, serverId))?.pro_status === 1;
}

/**
 * Premium of the server `serverId` names, for another feature's list query: discovery's directory
 * orders by premium and reads it for every public entry, so it selects this beside its own columns
 * (one query, a primary-key lookup per row, as its former join did) rather than asking per server.
 * `server_settings` stays this feature's: the SQL is built here, the caller only places it.
 * 1 when premium; 0 or null (no settings row) when not.
 */
export function premiumOf(db: Db, serverId: Expression<string>) {
  return proStatusOf(db, serverId);
}

/**
 * Grants premium the way staff do (there is no API: `pro` is read-only from the dashboard); the
 * sandbox's demo directory uses it for its premium servers. Other settings keep their values.
 */
export async function grantPremium(
  db: Db,
  serverId: string,
  activatedBy: string,
  now: number,
): Promise<void> {
  const current = (await findSettings(db, serverId)) ?? defaultSettingsRow(serverId, now);
  await saveSettings(db, { ...current, pro_status: 1, pro_activated_by: activatedBy, updated_at: now });
  settingsChanged(serverId);
}

/**
 * Sets premium on or off from the operator CLI (`npm run admin -- premium`), with an audit entry the
 * owner sees; answers whether it changed.
 */
export async function setPremium(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  on: boolean,
  by: string,
): Promise<boolean> {
  const now = Date.now();
  const changed = await deps.storage.db.transaction().execute(async (trx) => {
    const current = (await findSettings(trx, serverId)) ?? defaultSettingsRow(serverId, now);
    if ((current.pro_status === 1) === on) return false;
    await saveSettings(trx, {
      ...current,
      pro_status: on ? 1 : 0,
      pro_activated_by: on ? by : null,
      updated_at: now,
    });
    await recordAudit(
      trx,
      serverId,
      { tokenId: null, userId: null },
      on ? "premium.grant" : "premium.revoke",
      { by },
    );
    return true;
  });
  if (changed) settingsChanged(serverId);
  return changed;
}

/**
 * The anti-pool rules: a pool manager turns protection on; clearing the manager turns it off;
 * switching it off while a manager stays set is refused.
 */
function antiPool(current: SettingsRow, change: SettingsEditBody["antiPoolShow"]) {
  let managerId = current.pool_manager_id;
  let enabled = current.anti_pool_enabled === 1;
  if (!change) return { managerId, enabled };
  if (change.poolManagerId !== undefined) managerId = change.poolManagerId;
  if (managerId !== null) {
    if (change.toggle === false) throw badRequest(antiPoolDisableRefusal, "antiPoolShow.toggle");
    enabled = true;
  } else if (change.poolManagerId !== undefined) {
    enabled = false;
  } else if (change.toggle !== undefined) {
    enabled = change.toggle;
  }
  return { managerId, enabled };
}

/** A heist image link checked like an embed image; null clears it. */
function heistImageLink(url: string | null): string | null {
  if (url === null) return null;
  const problem = validateEmbed({ imageUrl: url }).find((p) => p.field === "imageUrl");
  if (problem) throw badRequest(`heistImageUrl: ${problem.message}`, "heistImageUrl");
  return url;
}

/**
 * `PUT /api/settings/edit`: changes only the fields sent, under the server's settings lock, so
 * concurrent edits of different fields all land. `pro` is read-only (ignored). Answers the settings.
 */
export async function editSettings(
  deps: Deps,
  serverId: string,
  body: SettingsEditBody,
  actor: AuditActor,
): Promise<ServerSettings> {
  const managerId = body.antiPoolShow?.poolManagerId;
  if (managerId) {
    const stored = await findSettings(deps.storage.db, serverId);
    if (stored?.pool_manager_id !== managerId) {
      await requireMember(deps, serverId, managerId, "antiPoolShow.poolManagerId");
    }
  }

  let changed = false;
  const settings = await transactionForServer(deps.storage, serverId, "settings", async (trx) => {
    const now = Date.now();
    const current = (await findSettings(trx, serverId)) ?? defaultSettingsRow(serverId, now);
    const next: SettingsRow = { ...current, updated_at: now };
    for (const [field, column] of toggles) {
      const value = body[field];
      if (value !== undefined) next[column] = Number(value);
    }
    if (body.memberTriggerLimit !== undefined) next.member_trigger_limit = body.memberTriggerLimit;
    if (body.tipsEvery !== undefined) next.tips_every = body.tipsEvery;
    if (body.gameBotIds !== undefined) next.game_bot_ids = JSON.stringify(body.gameBotIds);
    if (body.antiPoolShow?.windowHours !== undefined) {
      next.anti_pool_window_hours = body.antiPoolShow.windowHours;
    }
    if (body.heistImageUrl !== undefined) {
      // The link and the switch move together (like the pool manager): a link shows the image,
      // clearing it hides it; the switch alone can still hide a kept link.
      next.heist_image_url = heistImageLink(body.heistImageUrl);
      if (body.heist_image === undefined) next.heist_image = Number(next.heist_image_url !== null);
    }
    const pool = antiPool(current, body.antiPoolShow);
    next.pool_manager_id = pool.managerId;
    next.anti_pool_enabled = Number(pool.enabled);

    const before = toSettings(current);
    const after = toSettings(next);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const key of Object.keys(after) as (keyof ServerSettings)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
        changes[key] = { before: before[key], after: after[key] };
      }
    }
    if (Object.keys(changes).length === 0) return before;
    await saveSettings(trx, next);
    await recordAudit(trx, serverId, actor, "settings.edit", changes);
    changed = true;
    return after;
  });
  // After the commit, so no process can read the old row back into its cache.
  if (changed) settingsChanged(serverId);
  return settings;
}
