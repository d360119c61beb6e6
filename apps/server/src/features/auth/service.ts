import { hash, randomBytes } from "node:crypto";
import type { PermissionLevel } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { MaybePromise } from "../../lib/maybe-promise.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { type AuditActor, hasTokenEntrySince, recordAudit } from "../audit/service.ts";
import * as store from "./store.ts";

export type { DashboardToken } from "./store.ts";

const tokenPattern = /^[0-9a-f]{56}$/;
/** last_used_at is bookkeeping, not security: write it at most once a minute per token. */
const touchInterval = 60_000;

/**
 * Live tokens by the token itself, for a few seconds: the lookup sits on every dashboard request,
 * and keyed by the token a request that hits needs no SHA-256 (only a miss hashes, to read the
 * database, which holds hashes only). The raw tokens held here live in this process's memory as the
 * requests' headers do, for at most `tokenCacheTtlMs`; they are never written anywhere. A revocation
 * in this process drops the entry at once; other processes hear of it through `onTokenRevoked`
 * (Redis pub/sub in a split deployment) or, at worst, when the entry expires. The expiry is
 * absolute: it counts from the database read, and a hit never extends it, so a token in constant
 * use is still re-read (and a revocation seen) at least every `tokenCacheTtlMs`.
 */
const tokenCacheTtlMs = 5000;
const liveTokens = new TtlCache<string, store.DashboardToken>(tokenCacheTtlMs);
registerCache("dashboard tokens", { size: () => liveTokens.size, clear: () => liveTokens.clear() });
const revocationListeners: ((tokenId: string) => void)[] = [];

/** The Redis channel every process hears revocations on (server.ts subscribes; the CLI publishes too). */
export const revocationChannel = "hearth:token-revoked";

/** Drops a token from this process's cache (called on revocation, locally or from another process). */
export function forgetToken(tokenId: string): void {
  liveTokens.deleteWhere((token) => token.id === tokenId);
}

/** Lets the server tell other processes about a revocation. */
export function onTokenRevoked(listener: (tokenId: string) => void): () => void {
  revocationListeners.push(listener);
  return () => revocationListeners.splice(revocationListeners.indexOf(listener), 1);
}

export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

/** 28 random bytes as 56 lowercase hex characters. */
export function generateToken(): string {
  return randomBytes(28).toString("hex");
}

type Deps = Pick<AppContext, "storage" | "discord">;

/**
 * Creates a dashboard token for one user on one server. The raw token is returned once and never
 * stored. A user holds at most one live token per server (the database enforces it too): a second
 * is refused, unless `replace` names why the live one is revoked first (`replaced` is then that one).
 */
export async function createDashboardToken(
  deps: Deps,
  input: { serverId: string; userId?: string; permission: PermissionLevel; replace?: { reason: string } },
): Promise<{ token: string; record: store.DashboardToken; replaced?: store.DashboardToken }> {
  const guild = await deps.discord.getGuild(input.serverId);
  if (!guild) throw notFound(`The bot is not in a server with id ${input.serverId}`);
  const userId = input.userId ?? guild.ownerId;
  const member = await deps.discord.getMember(input.serverId, userId);
  if (!member) throw notFound(`User ${userId} is not a member of ${guild.name}`);

  const db = deps.storage.db;
  const alreadyHasOne = (id: string | undefined) =>
    conflict(
      `${member.user.username} already has a dashboard token for ${guild.name}; revoke it first (id ${id})`,
    );
  const existing = await store.findLiveTokenForUser(db, input.serverId, userId);
  if (existing && !input.replace) throw alreadyHasOne(existing.id);
  const replaced =
    existing && input.replace
      ? await revokeDashboardToken(deps, existing.id, input.replace.reason)
      : undefined;
  const token = generateToken();
  const now = Date.now();
  const creation = db.transaction().execute(async (trx) => {
    const created = await store.insertToken(trx, {
      id: randomBytes(6).toString("hex"),
      token_hash: hashToken(token),
      server_id: input.serverId,
      user_id: userId,
      user_name: displayName(member.user),
      permission: input.permission,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
      revoked_reason: null,
    });
    await recordAudit(trx, input.serverId, { tokenId: created.id, userId }, "token.create", {
      permission: input.permission,
    });
    return created;
  });
  // Two creates at once both pass the check above; the database's unique index stops the second.
  const record = await creation.catch(async (error: unknown) => {
    if (!store.isUniqueViolation(error)) throw error;
    throw alreadyHasOne((await store.findLiveTokenForUser(db, input.serverId, userId))?.id);
  });
  return replaced ? { token, record, replaced } : { token, record };
}

/**
 * `/dashboard create`: creates the token and hands it to `deliver` (the bot DMs it). When delivery
 * fails (DMs closed), the token is deleted before the error goes on: nobody ever saw it, so it must
 * not exist, and the user can try again once their DMs are open.
 */
export async function createAndDeliverDashboardToken(
  deps: Deps,
  input: { serverId: string; userId: string; permission: PermissionLevel },
  deliver: (token: string, record: store.DashboardToken) => Promise<void>,
): Promise<store.DashboardToken> {
  const { token, record } = await createDashboardToken(deps, input);
  try {
    await deliver(token, record);
  } catch (error) {
    await deps.storage.db.transaction().execute(async (trx) => {
      await store.deleteToken(trx, record.id);
      await recordAudit(trx, input.serverId, { tokenId: null, userId: input.userId }, "token.discard", {
        tokenId: record.id,
        reason: "could not be delivered",
      });
    });
    forgetToken(record.id);
    throw error;
  }
  return record;
}

/** The live token of a member on a server (its record, never the token), or null. */
export function findLiveDashboardToken(deps: Pick<AppContext, "storage">, serverId: string, userId: string) {
  return store.findLiveTokenForUser(deps.storage.db, serverId, userId);
}

/**
 * The live token behind a raw Authorization value, or null. Never throws on malformed input. On the
 * hot path (a token in use) this is a pattern test and one lookup in the cache above.
 */
export function resolveToken(
  deps: Pick<AppContext, "storage">,
  raw: string | undefined,
): MaybePromise<store.DashboardToken | null> {
  if (!raw) return null;
  // The dashboard sends the token as it was given (lowercase hex); anything else is normalised first.
  let token = raw;
  if (!tokenPattern.test(token)) {
    token = raw.trim().toLowerCase();
    if (!tokenPattern.test(token)) return null;
  }
  const record = liveTokens.get(token);
  // A cached token answers without a promise (the common case: a dashboard in use).
  return record ? touchWhenDue(deps, record) : loadLiveToken(deps, token);
}

async function loadLiveToken(
  deps: Pick<AppContext, "storage">,
  token: string,
): Promise<store.DashboardToken | null> {
  const readAt = Date.now();
  const loaded = await store.findLiveTokenByHash(deps.storage.db, hashToken(token));
  if (!loaded) return null;
  // Only a fresh read is cached: re-setting on a hit would slide the expiry forever.
  liveTokens.set(token, loaded, readAt);
  return touchWhenDue(deps, loaded);
}

/** Records the token's use at most once per `touchInterval`. */
function touchWhenDue(
  deps: Pick<AppContext, "storage">,
  record: store.DashboardToken,
): MaybePromise<store.DashboardToken> {
  const now = Date.now();
  if (record.lastUsedAt !== null && now - record.lastUsedAt <= touchInterval) return record;
  record.lastUsedAt = now;
  return store.touchToken(deps.storage.db, record.id, now).then(() => record);
}

export async function revokeDashboardToken(
  deps: Pick<AppContext, "storage">,
  id: string,
  reason: string,
  actor: AuditActor = { tokenId: null, userId: null },
): Promise<store.DashboardToken> {
  const db = deps.storage.db;
  const revoked = await db.transaction().execute(async (trx) => {
    const record = await store.findToken(trx, id);
    if (!record) throw notFound(`No dashboard token with id ${id}`);
    const now = Date.now();
    const changed = await store.revokeToken(trx, id, reason, now);
    if (!changed) throw conflict(`Dashboard token ${id} is already revoked`);
    await recordAudit(trx, record.serverId, actor, "token.revoke", { tokenId: id, reason });
    return { ...record, revokedAt: now, revokedReason: reason };
  });
  forgetToken(id);
  for (const listener of revocationListeners) listener(id);
  return revoked;
}

export function listDashboardTokens(deps: Pick<AppContext, "storage">, serverId: string) {
  return store.listTokens(deps.storage.db, serverId);
}

/** Revokes every live token of a user on a server (the member left); answers how many. */
export async function revokeTokensOfMember(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
) {
  const live = await store.findLiveTokenForUser(deps.storage.db, serverId, userId);
  if (!live) return 0;
  await revokeDashboardToken(deps, live.id, "member left the server");
  return 1;
}

/**
 * Records that a token opened the dashboard (the audit log's "dashboard.access"), once per token per
 * UTC day: reopening the dashboard, or every tab of it, doesn't fill the log. Answers whether an
 * entry was written.
 */
export async function recordDashboardAccess(
  deps: Pick<AppContext, "storage">,
  token: { id: string; serverId: string; userId: string },
  visit: { path: string | null; userAgent: string | null },
  now = Date.now(),
): Promise<boolean> {
  const dayStart = now - (now % 86_400_000);
  return transactionForServer(deps.storage, token.serverId, "dashboard.access", async (trx) => {
    if (await hasTokenEntrySince(trx, token.serverId, token.id, "dashboard.access", dayStart)) return false;
    await recordAudit(trx, token.serverId, { tokenId: token.id, userId: token.userId }, "dashboard.access", {
      path: visit.path,
      userAgent: visit.userAgent?.slice(0, 200) ?? null,
    });
    return true;
  });
}
