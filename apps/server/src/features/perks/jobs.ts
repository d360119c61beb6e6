import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { deleteWelcomeBack, welcomeBackDeleteJob } from "./afk.ts";
import { cleanupJob, runCleanup } from "./cleanup.ts";

const cleanupPayload = z.object({ serverId: z.string(), userId: z.string() });
const welcomeBackPayload = z.object({ channelId: z.string(), messageId: z.string() });

/**
 * Registers the perks jobs: the durable cleanup of expired private channels and roles, and the
 * deletion of the AFK welcome-back message a minute after it is posted.
 */
export function registerPerksJobs(ctx: AppContext): void {
  ctx.jobs.register(cleanupJob, async (payload) => {
    const { serverId, userId } = cleanupPayload.parse(payload);
    await runCleanup(ctx, serverId, userId);
  });
  ctx.jobs.register(welcomeBackDeleteJob, async (payload) => {
    const { channelId, messageId } = welcomeBackPayload.parse(payload);
    await deleteWelcomeBack(ctx, channelId, messageId);
  });
}
