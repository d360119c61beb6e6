import { triggerMatcher } from "@hearth/core";
import type { Storage } from "../../db/database.ts";
import { listTriggers, type StoredTrigger } from "./store.ts";

/** A trigger ready to test messages against. */
export interface CompiledTrigger {
  trigger: StoredTrigger;
  matches: (lowered: string) => boolean;
}

/**
 * Another process (the API role of a split deployment) may change triggers: an index is trusted for
 * this long at most. A change in this process drops its server's index at once.
 */
export const triggerCacheTtlMs = 15_000;

interface Entry {
  loadedAt: number;
  generation: number;
  triggers: Promise<CompiledTrigger[]>;
}

/**
 * Every server's triggers, compiled once: the message listener tests a message against memory, so a
 * message that matches nothing costs no database read. A generation per server keeps a load that
 * started before a change from being cached after it.
 */
export class TriggerCache {
  private readonly servers = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly storage: Storage) {}

  get(serverId: string, now = Date.now()): Promise<CompiledTrigger[]> {
    const generation = this.generations.get(serverId) ?? 0;
    const cached = this.servers.get(serverId);
    if (cached && cached.generation === generation && now - cached.loadedAt < triggerCacheTtlMs) {
      return cached.triggers;
    }
    const triggers = listTriggers(this.storage.db, serverId).then((rows) =>
      rows.map((trigger) => ({ trigger, matches: triggerMatcher(trigger.keyword, trigger.match) })),
    );
    this.servers.set(serverId, { loadedAt: now, generation, triggers });
    triggers.catch(() => this.servers.delete(serverId));
    return triggers;
  }

  invalidate(serverId: string): void {
    this.generations.set(serverId, (this.generations.get(serverId) ?? 0) + 1);
    this.servers.delete(serverId);
  }
}

const caches = new WeakMap<Storage, TriggerCache>();

/** The process's trigger cache for this database. */
export function triggerCache(storage: Storage): TriggerCache {
  let cache = caches.get(storage);
  if (!cache) {
    cache = new TriggerCache(storage);
    caches.set(storage, cache);
  }
  return cache;
}
