import type { MemberObservation, ServerTagObservation } from "@hearth/core";
import type { PrimaryGuild } from "../../discord/port/events.ts";

/**
 * What the bot last saw of members' presences and server tags. Presence is gateway-only state, so
 * it lives in the bot process, bounded (oldest entries go first). `undefined` parts were never seen:
 * the rules must not take a reward away on information the bot doesn't have.
 */
export interface Seen {
  customStatus?: string | null;
  serverTag?: ServerTagObservation | null;
}

export class StaticaObservations {
  private readonly entries = new Map<string, Seen>();

  constructor(private readonly capacity = 50_000) {}

  private key(serverId: string, userId: string) {
    return `${serverId}:${userId}`;
  }

  get(serverId: string, userId: string): Seen {
    return this.entries.get(this.key(serverId, userId)) ?? {};
  }

  /** Merges what an event told; answers the member's full picture. */
  update(serverId: string, userId: string, seen: Seen): Seen {
    const key = this.key(serverId, userId);
    const merged = { ...this.entries.get(key), ...seen };
    this.entries.delete(key);
    this.entries.set(key, merged);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return merged;
  }

  forget(serverId: string, userId: string): void {
    this.entries.delete(this.key(serverId, userId));
  }

  /** Members of the server the bot has seen. */
  usersOf(serverId: string): string[] {
    const prefix = `${serverId}:`;
    return [...this.entries.keys()]
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
  }
}

/** One store per running bot (the commands and the listeners of one context share it). */
const byContext = new WeakMap<object, StaticaObservations>();

export function observationsFor(ctx: object): StaticaObservations {
  let observations = byContext.get(ctx);
  if (!observations) {
    observations = new StaticaObservations();
    byContext.set(ctx, observations);
  }
  return observations;
}

export function tagFrom(primaryGuild: PrimaryGuild | null): ServerTagObservation | null {
  if (!primaryGuild?.guildId) return null;
  return { guildId: primaryGuild.guildId, enabled: primaryGuild.enabled, tag: primaryGuild.tag, badge: null };
}

/** The observation the rules evaluate; unseen parts count as absent. */
export function toObservation(seen: Seen): MemberObservation {
  return { serverTag: seen.serverTag ?? null, customStatus: seen.customStatus ?? null, activities: [] };
}
