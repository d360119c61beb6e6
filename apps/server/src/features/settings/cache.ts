import type { ServerSettings } from "@hearth/core";
import type { Storage } from "../../db/database.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import {
  forgetServerConfig,
  onServerConfigChanged,
  serverConfigChanged,
  serverConfigGeneration,
} from "../../lib/server-config-cache.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";

/**
 * The bot reads a server's switches on every message and command, so reads are cached per process.
 *
 * - A change in this process (dashboard route or `/settings`) drops the server's entry when its
 *   transaction has committed: the next read sees it.
 * - Other processes hear of it through `onSettingsChanged` → Redis pub/sub (`server.ts`, when
 *   REDIS_URL is set) → `forgetSettings`.
 * - Whatever happens to that message (no Redis, a dropped connection), an entry lives at most
 *   `settingsCacheTtlMs` from the moment it was read: the expiry is absolute, reads never extend it.
 *
 * Entries are kept per storage (one per database the process opened: tests open many, with the same
 * server ids). A generation per server stops a read that started before a change from caching the
 * old value after the change dropped the entry. The generation and the change listeners are the
 * ones every per-server configuration cache shares (`lib/server-config-cache.ts`): a change of any
 * of a server's configuration (triggers, perks, stickies, the price list…) travels the same way, on
 * the same Redis channel.
 */
export const settingsCacheTtlMs = 5000;

interface Entry {
  settings: ServerSettings;
  generation: number;
}

const caches = new WeakMap<Storage, TtlCache<string, Entry>>();

function cacheOf(storage: Storage): TtlCache<string, Entry> {
  let cache = caches.get(storage);
  if (!cache) {
    // Date.now read at each call (not bound once), so tests can move the clock.
    const created = new TtlCache<string, Entry>(settingsCacheTtlMs, 50_000, () => Date.now());
    caches.set(storage, created);
    registerCache("server settings", { size: () => created.size, clear: () => created.clear() });
    cache = created;
  }
  return cache;
}

/** Reads through the cache; `load` runs on a miss. */
export async function cachedSettings(
  storage: Storage,
  serverId: string,
  load: () => Promise<ServerSettings>,
): Promise<ServerSettings> {
  const cache = cacheOf(storage);
  const generation = serverConfigGeneration(serverId);
  const cached = cache.get(serverId);
  if (cached && cached.generation === generation) return cached.settings;
  const settings = await load();
  // A change that landed while this read was in flight leaves the result uncached.
  if (serverConfigGeneration(serverId) === generation) cache.set(serverId, { settings, generation });
  return settings;
}

/**
 * Drops a server's settings, and every other cached configuration of it, from this process's caches
 * (a change here, or heard from another process).
 */
export const forgetSettings: (serverId: string) => void = forgetServerConfig;

/** Called after a change has committed: this process forgets at once, listeners tell the others. */
export const settingsChanged: (serverId: string) => void = serverConfigChanged;

/** Lets the server tell other processes about a change (Redis pub/sub); answers the unsubscribe. */
export const onSettingsChanged: (listener: (serverId: string) => void) => () => void = onServerConfigChanged;

/** The part of an ioredis client the settings bus uses (a publisher and a subscriber connection). */
export interface PubSubClient {
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
}

export const settingsChannel = "hearth:settings-changed";

/**
 * Shares configuration changes between processes through Redis pub/sub: this process publishes each
 * change it makes (settings or any other per-server configuration), and forgets the server's cached
 * configuration when another process publishes one.
 * A failed publish is logged; the other processes then catch up within `settingsCacheTtlMs`.
 * Answers the function that stops both directions.
 */
export async function shareSettingsChanges(
  publisher: PubSubClient,
  subscriber: PubSubClient,
  onError: (error: unknown) => void,
): Promise<() => void> {
  const stopPublishing = onSettingsChanged((serverId) => {
    publisher.publish(settingsChannel, serverId).catch(onError);
  });
  subscriber.on("message", (channel, serverId) => {
    if (channel === settingsChannel) forgetSettings(serverId);
  });
  await subscriber.subscribe(settingsChannel);
  return () => {
    stopPublishing();
    subscriber.unsubscribe(settingsChannel).catch(() => {});
  };
}
