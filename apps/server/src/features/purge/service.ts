import { type RawBuilder, sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { clearCaches } from "../../lib/cache-registry.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { serverConfigChanged } from "../../lib/server-config-cache.ts";
import { listDashboardTokens, revokeDashboardToken } from "../auth/service.ts";
import { forgetInsights } from "../insights/service.ts";
import { depthOf, type TableScope } from "./scopes.ts";

export { type TableScope, tableScopes } from "./scopes.ts";

export interface PurgeResult {
  /** Rows deleted per table (tables with none are left out), in the order they were deleted. */
  tables: { table: string; rows: number }[];
  rows: number;
  tokensRevoked: number;
  /** Queued, finished and failed jobs that named the server. */
  jobs: number;
  /** Temporary effects lifted before the delete (temporary bans, expiring reward roles). */
  released: number;
}

type Deps = Pick<AppContext, "storage" | "jobs" | "logger" | "discord">;

/** The rows of `entry` that belong to the server, as a WHERE condition. */
function belongs(scopes: readonly TableScope[], entry: TableScope, serverId: string): RawBuilder<boolean> {
  const { scope, table } = entry;
  if ("column" in scope) return sql<boolean>`${sql.ref(`${table}.${scope.column}`)} = ${serverId}`;
  if (!("parent" in scope)) throw new Error(`${table} holds no server's rows`);
  const parent = scopes.find((candidate) => candidate.table === scope.parent);
  if (!parent) throw new Error(`${table}'s parent table ${scope.parent} is not a feature table`);
  const key = sql.ref(`${parent.table}.${scope.parentKey ?? "id"}`);
  return sql<boolean>`${sql.ref(`${table}.${scope.via}`)} in (select ${key} from ${sql.table(parent.table)} where ${belongs(scopes, parent, serverId)})`;
}

/** The feature names `/dev reset feature:` accepts: those whose tables hold a server's rows. */
export function resettableFeatures(scopes: readonly TableScope[]): string[] {
  return [
    ...new Set(scopes.filter((entry) => !("none" in entry.scope)).map((entry) => entry.feature)),
  ].sort();
}

/**
 * Deletes every row of one server in every feature table (or in one feature's tables), walking the
 * declared scopes: children before their parents, all in one transaction. A whole-server purge first
 * revokes every dashboard token (so sessions end in every process at once) and also deletes the jobs
 * that name the server. Caches of this process are cleared; other processes forget the server's
 * configuration at once through Redis (`lib/server-config-cache.ts`), and their other caches expire
 * within a minute.
 */
export async function purgeServerData(
  ctx: Deps,
  scopes: readonly TableScope[],
  serverId: string,
  options: { feature?: string; by: string; reason: string },
): Promise<PurgeResult> {
  if (!/^\d{17,20}$/.test(serverId)) throw badRequest("That isn't a Discord server ID.", "server_id");
  const feature = options.feature?.trim().toLowerCase() || undefined;
  const names = resettableFeatures(scopes);
  if (feature && !names.includes(feature)) {
    throw badRequest(`There is no feature called "${feature}". Features: ${names.join(", ")}.`, "feature");
  }
  // Children first: deeper parent links first, then a feature's tables in reverse of the order it
  // declares them (parents first, as `boards` before `board_messages`), so a cascading foreign key
  // never deletes rows before they are counted.
  const chosen = scopes
    .map((entry, index) => ({ entry, index, depth: depthOf(scopes, entry) }))
    .filter(({ entry }) => !("none" in entry.scope) && (!feature || entry.feature === feature))
    .sort((a, b) => b.depth - a.depth || b.index - a.index)
    .map(({ entry }) => entry);

  let tokensRevoked = 0;
  if (!feature || chosen.some((entry) => entry.table === "dashboard_tokens")) {
    for (const token of await listDashboardTokens(ctx, serverId)) {
      if (token.revokedAt !== null) continue;
      await revokeDashboardToken(ctx, token.id, options.reason);
      tokensRevoked++;
    }
  }

  const released = await releaseTemporaryEffects(ctx, chosen, serverId);

  const tables = await ctx.storage.db.transaction().execute(async (trx) => {
    const deleted: PurgeResult["tables"] = [];
    for (const entry of chosen) {
      const result =
        await sql`delete from ${sql.table(entry.table)} where ${belongs(scopes, entry, serverId)}`.execute(
          trx,
        );
      const rows = Number(result.numAffectedRows ?? 0n);
      if (rows > 0) deleted.push({ table: entry.table, rows });
    }
    return deleted;
  });
  const jobs = feature ? 0 : await ctx.jobs.deleteMentioning(serverId);
  clearCaches();
  if (!feature || feature === "insights") forgetInsights(ctx, serverId);
  // Other processes drop their copies of the server's configuration at once (Redis, when set).
  serverConfigChanged(serverId);
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  ctx.logger.warn(
    { serverId, feature: feature ?? "all", by: options.by, rows, tokensRevoked, jobs, released },
    `purged ${feature ? `the ${feature} data` : "all data"} of server ${serverId}`,
  );
  return { tables, rows, tokensRevoked, jobs, released };
}

/**
 * Runs the chosen features' `releaseOnPurge` before their rows and jobs go: a 1-hour ban lifted now
 * rather than never. One that fails is logged and the purge goes on (the owner asked for the delete).
 */
async function releaseTemporaryEffects(
  ctx: Deps,
  chosen: readonly TableScope[],
  serverId: string,
): Promise<number> {
  let released = 0;
  for (const release of new Set(chosen.flatMap((entry) => (entry.release ? [entry.release] : [])))) {
    try {
      released += await release(ctx, serverId);
    } catch (error) {
      ctx.logger.warn({ err: error, serverId }, "purge: could not lift a temporary effect before deleting");
    }
  }
  return released;
}

/**
 * The owner's own purge (`/purge`, the dashboard's Danger zone), after typing the server's exact
 * name. `ownerOnly` checks that `by` owns the server (the command); the dashboard route has already
 * checked that its token has the owner permission.
 */
export async function purgeOwnServer(
  ctx: Deps & Pick<AppContext, "discord">,
  scopes: readonly TableScope[],
  input: { serverId: string; by: string; confirmName: string; ownerOnly: boolean },
): Promise<PurgeResult & { serverName: string }> {
  const guild = await ctx.discord.getGuild(input.serverId);
  if (!guild) throw notFound("The bot is no longer in this server");
  if (input.ownerOnly && guild.ownerId !== input.by) {
    throw forbidden("Only the server's owner can delete all of its data.");
  }
  if (input.confirmName.trim() !== guild.name.trim()) {
    throw badRequest(`The name doesn't match. Type the server's name exactly: ${guild.name}`, "confirmName");
  }
  const result = await purgeServerData(ctx, scopes, input.serverId, {
    by: input.by,
    reason: "the owner deleted all of the server's data",
  });
  return { ...result, serverName: guild.name };
}
