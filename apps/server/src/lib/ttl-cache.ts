/**
 * A small bounded cache whose entries expire after `ttlMs`. Used on hot read paths (token lookup,
 * sandbox directory reads) where a few seconds of staleness is acceptable and writes invalidate.
 * Expiry is absolute: it counts from the `set` (or from the given `readAt`, when the value was read
 * earlier), and `get` never extends it; only set values just read from their source, never a value
 * taken from the cache, or the entry lives on for as long as it is used.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Caches `value`; `readAt` (default now) is when it was read from its source, the expiry counts from there. */
  set(key: K, value: V, readAt: number = this.now()): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: readAt + this.ttlMs });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** Reads through: answers the cached value or loads, caches and answers it. */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const readAt = this.now();
    const value = await load();
    this.set(key, value, readAt);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held, including expired ones not read since (they go on their next read). */
  get size(): number {
    return this.entries.size;
  }
}
