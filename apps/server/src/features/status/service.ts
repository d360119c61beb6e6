import type { AppContext } from "../../context.ts";
import { countCommandRun, recordHeartbeat } from "./store.ts";

type Deps = Pick<AppContext, "storage">;

/** Marks this minute as up; every process calls it once a minute, so uptime measures the service. */
export function markAlive(deps: Deps, now = Date.now()): Promise<void> {
  return recordHeartbeat(deps.storage.db, now);
}

/** Counts one completed command for the public statistics. */
export function countCommand(deps: Deps, serverId: string, path: string): Promise<void> {
  return countCommandRun(deps.storage.db, serverId, path);
}
