import { triggerMatcher } from "@hearth/core";
import type { Storage } from "../../db/database.ts";
import { ServerConfigCache, serverConfigChanged } from "../../lib/server-config-cache.ts";
import { listTriggers, type StoredTrigger } from "./store.ts";

/** A trigger ready to test messages against. */
export interface CompiledTrigger {
  trigger: StoredTrigger;
  matches: (lowered: string) => boolean;
}

/**
 * A change in this process drops its server's index at once, and other processes hear of it
 * through Redis (`lib/server-config-cache.ts`); without that message an index is trusted this long.
 */
export const triggerCacheTtlMs = 15_000;

const compiled = new ServerConfigCache<Storage, CompiledTrigger[]>(
  "trigger indexes",
  triggerCacheTtlMs,
  async (storage, serverId) =>
    (await listTriggers(storage.db, serverId)).map((trigger) => ({
      trigger,
      matches: triggerMatcher(trigger.keyword, trigger.match),
    })),
);

/**
 * Every server's triggers, compiled once: the message listener tests a message against memory, so a
 * message that matches nothing costs no database read.
 */
export class TriggerCache {
  constructor(private readonly storage: Storage) {}

  get(serverId: string): Promise<CompiledTrigger[]> {
    return compiled.get(this.storage, serverId);
  }

  /** After a change has committed: this process and (through Redis) the others forget the server. */
  invalidate(serverId: string): void {
    serverConfigChanged(serverId);
  }
}

/** The process's trigger cache for this database. */
export function triggerCache(storage: Storage): TriggerCache {
  return new TriggerCache(storage);
}
