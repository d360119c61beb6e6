import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { breakEndJob, setBreak } from "./service.ts";
import { findGrinder } from "./store.ts";

const breakEndPayload = z.object({ serverId: z.string(), grinderId: z.string(), until: z.number() });

/** Registers this feature's job handlers on the queue. */
export function registerGrinderJobs(ctx: AppContext): void {
  // Ends a timed break, unless it was already ended or replaced by another break.
  ctx.jobs.register(breakEndJob, async (payload) => {
    const { serverId, grinderId, until } = breakEndPayload.parse(payload);
    const row = await findGrinder(ctx.storage.db, serverId, grinderId);
    if (!row || row.archived_at !== null || row.on_break !== 1 || row.break_until !== until) return;
    await setBreak(ctx, serverId, grinderId, false, { tokenId: null, userId: null });
  });
}
