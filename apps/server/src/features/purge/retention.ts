import type { AppContext } from "../../context.ts";
import { serversLeftBefore } from "../guilds/service.ts";
import type { TableScope } from "./scopes.ts";
import { purgeServerData } from "./service.ts";

/** A server's data is kept this long after Hearth leaves it (a mistaken removal can be undone), then deleted. */
export const retentionMs = 30 * 24 * 60 * 60 * 1000;
export const retentionJob = "purge.retention";

/** The next daily run, at 03:00 UTC. */
export function nextRetentionRun(now: number): number {
  const day = new Date(now);
  const run = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 3);
  return run > now ? run : run + 24 * 60 * 60 * 1000;
}

/** One job per day, whichever process schedules it: the key is the day it runs. */
async function scheduleRetention(ctx: Pick<AppContext, "jobs">, now: number): Promise<void> {
  const runAt = nextRetentionRun(now);
  await ctx.jobs.schedule(retentionJob, {}, runAt, {
    dedupeKey: `${retentionJob}:${new Date(runAt).toISOString().slice(0, 10)}`,
  });
}

/**
 * Deletes the data of every server Hearth left more than 30 days ago and hasn't rejoined (the privacy
 * policy's retention), with the same walk as the owner's purge. Answers the servers purged.
 */
export async function purgeLeftServers(
  ctx: Pick<AppContext, "storage" | "jobs" | "logger" | "discord">,
  scopes: readonly TableScope[],
  now = Date.now(),
): Promise<string[]> {
  const purged: string[] = [];
  for (const serverId of await serversLeftBefore(ctx, now - retentionMs)) {
    await purgeServerData(ctx, scopes, serverId, {
      by: "retention",
      reason: "Hearth left the server more than 30 days ago",
    });
    purged.push(serverId);
  }
  return purged;
}

/** Registers the daily retention job and makes sure the next run is scheduled. */
export function retentionJobs(scopes: () => readonly TableScope[]) {
  return (ctx: AppContext): void => {
    ctx.jobs.register(retentionJob, async () => {
      try {
        await purgeLeftServers(ctx, scopes());
      } finally {
        await scheduleRetention(ctx, Date.now());
      }
    });
    scheduleRetention(ctx, Date.now()).catch((error: unknown) =>
      ctx.logger.warn({ err: error }, "could not schedule the data retention job"),
    );
  };
}
