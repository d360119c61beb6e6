import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { cleanupJob, runCleanup } from "./cleanup.ts";

const cleanupPayload = z.object({ serverId: z.string(), userId: z.string() });

/** Registers the perks job: the durable cleanup of expired private channels and roles. */
export function registerPerksJobs(ctx: AppContext): void {
  ctx.jobs.register(cleanupJob, async (payload) => {
    const { serverId, userId } = cleanupPayload.parse(payload);
    await runCleanup(ctx, serverId, userId);
  });
}
