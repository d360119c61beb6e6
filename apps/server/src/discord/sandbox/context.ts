import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { TtlCache } from "../../lib/ttl-cache.ts";
import type { BotEvents } from "../port/events.ts";
import { DiscordError, type GuildInfo, type UserInfo } from "../port/port.ts";

/**
 * What every area of the sandbox works with: its tables, its log, the bot's identity and the events
 * it hears. The sandbox has no gateway: its own writes and the `simulate…` methods emit the events.
 */
export interface SandboxContext {
  readonly db: Kysely<Database>;
  readonly logger: Logger;
  readonly events: BotEvents;
  /** The author of what the bot sends and of its reactions. */
  readonly botUserId: string;
  /**
   * Guild and user reads are kept for a few seconds, as the discord.js adapter serves them from its
   * gateway cache; the sandbox's own writes drop what they change.
   */
  readonly guilds: TtlCache<string, GuildInfo | null>;
  readonly users: TtlCache<string, UserInfo | null>;
  /** A strictly increasing time for reactions (see `reactionClock`). */
  readonly reactionStamp: () => number;
  /** Told after every write a member's client would see (the playground's live updates listen). */
  readonly changes: SandboxChanges;
}

/** Listeners told that the sandbox changed; a throwing listener never breaks the write that told it. */
export class SandboxChanges {
  private readonly listeners = new Set<(guildId: string | null) => void>();

  listen(listener: (guildId: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(guildId: string | null): void {
    for (const listener of this.listeners) {
      try {
        listener(guildId);
      } catch {
        // A listener's failure is its own; the sandbox's write already happened.
      }
    }
  }
}

// Existence checks: a write to something that isn't there fails as Discord's would.

export async function requireGuild(context: SandboxContext, guildId: string) {
  const guild = await context.db
    .selectFrom("sandbox_guilds")
    .select("id")
    .where("id", "=", guildId)
    .executeTakeFirst();
  if (!guild) throw new DiscordError("unknown_guild", `Unknown guild ${guildId}`);
}

export async function requireChannel(context: SandboxContext, channelId: string) {
  const channel = await context.db
    .selectFrom("sandbox_channels")
    .selectAll()
    .where("id", "=", channelId)
    .executeTakeFirst();
  if (!channel) throw new DiscordError("unknown_channel", `Unknown channel ${channelId}`);
  return channel;
}

export async function requireMember(context: SandboxContext, guildId: string, userId: string) {
  const member = await context.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", guildId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
}

export async function requireRole(context: SandboxContext, guildId: string, roleId: string) {
  const role = await context.db
    .selectFrom("sandbox_roles")
    .selectAll()
    .where("id", "=", roleId)
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  if (!role) throw new DiscordError("unknown_role", `Unknown role ${roleId}`);
  return role;
}

export async function requireMessage(context: SandboxContext, channelId: string, messageId: string) {
  const message = await context.db
    .selectFrom("sandbox_messages")
    .select(["guild_id", "author_id"])
    .where("id", "=", messageId)
    .where("channel_id", "=", channelId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!message) throw new DiscordError("unknown_message", `Unknown message ${messageId}`);
  return message;
}
