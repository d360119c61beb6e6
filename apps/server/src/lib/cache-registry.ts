/**
 * The process's in-memory caches, by name, so an operator can see how much each holds and clear them
 * (`/dev cache`) without knowing where they live. A cache registers itself when it is created; a
 * second registration under the same name replaces the first (tests open many databases; a running
 * process has one of each).
 */
export interface RegisteredCache {
  /** Entries held right now (expired ones not yet swept may count). */
  size(): number;
  clear(): void;
}

export interface CacheStats {
  name: string;
  entries: number;
}

const caches = new Map<string, RegisteredCache>();

/** Adds a cache to the registry; answers a function that removes it again. */
export function registerCache(name: string, cache: RegisteredCache): () => void {
  caches.set(name, cache);
  return () => {
    if (caches.get(name) === cache) caches.delete(name);
  };
}

/** Every registered cache and its size, by name. */
export function cacheStats(): CacheStats[] {
  return [...caches]
    .map(([name, cache]) => ({ name, entries: safeSize(cache) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Clears the named caches (all of them when `names` is omitted); answers what each held before.
 * Unknown names are ignored: the caller lists them from `cacheStats`.
 */
export function clearCaches(names?: readonly string[]): CacheStats[] {
  const cleared: CacheStats[] = [];
  for (const [name, cache] of caches) {
    if (names && !names.includes(name)) continue;
    cleared.push({ name, entries: safeSize(cache) });
    cache.clear();
  }
  return cleared.sort((a, b) => a.name.localeCompare(b.name));
}

function safeSize(cache: RegisteredCache): number {
  try {
    return cache.size();
  } catch {
    return 0;
  }
}
