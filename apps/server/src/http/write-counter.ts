import { tokenWriteLimit } from "@hearth/core";
import type { Redis } from "ioredis";
import type { MaybePromise } from "../lib/maybe-promise.ts";
import { availabilityOf, type RedisAvailability } from "../lib/redis-health.ts";

/** A token's writes in its current one-minute window, this one included. */
export interface WriteWindow {
  count: number;
  resetAt: number;
}

/** Counts each dashboard token's writes in fixed one-minute windows (http/write-limit.ts). */
export interface WriteCounter {
  count(tokenId: string): MaybePromise<WriteWindow>;
}

/** This process's own counts (one api process, or Redis unavailable). Answers without a promise. */
export class MemoryWriteCounter implements WriteCounter {
  private readonly windows = new Map<string, WriteWindow>();

  constructor(private readonly now: () => number = Date.now) {}

  count(tokenId: string): WriteWindow {
    const at = this.now();
    let window = this.windows.get(tokenId);
    if (!window || window.resetAt <= at) {
      if (this.windows.size > 50_000) {
        for (const [id, old] of this.windows) if (old.resetAt <= at) this.windows.delete(id);
      }
      window = { count: 0, resetAt: at + tokenWriteLimit.windowMs };
      this.windows.set(tokenId, window);
    }
    window.count++;
    return { count: window.count, resetAt: window.resetAt };
  }
}

/**
 * Counts in Redis when REDIS_URL is set, so the limit is per token across every api process, not
 * per process. One round trip per write (reads are never counted): the window's key is made with
 * its expiry if missing, then incremented, then its time left read. While Redis is unavailable the
 * counts are kept in this process and nothing waits on Redis.
 */
export class RedisWriteCounter implements WriteCounter {
  private readonly local: MemoryWriteCounter;

  constructor(
    private readonly redis: Redis,
    private readonly availability: RedisAvailability = availabilityOf(redis),
    private readonly now: () => number = Date.now,
  ) {
    this.local = new MemoryWriteCounter(now);
  }

  count(tokenId: string): MaybePromise<WriteWindow> {
    if (!this.availability.up) return this.local.count(tokenId);
    const key = `hearth:writes:${tokenId}`;
    return this.redis
      .pipeline()
      .set(key, 0, "PX", tokenWriteLimit.windowMs, "NX")
      .incr(key)
      .pttl(key)
      .exec()
      .then((results) => {
        const failed = results?.find(([error]) => error)?.[0];
        if (!results || failed) throw failed ?? new Error("Redis answered no results");
        const count = Number(results[1]?.[1]);
        const left = Number(results[2]?.[1]);
        return { count, resetAt: this.now() + (left > 0 ? left : tokenWriteLimit.windowMs) };
      })
      .catch((error: unknown) => {
        this.availability.commandFailed(error);
        return this.local.count(tokenId);
      });
  }
}
