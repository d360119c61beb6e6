import type { AppContext } from "../../context.ts";

/** Registers this feature's job handlers on the queue. */
export function registerTimerJobs(_ctx: AppContext): void {}
