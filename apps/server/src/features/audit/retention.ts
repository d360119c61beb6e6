import { dataRetention } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { pruneAudit } from "./store.ts";

export const auditRetentionJob = "audit.retention";
const dayMs = 24 * 60 * 60 * 1000;

/** The next daily run, at 03:30 UTC (half an hour after the left servers' purge). */
export function nextAuditRetentionRun(now: number): number {
  const day = new Date(now);
  const run = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 3, 30);
  return run > now ? run : run + dayMs;
}

/**
 * The audit log's retention: entries older than `dataRetention.auditDays` go, and each server keeps
 * its newest `dataRetention.auditMaxEntriesPerServer`. Answers how many were deleted.
 */
export async function pruneAuditLog(
  deps: Pick<AppContext, "storage" | "logger">,
  now = Date.now(),
): Promise<{ expired: number; overCap: number }> {
  const pruned = await pruneAudit(
    deps.storage.db,
    now - dataRetention.auditDays * dayMs,
    dataRetention.auditMaxEntriesPerServer,
  );
  if (pruned.expired + pruned.overCap > 0) deps.logger.info(pruned, "audit log pruned");
  return pruned;
}

/** One job per day, whichever process schedules it: the key is the day it runs. */
async function scheduleAuditRetention(ctx: Pick<AppContext, "jobs">, now: number): Promise<void> {
  const runAt = nextAuditRetentionRun(now);
  await ctx.jobs.schedule(auditRetentionJob, {}, runAt, {
    dedupeKey: `${auditRetentionJob}:${new Date(runAt).toISOString().slice(0, 10)}`,
  });
}

/** Registers the daily audit retention job and makes sure the next run is scheduled. */
export function auditRetentionJobs(ctx: AppContext): void {
  ctx.jobs.register(auditRetentionJob, async () => {
    try {
      await pruneAuditLog(ctx);
    } finally {
      await scheduleAuditRetention(ctx, Date.now());
    }
  });
  scheduleAuditRetention(ctx, Date.now()).catch((error: unknown) =>
    ctx.logger.warn({ err: error }, "could not schedule the audit log retention job"),
  );
}
