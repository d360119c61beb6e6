import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { refreshJob, refreshPanels } from "./panels.ts";

const refreshPayload = z.object({ serverId: z.string(), panelId: z.number().int().positive() });

/**
 * Registers the self-role job: redrawing a panel whose edit Discord refused (after a role was taken
 * off or put back), retried with the queue's backoff until the posted panel matches the records.
 */
export function registerSelfRolesJobs(ctx: AppContext): void {
  ctx.jobs.register(refreshJob, async (payload) => {
    const { serverId, panelId } = refreshPayload.parse(payload);
    await refreshPanels(ctx, serverId, [panelId], { retry: false });
  });
}
