import type { Redis } from "ioredis";
import type { MaybePromise } from "../lib/maybe-promise.ts";
import { availabilityOf, type RedisAvailability } from "../lib/redis-health.ts";

/** Counts failed authentications per address in fixed one-minute windows. */
export interface FailureLimiter {
  /** Milliseconds until the address may try again, or 0 when it isn't blocked. */
  blockedFor(address: string): MaybePromise<number>;
  recordFailure(address: string): Promise<void>;
}

export const failureLimit = { max: 10, windowMs: 60_000 };

export class MemoryFailureLimiter implements FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  blockedFor(address: string): number {
    const window = this.windows.get(address);
    if (!window) return 0;
    const left = window.resetAt - this.now();
    if (left <= 0) {
      this.windows.delete(address);
      return 0;
    }
    return window.count >= failureLimit.max ? left : 0;
  }

  async recordFailure(address: string): Promise<void> {
    const now = this.now();
    const window = this.windows.get(address);
    if (!window || window.resetAt <= now) {
      // Bound the map under an address-spraying attack: drop expired windows first.
      if (this.windows.size > 100_000) this.prune(now);
      this.windows.set(address, { count: 1, resetAt: now + failureLimit.windowMs });
    } else {
      window.count++;
    }
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Shares the counts between API processes when REDIS_URL is set. While Redis is unavailable the
 * counts are kept in this process (the limit still holds, per process) and nothing waits on Redis.
 */
export class RedisFailureLimiter implements FailureLimiter {
  private readonly local = new MemoryFailureLimiter();

  constructor(
    private readonly redis: Redis,
    private readonly availability: RedisAvailability = availabilityOf(redis),
  ) {}

  async blockedFor(address: string): Promise<number> {
    const local = await this.local.blockedFor(address);
    if (!this.availability.up) return local;
    const key = `hearth:authfail:${address}`;
    try {
      const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
      return Math.max(Number(count ?? 0) >= failureLimit.max && ttl > 0 ? ttl : 0, local);
    } catch (error) {
      this.availability.commandFailed(error);
      return local;
    }
  }

  async recordFailure(address: string): Promise<void> {
    if (!this.availability.up) return this.local.recordFailure(address);
    const key = `hearth:authfail:${address}`;
    try {
      const count = await this.redis.incr(key);
      if (count === 1) await this.redis.pexpire(key, failureLimit.windowMs);
    } catch (error) {
      this.availability.commandFailed(error);
      await this.local.recordFailure(address);
    }
  }
}
