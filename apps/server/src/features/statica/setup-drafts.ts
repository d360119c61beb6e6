import { defaultStaticaConfig, type StaticaConfig } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { deleteSetupDraft, findSetupDraft, saveSetupDraft } from "./draft-store.ts";
import { createStaticaConfig, findStaticaConfig, updateStaticaConfig } from "./service.ts";

/**
 * `/statica setup`'s drafts: the member's changes are kept in the database (so nothing is lost
 * between clicks or across a restart) until Save checks the whole configuration with the
 * dashboard's rules and stores it.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** The member's unsaved draft, else the saved configuration (`saved`), else the defaults. */
export async function loadSetupDraft(
  deps: Pick<Deps, "storage">,
  serverId: string,
  userId: string,
): Promise<{ config: StaticaConfig; saved: boolean }> {
  const draft = await findSetupDraft(deps.storage.db, serverId, userId);
  if (draft) return { config: draft, saved: false };
  const stored = await findStaticaConfig(deps, serverId);
  return { config: stored ?? structuredClone(defaultStaticaConfig), saved: stored !== null };
}

/** Applies one change of the panel to the member's draft. */
export async function editSetupDraft(
  deps: Pick<Deps, "storage">,
  serverId: string,
  userId: string,
  change: (config: StaticaConfig) => StaticaConfig,
): Promise<void> {
  const { config } = await loadSetupDraft(deps, serverId, userId);
  await saveSetupDraft(deps.storage.db, serverId, userId, change(structuredClone(config)), Date.now());
}

/**
 * Stores the member's draft as the server's configuration (turning rewards on when `enable`), through
 * the same create and update as the dashboard, then drops the draft. A refusal names the part to
 * fix, and the draft is kept.
 */
export async function saveSetupDraftAsConfig(
  deps: Deps,
  serverId: string,
  userId: string,
  enable: boolean,
): Promise<void> {
  const { config } = await loadSetupDraft(deps, serverId, userId);
  const actor = { tokenId: null, userId };
  const body = { ...config, enabled: enable ? true : config.enabled };
  const exists = (await findStaticaConfig(deps, serverId)) !== null;
  if (exists) await updateStaticaConfig(deps, serverId, actor, body);
  else await createStaticaConfig(deps, serverId, actor, body);
  await deleteSetupDraft(deps.storage.db, serverId, userId);
}

/** Drops the member's unsaved changes. */
export async function discardSetupDraft(
  deps: Pick<Deps, "storage">,
  serverId: string,
  userId: string,
): Promise<void> {
  await deleteSetupDraft(deps.storage.db, serverId, userId);
}
