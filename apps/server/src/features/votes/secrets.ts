import { randomBytes } from "node:crypto";
import { voteSigningSecret } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { badRequest } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type VoteSetup, webhookUrl } from "./service.ts";
import { findSettings, saveSettings, type VoteSettingsRow } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "config">;

/**
 * Makes a new webhook id and secret: the old URL answers 404 from now on, and the listing sites
 * need the new URL and secret. Nothing else changes.
 */
export async function rotateVoteWebhook(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  now = Date.now(),
): Promise<VoteSetup> {
  const settings = await transactionForServer(deps.storage, serverId, "votes", async (trx) => {
    const existing = await findSettings(trx, serverId);
    if (!existing)
      throw badRequest("Vote tracking isn't set up here yet: run `/votetracker admin setup` first.");
    const rotated: VoteSettingsRow = {
      ...existing,
      webhook_id: randomBytes(24).toString("base64url"),
      secret: randomBytes(24).toString("base64url"),
      updated_at: now,
    };
    await saveSettings(trx, rotated);
    await recordAudit(trx, serverId, actor, "votes.rotate", {});
    return rotated;
  });
  return { settings, created: false, webhookUrl: webhookUrl(deps.config, settings.webhook_id) };
}

/**
 * Stores the listing site's own signing secret (top.gg makes one, `whs_…`, that can't be chosen), used
 * to check `x-topgg-signature` beside Hearth's secret; null forgets it.
 */
export async function setSigningSecret(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  secret: string | null,
  now = Date.now(),
): Promise<VoteSetup> {
  let signingSecret: string | null = null;
  if (secret !== null) {
    const parsed = voteSigningSecret.safeParse(secret);
    if (!parsed.success) {
      throw badRequest(
        `signing_secret: ${parsed.error.issues[0]?.message ?? "is not valid"}`,
        "signing_secret",
      );
    }
    signingSecret = parsed.data;
  }
  const settings = await transactionForServer(deps.storage, serverId, "votes", async (trx) => {
    const existing = await findSettings(trx, serverId);
    if (!existing)
      throw badRequest("Vote tracking isn't set up here yet: run `/votetracker admin setup` first.");
    const updated: VoteSettingsRow = { ...existing, signing_secret: signingSecret, updated_at: now };
    await saveSettings(trx, updated);
    await recordAudit(trx, serverId, actor, "votes.signing-secret", { set: signingSecret !== null });
    return updated;
  });
  return { settings, created: false, webhookUrl: webhookUrl(deps.config, settings.webhook_id) };
}
