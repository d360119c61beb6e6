import { registerCache } from "./cache-registry.ts";

/**
 * Per-server configuration the bot reads on every message (settings switches, triggers, perks,
 * stickies, the price list) or reaction (boards), held in memory so a message that matches nothing costs no database
 * read.
 *
 * One invalidation rule for all of them, by server:
 * - A change in this process calls `serverConfigChanged(serverId)` once its transaction committed:
 *   every cache drops that server at once (the next read loads it again), and the change listeners
 *   tell the other processes (Redis pub/sub, `features/settings/cache.ts` → `server.ts`).
 * - A change heard from another process calls `forgetServerConfig(serverId)`.
 * - Without that message (no Redis, a dropped connection), an entry lives at most its cache's
 *   `ttlMs` from the moment its load started: the expiry is absolute, reads never extend it.
 *
 * A generation per server (shared by every cache) stops a load that started before a change from
 * being kept after it. Loads are shared: messages arriving together for a server wait on one read.
 */

/** Bumped by every change of a server; an entry loaded under an older generation is stale. */
const generations = new Map<string, number>();
const changeListeners: ((serverId: string) => void)[] = [];

export function serverConfigGeneration(serverId: string): number {
  return generations.get(serverId) ?? 0;
}

/** Drops a server's configuration from every cache of this process (a change here or elsewhere). */
export function forgetServerConfig(serverId: string): void {
  // Generations only grow; the counter per server is a few bytes and bounded by the servers seen.
  generations.set(serverId, serverConfigGeneration(serverId) + 1);
}

/** Called after a change of a server's configuration has committed: forget it here, tell the others. */
export function serverConfigChanged(serverId: string): void {
  forgetServerConfig(serverId);
  for (const listener of changeListeners) listener(serverId);
}

/** Hears every change made in this process (to tell other processes); answers the unsubscribe. */
export function onServerConfigChanged(listener: (serverId: string) => void): () => void {
  changeListeners.push(listener);
  return () => {
    const index = changeListeners.indexOf(listener);
    if (index >= 0) changeListeners.splice(index, 1);
  };
}

interface Entry<T> {
  value: Promise<T>;
  generation: number;
  expiresAt: number;
  /** From this time a read starts a background reload (once), so readers never wait on expiry. */
  refreshAt: number;
  refreshing: boolean;
}

/** Loads by cause, for the benchmark: only `missing` and `changed` and `expired` keep a reader waiting. */
export const serverConfigLoads = { missing: 0, changed: 0, expired: 0, refreshed: 0 };

/** A read within the last quarter of an entry's time starts its reload in the background. */
const refreshFrom = 0.75;

/**
 * One kind of per-server configuration, cached per database (tests and tools open several, with
 * the same server ids): `get` answers the cached load or loads it. A server read often is reloaded
 * in the background before its entry expires (from `refreshFrom` of its time), so its messages never
 * wait on a read; the value served is still never older than `ttlMs` from when its load started.
 */
export class ServerConfigCache<S extends object, T> {
  private readonly stores = new WeakMap<S, Map<string, Entry<T>>>();

  constructor(
    private readonly name: string,
    readonly ttlMs: number,
    private readonly load: (storage: S, serverId: string) => Promise<T>,
    private readonly capacity = 50_000,
    // Date.now read at each call (not bound once), so tests can move the clock.
    private readonly now: () => number = () => Date.now(),
  ) {}

  private entries(storage: S): Map<string, Entry<T>> {
    let entries = this.stores.get(storage);
    if (!entries) {
      const created = new Map<string, Entry<T>>();
      this.stores.set(storage, created);
      registerCache(this.name, { size: () => created.size, clear: () => created.clear() });
      entries = created;
    }
    return entries;
  }

  /**
   * The server's configuration for this database, from memory unless stale. `load` replaces the
   * cache's loader for this read (a caller that has its own way to read it).
   */
  get(storage: S, serverId: string, load = this.load): Promise<T> {
    const entries = this.entries(storage);
    const generation = serverConfigGeneration(serverId);
    const now = this.now();
    const cached = entries.get(serverId);
    if (cached && cached.generation === generation && cached.expiresAt > now) {
      if (!cached.refreshing && now >= cached.refreshAt)
        this.refresh(entries, storage, serverId, cached, load);
      return cached.value;
    }
    serverConfigLoads[!cached ? "missing" : cached.generation !== generation ? "changed" : "expired"]++;
    return this.start(entries, storage, serverId, generation, now, load);
  }

  private start(
    entries: Map<string, Entry<T>>,
    storage: S,
    serverId: string,
    generation: number,
    now: number,
    load: (storage: S, serverId: string) => Promise<T>,
  ): Promise<T> {
    const value = load(storage, serverId);
    const entry: Entry<T> = {
      value,
      generation,
      expiresAt: now + this.ttlMs,
      refreshAt: now + this.ttlMs * refreshFrom,
      refreshing: false,
    };
    entries.delete(serverId);
    entries.set(serverId, entry);
    if (entries.size > this.capacity) entries.delete(entries.keys().next().value as string);
    const drop = () => {
      if (entries.get(serverId) === entry) entries.delete(serverId);
    };
    // A failed load isn't kept; one overtaken by a change is dropped when it lands.
    value.then(() => {
      if (serverConfigGeneration(serverId) !== generation) drop();
    }, drop);
    return value;
  }

  /** Reloads in the background; readers keep the current entry until the new one has landed. */
  private refresh(
    entries: Map<string, Entry<T>>,
    storage: S,
    serverId: string,
    current: Entry<T>,
    load: (storage: S, serverId: string) => Promise<T>,
  ): void {
    current.refreshing = true;
    serverConfigLoads.refreshed++;
    const startedAt = this.now();
    load(storage, serverId).then(
      (value) => {
        // A change meanwhile (or an entry already replaced) wins over this reload.
        if (entries.get(serverId) !== current || serverConfigGeneration(serverId) !== current.generation)
          return;
        entries.set(serverId, {
          value: Promise.resolve(value),
          generation: current.generation,
          expiresAt: startedAt + this.ttlMs,
          refreshAt: startedAt + this.ttlMs * refreshFrom,
          refreshing: false,
        });
      },
      () => {
        // The entry expires as it would have (a database that fails isn't asked again per read).
      },
    );
  }
}
