import type { AppContext } from "../../context.ts";

/** Registers this feature's job handlers on the queue. */
export function registerGrinderJobs(_ctx: AppContext): void {}
