import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { breakEndJob, endTimedBreak } from "./service.ts";

const breakEndPayload = z.object({ serverId: z.string(), grinderId: z.string(), until: z.number() });

/** Registers this feature's job handlers on the queue. */
export function registerGrinderJobs(ctx: AppContext): void {
  ctx.jobs.register(breakEndJob, async (payload) => {
    const { serverId, grinderId, until } = breakEndPayload.parse(payload);
    await endTimedBreak(ctx, serverId, grinderId, until);
  });
}
