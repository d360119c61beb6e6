import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { andThen, type MaybePromise } from "../lib/maybe-promise.ts";
import { availabilityOf, type RedisAvailability } from "../lib/redis-health.ts";
import type { DashboardToken } from "./auth-plugin.ts";

/*
 * Suspicious use of a dashboard token, the rule the security docs state:
 * - used from more than `maxAddresses` distinct addresses within the last hour (a leaked token), or
 * - answered `forbiddenBurst` 403s within one minute (someone probing what the token may do).
 * Either revokes the token at once (the `onSuspicious` callback: the auth feature revokes it, records
 * the audit entry and DMs the holder). Counts live in Redis when it is configured, so every API process
 * sees the same ones; in memory otherwise.
 */

export const addressWindowMs = 60 * 60_000;
export const forbiddenWindowMs = 60_000;

export interface ActivitySettings {
  maxAddresses: number;
  forbiddenBurst: number;
}

/** Where the counts live: in this process, or in Redis for every process. */
export interface ActivityStore {
  /** Records a use from `address`; answers the distinct addresses of the last hour. */
  addAddress(tokenId: string, address: string, now: number): MaybePromise<number>;
  /** Records a 403; answers how many the last minute saw. */
  addForbidden(tokenId: string, now: number): Promise<number>;
}

export type SuspicionHandler = (token: DashboardToken, reason: string) => Promise<void>;

export interface ActivityMonitor {
  /** A request authenticated with `token`; false when the token was just revoked for it. */
  used(token: DashboardToken, address: string): MaybePromise<boolean>;
  /** A request with `token` was answered 403. */
  forbidden(token: DashboardToken, address: string): Promise<void>;
}

/** Watches nothing: for tests that walk many routes on purpose. */
export const quietMonitor: ActivityMonitor = {
  used: () => true,
  forbidden: async () => {},
};

export class TokenActivityMonitor implements ActivityMonitor {
  constructor(
    private readonly store: ActivityStore,
    private readonly settings: ActivitySettings,
    private readonly onSuspicious: SuspicionHandler,
    private readonly now: () => number = Date.now,
  ) {}

  /** Without a promise when the count is in memory and within the limit: every private request asks. */
  used(token: DashboardToken, address: string): MaybePromise<boolean> {
    return andThen(this.store.addAddress(token.id, address, this.now()), (count) => {
      if (count <= this.settings.maxAddresses) return true;
      return this.onSuspicious(
        token,
        `used from ${count} different addresses within an hour (the limit is ${this.settings.maxAddresses})`,
      ).then(() => false);
    });
  }

  async forbidden(token: DashboardToken, _address: string): Promise<void> {
    const count = await this.store.addForbidden(token.id, this.now());
    // Exactly at the threshold: later refusals in the same minute don't call again.
    if (count !== this.settings.forbiddenBurst) return;
    await this.onSuspicious(token, `${count} forbidden requests within a minute`);
  }
}

export class MemoryActivityStore implements ActivityStore {
  private readonly addresses = new Map<string, Map<string, number>>();
  private readonly refusals = new Map<string, number[]>();

  addAddress(tokenId: string, address: string, now: number): number {
    let seen = this.addresses.get(tokenId);
    if (!seen) {
      if (this.addresses.size > 50_000) this.prune(now);
      seen = new Map();
      this.addresses.set(tokenId, seen);
    }
    seen.set(address, now);
    for (const [key, at] of seen) if (at <= now - addressWindowMs) seen.delete(key);
    return seen.size;
  }

  async addForbidden(tokenId: string, now: number): Promise<number> {
    const recent = (this.refusals.get(tokenId) ?? []).filter((at) => at > now - forbiddenWindowMs);
    recent.push(now);
    this.refusals.set(tokenId, recent);
    return recent.length;
  }

  private prune(now: number): void {
    for (const [tokenId, seen] of this.addresses) {
      if ([...seen.values()].every((at) => at <= now - addressWindowMs)) this.addresses.delete(tokenId);
    }
    for (const [tokenId, at] of this.refusals) {
      if (at.every((time) => time <= now - forbiddenWindowMs)) this.refusals.delete(tokenId);
    }
  }
}

/**
 * Sorted sets scored by time, trimmed to their window on every write, expiring with it. While Redis
 * is unavailable the counts are kept in this process instead, so the rules still hold per process and
 * no request waits on Redis or fails for it.
 */
export class RedisActivityStore implements ActivityStore {
  private readonly local = new MemoryActivityStore();

  constructor(
    private readonly redis: Redis,
    private readonly availability: RedisAvailability = availabilityOf(redis),
  ) {}

  async addAddress(tokenId: string, address: string, now: number): Promise<number> {
    if (!this.availability.up) return this.local.addAddress(tokenId, address, now);
    try {
      return await this.add(`hearth:tokenaddr:${tokenId}`, address, now, addressWindowMs);
    } catch (error) {
      this.availability.commandFailed(error);
      return this.local.addAddress(tokenId, address, now);
    }
  }

  async addForbidden(tokenId: string, now: number): Promise<number> {
    if (!this.availability.up) return this.local.addForbidden(tokenId, now);
    try {
      return await this.add(
        `hearth:token403:${tokenId}`,
        `${now}:${randomBytes(4).toString("hex")}`,
        now,
        forbiddenWindowMs,
      );
    } catch (error) {
      this.availability.commandFailed(error);
      return this.local.addForbidden(tokenId, now);
    }
  }

  private async add(key: string, member: string, now: number, windowMs: number): Promise<number> {
    const results = await this.redis
      .multi()
      .zadd(key, now, member)
      .zremrangebyscore(key, "-inf", now - windowMs)
      .zcard(key)
      .pexpire(key, windowMs)
      .exec();
    const card = results?.[2];
    if (!card || card[0]) throw card?.[0] ?? new Error("redis transaction was aborted");
    return Number(card[1]);
  }
}
