import type { ServerSettings } from "@hearth/core";
import type { Storage } from "../../db/database.ts";
import { bridgeChannel, type PubSubConnection } from "../../lib/redis-subscription.ts";
import {
  forgetServerConfig,
  onServerConfigChanged,
  ServerConfigCache,
  serverConfigChanged,
} from "../../lib/server-config-cache.ts";

/**
 * The bot reads a server's switches on every message and command, so reads are cached per process.
 *
 * - A change in this process (dashboard route or `/settings`) drops the server's entry when its
 *   transaction has committed: the next read sees it.
 * - Other processes hear of it through `onSettingsChanged` → Redis pub/sub (`server.ts`, when
 *   REDIS_URL is set) → `forgetSettings`.
 * - Whatever happens to that message (no Redis, a dropped connection), an entry lives at most
 *   `settingsCacheTtlMs` from the moment its read started: the expiry is absolute, reads never
 *   extend it (a server read often is read again in the background shortly before).
 *
 * Entries are kept per storage (one per database the process opened: tests open many, with the same
 * server ids). A generation per server stops a read that started before a change from caching the
 * old value after the change dropped the entry. The generation and the change listeners are the
 * ones every per-server configuration cache shares (`lib/server-config-cache.ts`): a change of any
 * of a server's configuration (triggers, perks, stickies, the price list…) travels the same way, on
 * the same Redis channel.
 */
export const settingsCacheTtlMs = 5000;

const settingsCache = new ServerConfigCache<Storage, ServerSettings>(
  "server settings",
  settingsCacheTtlMs,
  () => Promise.reject(new Error("settings are read with their loader")),
);

/**
 * Reads through the cache; `load` runs on a miss (and, for a server read often, in the background
 * shortly before its entry expires, so its messages don't wait).
 */
export function cachedSettings(
  storage: Storage,
  serverId: string,
  load: () => Promise<ServerSettings>,
): Promise<ServerSettings> {
  return settingsCache.get(storage, serverId, () => load());
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

export const settingsChannel = "hearth:settings-changed";

/**
 * Shares configuration changes between processes through Redis pub/sub: this process publishes each
 * change it makes (settings or any other per-server configuration), and forgets the server's cached
 * configuration when another process publishes one.
 * A failed publish is logged; the other processes then catch up within `settingsCacheTtlMs`.
 * Answers the function that stops both directions.
 */
export function shareSettingsChanges(
  publisher: PubSubConnection,
  subscriber: PubSubConnection,
  onError: (error: unknown) => void,
): Promise<() => void> {
  return bridgeChannel({
    publisher,
    subscriber,
    channel: settingsChannel,
    announce: onSettingsChanged,
    hear: forgetSettings,
    onError,
  });
}
