import type { PermissionLevel } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { andThen, type MaybePromise } from "../../lib/maybe-promise.ts";
import { recordAudit } from "../audit/service.ts";
import { forgetToken, resolveToken } from "./service.ts";
import { effectiveLevel, standingOf } from "./standing.ts";
import type { DashboardToken } from "./store.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const levels: ReadonlySet<string> = new Set(["owner", "admin", "manager"]);
const levelOf = (token: DashboardToken): PermissionLevel =>
  levels.has(token.permission) ? (token.permission as PermissionLevel) : "manager";

/** Tokens being lowered or revoked right now: one change (and one DM) each, however many requests race. */
const settling = new Set<string>();

/**
 * A token's holder is no longer what its level needs (ownership moved, Administrator or Manage
 * Server taken away, the manager role lost): the token is lowered to what they are now, or revoked
 * when they are nothing, with an audit entry, and the holder is told by DM.
 */
export async function settleTokenLevel(
  deps: Deps,
  token: DashboardToken,
  level: PermissionLevel | null,
): Promise<void> {
  if (settling.has(token.id)) return;
  settling.add(token.id);
  try {
    const from = levelOf(token);
    const reason =
      level === null
        ? `its holder no longer holds the ${from} level in the server`
        : `its holder is now ${level} in the server, no longer ${from}`;
    const changed = await deps.storage.db.transaction().execute(async (trx) => {
      const done =
        level === null
          ? await store.revokeToken(trx, token.id, reason, Date.now())
          : await store.setTokenPermission(trx, token.id, level);
      if (!done) return false;
      await recordAudit(
        trx,
        token.serverId,
        { tokenId: null, userId: null },
        level === null ? "token.revoke" : "token.downgrade",
        { tokenId: token.id, userId: token.userId, from, to: level, reason },
      );
      return true;
    });
    forgetToken(token.id);
    if (!changed) return;
    deps.logger.info(
      { guildId: token.serverId, tokenId: token.id, from, to: level },
      "dashboard token follows Discord",
    );
    const guild = await deps.discord.getGuild(token.serverId).catch(() => null);
    const server = guild?.name ?? "a server";
    await deps.discord
      .sendDirectMessage(token.userId, {
        content:
          level === null
            ? `Your Hearth dashboard token for ${server} was revoked: you no longer own the server, hold Administrator or Manage Server, or have its manager role.`
            : `Your Hearth dashboard token for ${server} now has the ${level} permission instead of ${from}, to match your role in the server.`,
      })
      .catch((error: unknown) =>
        deps.logger.info(
          { err: error, userId: token.userId },
          "could not DM a member about their token's level",
        ),
      );
  } finally {
    settling.delete(token.id);
  }
}

/**
 * `resolveToken`, with the token's level following Discord: lowered to what its holder is now
 * (null, a 401, when they are nothing any more), and the stored token settled to match. When the
 * holder's standing is held in memory (the common case) this answers without a promise.
 */
export function resolveTokenFollowingDiscord(
  deps: Deps,
  authorization: string | undefined,
): MaybePromise<DashboardToken | null> {
  return andThen(resolveToken(deps, authorization), (token) => {
    if (!token) return null;
    return andThen(standingOf(deps, token.serverId, token.userId), (standing) => {
      const stored = levelOf(token);
      const level = effectiveLevel(stored, standing);
      if (level === stored) return token;
      settleTokenLevel(deps, token, level).catch((error: unknown) =>
        deps.logger.error({ err: error, tokenId: token.id }, "could not settle a dashboard token's level"),
      );
      return level === null ? null : { ...token, permission: level };
    });
  });
}
