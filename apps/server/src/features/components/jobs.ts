import type { AppContext } from "../../context.ts";

/**
 * Registers this feature's job handlers on the queue. Components need none: every click and form
 * is handled when it arrives, from the stored definition, so nothing is scheduled for later.
 */
export function registerComponentsJobs(_ctx: AppContext): void {}
