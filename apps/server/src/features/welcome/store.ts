import { defaultWelcomeConfig, type PingOnJoinConfig, type WelcomeConfig } from "@hearth/core";
import type { Db } from "../../db/schema.ts";

/** A ping-on-join channel as stored: its id and optional custom message, in list order. */
export interface PingChannel {
  channelId: string;
  message: string | null;
}

export interface StoredPingConfig {
  enabled: boolean;
  channels: PingChannel[];
}

/** A server's welcome config, or null when it never saved one (the defaults apply). */
export async function findWelcomeConfig(db: Db, serverId: string): Promise<WelcomeConfig | null> {
  const row = await db
    .selectFrom("welcome_configs")
    .selectAll()
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  if (!row) return null;
  // Stored JSON is laid over the defaults, so a field added later reads as its default.
  const embed = JSON.parse(row.embed) as Partial<WelcomeConfig["embed"]>;
  const button = JSON.parse(row.button) as Partial<WelcomeConfig["button"]>;
  return {
    enabled: row.enabled === 1,
    channelId: row.channel_id,
    mentionUser: row.mention_user === 1,
    embed: {
      ...defaultWelcomeConfig.embed,
      ...embed,
      footer: { ...defaultWelcomeConfig.embed.footer, ...embed.footer },
    },
    button: { ...defaultWelcomeConfig.button, ...button },
  };
}

export async function saveWelcomeConfig(
  db: Db,
  serverId: string,
  config: WelcomeConfig,
  now: number,
): Promise<void> {
  const values = {
    enabled: config.enabled ? 1 : 0,
    channel_id: config.channelId,
    mention_user: config.mentionUser ? 1 : 0,
    embed: JSON.stringify(config.embed),
    button: JSON.stringify(config.button),
    updated_at: now,
  };
  await db
    .insertInto("welcome_configs")
    .values({ server_id: serverId, ...values })
    .onConflict((oc) => oc.column("server_id").doUpdateSet(values))
    .execute();
}

export async function deleteWelcomeConfig(db: Db, serverId: string): Promise<void> {
  await db.deleteFrom("welcome_configs").where("server_id", "=", serverId).execute();
}

/** A server's ping-on-join settings; off with no channels when it never saved any. */
export async function findPingConfig(db: Db, serverId: string): Promise<StoredPingConfig> {
  const config = await db
    .selectFrom("welcome_ping_configs")
    .select("enabled")
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  const channels = await db
    .selectFrom("welcome_ping_channels")
    .select(["channel_id", "message"])
    .where("server_id", "=", serverId)
    .orderBy("position")
    .execute();
  return {
    enabled: config?.enabled === 1,
    channels: channels.map((row) => ({ channelId: row.channel_id, message: row.message })),
  };
}

/** Replaces a server's ping-on-join settings and channel list (in the given order). */
export async function savePingConfig(
  db: Db,
  serverId: string,
  config: StoredPingConfig,
  now: number,
): Promise<void> {
  await db
    .insertInto("welcome_ping_configs")
    .values({ server_id: serverId, enabled: config.enabled ? 1 : 0, updated_at: now })
    .onConflict((oc) =>
      oc.column("server_id").doUpdateSet({ enabled: config.enabled ? 1 : 0, updated_at: now }),
    )
    .execute();
  await db.deleteFrom("welcome_ping_channels").where("server_id", "=", serverId).execute();
  if (config.channels.length === 0) return;
  await db
    .insertInto("welcome_ping_channels")
    .values(
      config.channels.map((channel, position) => ({
        server_id: serverId,
        channel_id: channel.channelId,
        message: channel.message,
        position,
        created_at: now,
      })),
    )
    .execute();
}

/** The wire form: channel ids in order, and the custom messages keyed by channel id. */
export function toPingOnJoinConfig(stored: StoredPingConfig): PingOnJoinConfig {
  const messages: Record<string, string> = {};
  for (const channel of stored.channels) {
    if (channel.message !== null) messages[channel.channelId] = channel.message;
  }
  return { enabled: stored.enabled, channels: stored.channels.map((channel) => channel.channelId), messages };
}
