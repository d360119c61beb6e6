import type { AppContext } from "../../context.ts";
import { sessionSweepJob, sweepSessions } from "./service.ts";

/** Registers this feature's job handlers on the queue: the sweep of expired builder drafts. */
export function registerEmbedsJobs(ctx: AppContext): void {
  ctx.jobs.register(sessionSweepJob, async () => {
    const removed = await sweepSessions(ctx);
    if (removed > 0) ctx.logger.debug({ removed }, "embeds: deleted expired builder drafts");
  });
}
