import type { Client, REST } from "discord.js";
import { registerCache } from "../../lib/cache-registry.ts";
import type { Logger } from "../../lib/logger.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import {
  type ChannelInfo,
  DiscordError,
  type EmojiInfo,
  type GuildInfo,
  type RoleInfo,
  type UserInfo,
} from "../port/port.ts";
import { toDiscordError } from "./errors.ts";
import type { OwnMembers } from "./own-member.ts";

/**
 * What every area of the discord.js adapter works with: one REST client for every write (rate limits
 * shared), the gateway client in processes that run the bot role, and the REST reads kept briefly
 * when the gateway cache can't answer.
 */
export interface DiscordJsContext {
  readonly rest: REST;
  readonly client: Client | null;
  readonly logger: Logger;
  readonly guilds: TtlCache<string, GuildInfo | null>;
  readonly channels: TtlCache<string, ChannelInfo[]>;
  readonly roles: TtlCache<string, RoleInfo[]>;
  readonly users: TtlCache<string, UserInfo | null>;
  /** Single channels read over REST, by channel id (null: gone, or a DM channel). */
  readonly channel: TtlCache<string, ChannelInfo | null>;
  readonly emojis: TtlCache<string, EmojiInfo[]>;
  /** The bot's own member in each guild the gateway holds (processes with a gateway). */
  readonly ownMembers: OwnMembers | null;
}

export function readCaches(ttl: number) {
  const caches = {
    guilds: new TtlCache<string, GuildInfo | null>(ttl, 1000),
    channels: new TtlCache<string, ChannelInfo[]>(ttl, 1000),
    roles: new TtlCache<string, RoleInfo[]>(ttl, 1000),
    users: new TtlCache<string, UserInfo | null>(ttl, 10_000),
    channel: new TtlCache<string, ChannelInfo | null>(ttl, 10_000),
    emojis: new TtlCache<string, EmojiInfo[]>(ttl, 1000),
  };
  for (const [name, cache] of Object.entries(caches)) {
    registerCache(`discord REST ${name}`, { size: () => cache.size, clear: () => cache.clear() });
  }
  return caches;
}

/** discord.js's cache updates for what the adapter writes (its internal actions, as its managers use). */
export type CacheAction =
  | "ChannelCreate"
  | "ChannelDelete"
  | "GuildRoleCreate"
  | "GuildRoleUpdate"
  | "GuildRoleDelete";

export const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toDiscordError(error);
  }
}

/** A read that answers null when Discord says the thing doesn't exist (or the bot can't see it). */
export async function orNull<T>(
  request: () => Promise<T>,
  ...missing: DiscordError["code"][]
): Promise<T | null> {
  try {
    return await call(request);
  } catch (error) {
    const absent = [...missing, "missing_permissions"];
    if (error instanceof DiscordError && absent.includes(error.code)) return null;
    throw error;
  }
}

/** A guild this process's gateway holds (and can see): reads are answered from memory. */
export function cachedGuild(context: DiscordJsContext, guildId: string) {
  const guild = context.client?.guilds.cache.get(guildId);
  return guild?.available ? guild : undefined;
}

/** Drops what was read of a channel (and of its guild's list, when the guild is known). */
export function forgetChannel(context: DiscordJsContext, guildId: string | null, channelId: string): void {
  const known = guildId ?? context.channel.get(channelId)?.guildId;
  context.channel.delete(channelId);
  if (known) context.channels.delete(known);
  else context.channels.deleteWhere((list) => list.some((channel) => channel.id === channelId));
}

/**
 * Applies a write's answer to discord.js's cache at once, as discord.js's own managers do, rather
 * than waiting for the gateway's echo of it: a read right after a write sees the write. The echo,
 * when it comes, changes nothing more (and is what other processes' caches learn from).
 */
export function cacheAction(context: DiscordJsContext, action: CacheAction, data: unknown): void {
  const actions = (
    context.client as unknown as { actions?: Record<CacheAction, { handle(d: unknown): unknown }> }
  )?.actions;
  try {
    actions?.[action].handle(data);
  } catch (error) {
    context.logger.warn({ err: error, action }, "could not update the gateway cache after a write");
  }
}

/** The cached overwrites of a guild channel (PUT/DELETE permissions answer no channel to apply). */
export function cachedOverwrites(context: DiscordJsContext, channelId: string) {
  const channel = context.client?.channels.cache.get(channelId);
  if (!channel || !("permissionOverwrites" in channel)) return undefined;
  return channel.permissionOverwrites as unknown as {
    _add(data: { id: string; type: number; allow: string; deny: string }): unknown;
    cache: Map<string, unknown>;
  };
}
