import { registerCache } from "../../lib/cache-registry.ts";

/**
 * A one-second cache of serialised grinder lists, per server and variant (query, paid, unpaid).
 * Listing 1,000 grinders costs a 1,000-row read and as many ledger computations; dashboards of
 * one server (several managers, a 30 s refresh each) mostly ask for the same list. Every write
 * through this process's services bumps the server's generation, so this process never answers a
 * list older than its own last write; a write from another process shows within a second.
 */
/** How long a list is served again; the benchmark sets 0 to measure the uncached path. */
export const rosterCacheOptions = { ttlMs: 1000 };
const capacity = 500;

const generations = new Map<string, number>();
const bodies = new Map<string, { generation: number; expiresAt: number; body: unknown }>();
const inflight = new Map<string, Promise<unknown>>();
registerCache("grinder lists", { size: () => bodies.size, clear: () => bodies.clear() });

/** Called after every committed change to a server's grinders, tiers or payment period. */
export function rosterChanged(serverId: string): void {
  generations.set(serverId, (generations.get(serverId) ?? 0) + 1);
}

/** Drops every cached list (tests that write rows directly). */
export function forgetRosters(): void {
  bodies.clear();
}

/**
 * The cached body (a serialised list, or a page with its headers), or `build()`'s, cached unless a
 * write happened while it was being built.
 */
export async function rosterBody<T = string>(
  serverId: string,
  variant: string,
  build: () => Promise<T>,
): Promise<T> {
  const key = `${serverId}\u0000${variant}`;
  const generation = generations.get(serverId) ?? 0;
  const cached = bodies.get(key);
  if (cached && cached.generation === generation && cached.expiresAt > Date.now()) return cached.body as T;

  const flightKey = `${key}\u0000${generation}`;
  const running = inflight.get(flightKey);
  if (running) return running as Promise<T>;
  const building = build().finally(() => inflight.delete(flightKey));
  inflight.set(flightKey, building);
  const body = await building;
  if (rosterCacheOptions.ttlMs > 0 && (generations.get(serverId) ?? 0) === generation) {
    bodies.delete(key);
    bodies.set(key, { generation, expiresAt: Date.now() + rosterCacheOptions.ttlMs, body });
    if (bodies.size > capacity) bodies.delete(bodies.keys().next().value as string);
  }
  return body;
}
