import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { endTimer, timerEndJob } from "./service.ts";

const endPayload = z.object({ timerId: z.number().int().positive() });

/** Registers this feature's job handlers on the queue. */
export function registerTimerJobs(ctx: AppContext): void {
  ctx.jobs.register(timerEndJob, async (payload) => {
    await endTimer(ctx, endPayload.parse(payload).timerId);
  });
}
