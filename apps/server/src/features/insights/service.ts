import type { Kysely } from "kysely";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { InsightsCollector } from "./collector.ts";

/** A logger is optional: a caller without one (a giveaway entry) still counts; the collector logs through the first one it is given. */
type Deps = Pick<AppContext, "storage"> & Partial<Pick<AppContext, "logger">>;

const collectors = new WeakMap<Kysely<Database>, InsightsCollector>();

/** This process's collector for the database (one per database, started on first use). */
export function insightsCollector(deps: Deps): InsightsCollector {
  let collector = collectors.get(deps.storage.db);
  if (!collector) {
    collector = new InsightsCollector(deps.storage.db);
    collector.start();
    collectors.set(deps.storage.db, collector);
  }
  if (deps.logger && !collector.hasLogger) collector.useLogger(deps.logger.child({ feature: "insights" }));
  return collector;
}

/** Writes the counts held in memory now (tests, and before reading them back). */
export function flushInsights(deps: Deps): Promise<void> {
  return collectors.get(deps.storage.db)?.flush() ?? Promise.resolve();
}

/** Stops the collector's timer and writes what it holds; called when the process stops. */
export async function stopInsights(deps: Deps): Promise<void> {
  const collector = collectors.get(deps.storage.db);
  collectors.delete(deps.storage.db);
  await collector?.stop();
}

/** A giveaway entry was stored (counted by giveaway, by its message id). */
export function countGiveawayEntry(deps: Deps, serverId: string, giveawayId: string): void {
  insightsCollector(deps).countKey(serverId, "giveaway_entries", "giveaway", giveawayId);
}

/** A vote was counted. */
export function countVote(deps: Deps, serverId: string): void {
  insightsCollector(deps).count(serverId, "votes");
}

/** A trigger answered a message. */
export function countTriggerReply(deps: Deps, serverId: string): void {
  insightsCollector(deps).count(serverId, "trigger_replies");
}

/** A grinder payment was recorded; `added` is the amount it added to the grinder's payments. */
export function countGrinderPayment(deps: Deps, serverId: string, added: number): void {
  const collector = insightsCollector(deps);
  collector.count(serverId, "grinder_payments");
  if (added > 0) collector.count(serverId, "grinder_revenue", Math.round(added));
}

/** A server's data was purged: this process drops the counts it still holds for it. */
export function forgetInsights(deps: Deps, serverId: string): void {
  collectors.get(deps.storage.db)?.forget(serverId);
}
