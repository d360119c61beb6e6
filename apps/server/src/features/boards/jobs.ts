import type { AppContext } from "../../context.ts";

/**
 * Registers this feature's job handlers on the queue. Boards have no scheduled work: posts are
 * synced as reaction events arrive, and `/boards cleanup` checks for orphans when an admin runs it.
 */
export function registerBoardsJobs(_ctx: AppContext): void {}
