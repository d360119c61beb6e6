import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { endTemporaryBan, unbanJob } from "./service.ts";

const unbanPayload = z.object({ caseId: z.number().int().positive() });

/** Registers this feature's job handlers on the queue. */
export function registerModerationJobs(ctx: AppContext): void {
  ctx.jobs.register(unbanJob, async (payload) => {
    await endTemporaryBan(ctx, unbanPayload.parse(payload).caseId);
  });
}
