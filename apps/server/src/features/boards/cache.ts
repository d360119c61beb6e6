import type { Storage } from "../../db/database.ts";
import { ServerConfigCache, serverConfigChanged } from "../../lib/server-config-cache.ts";
import { type Board, listBoards } from "./store.ts";

/**
 * A change in this process drops its server's boards at once, and other processes hear of it
 * through Redis (`lib/server-config-cache.ts`); without that message a list is trusted this long.
 */
export const boardCacheTtlMs = 15_000;

const boards = new ServerConfigCache<Storage, Board[]>("board lists", boardCacheTtlMs, (storage, serverId) =>
  listBoards(storage.db, serverId),
);

/**
 * Every board of a server (enabled or not), from memory: a reaction with no board's emoji, or an
 * edit in a server without boards, costs no database read.
 */
export function serverBoards(storage: Storage, serverId: string): Promise<Board[]> {
  return boards.get(storage, serverId);
}

/** After a change of a server's boards has committed: this process and (through Redis) the others forget them. */
export function boardsChanged(serverId: string): void {
  serverConfigChanged(serverId);
}
