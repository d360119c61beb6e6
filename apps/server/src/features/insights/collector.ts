import { randomUUID } from "node:crypto";
import { insightsRetention } from "@hearth/core";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { type CounterColumn, dayMs, hourMs, InsightsBatch, type KeyKind } from "./batch.ts";
import { pruneExpired, writeBatch } from "./batch-store.ts";

/** How often counts are written: a crash loses at most this long's counts (one batch). */
export const defaultFlushMs = 15_000;
const pruneEveryMs = hourMs;

/**
 * This process's insights counters. Every process counts what it sees itself (a bot process the
 * events of its own shards' servers, an api process the votes and payments it handles), so each
 * event is counted once without any coordination; counts are kept in memory and written every
 * `flushMs` as one transaction (no write per message). A write that fails is kept and tried again,
 * under the same batch id, before newer counts: a batch is added exactly once even when a commit
 * went through but its answer was lost. A crash loses the counts of the batch not yet written.
 */
export class InsightsCollector {
  private batch = new InsightsBatch();
  private retry: { id: string; batch: InsightsBatch } | null = null;
  private readonly processId = randomUUID();
  private sequence = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastPrune = 0;
  /** Members already counted as active this day and hour, per server (so a batch carries only new ones). */
  private seenDay = new Map<string, Set<string>>();
  private seenHour = new Map<string, Set<string>>();
  private seenDayBucket = -1;
  private seenHourBucket = -1;

  private logger: Logger | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs = defaultFlushMs,
  ) {}

  get hasLogger(): boolean {
    return this.logger !== null;
  }

  /** Where failed writes are reported (the first logger a caller hands over). */
  useLogger(logger: Logger): void {
    this.logger = logger;
  }

  /** Starts writing every `flushMs` (the timer never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  count(serverId: string, name: CounterColumn, amount = 1, at = Date.now()): void {
    this.batch.add(serverId, name, amount, at);
  }

  countKey(serverId: string, name: CounterColumn, kind: KeyKind, key: string, at = Date.now()): void {
    this.batch.add(serverId, name, 1, at);
    this.batch.addKey(serverId, kind, key, 1, at, kind === "channel");
  }

  /** A message: counted, by channel, and its author as active in the day and hour (once each). */
  countMessage(serverId: string, channelId: string, authorId: string, at = Date.now()): void {
    this.batch.addMessage(serverId, channelId, at);
    const day = Math.floor(at / dayMs);
    const hour = Math.floor(at / hourMs);
    if (hour !== this.seenHourBucket) {
      this.seenHour = new Map();
      this.seenHourBucket = hour;
      if (day !== this.seenDayBucket) {
        this.seenDay = new Map();
        this.seenDayBucket = day;
      }
    }
    if (firstSighting(this.seenDay, serverId, authorId)) this.batch.addAuthor(serverId, "day", day, authorId);
    if (firstSighting(this.seenHour, serverId, authorId))
      this.batch.addAuthor(serverId, "hour", hour, authorId);
  }

  /**
   * Drops what this process holds for a server whose data was just purged, so the next write doesn't
   * bring part of it back (a write already under way still lands; other processes hold at most 15 s).
   */
  forget(serverId: string): void {
    this.batch.forget(serverId);
    this.retry?.batch.forget(serverId);
    this.seenDay.delete(serverId);
    this.seenHour.delete(serverId);
  }

  /** Writes what was counted so far; one write at a time (a call during a write waits for it, then writes). */
  async flush(now = Date.now()): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write(now).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /** Stops the timer and writes what is left (a graceful stop loses nothing). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(now: number): Promise<void> {
    if (this.retry && !(await this.attempt(this.retry.id, this.retry.batch, now))) return;
    this.retry = null;
    if (this.batch.size > 0) {
      const batch = this.batch;
      this.batch = new InsightsBatch();
      const id = `${this.processId}:${++this.sequence}`;
      if (!(await this.attempt(id, batch, now))) this.retry = { id, batch };
    }
    if (now - this.lastPrune >= pruneEveryMs) {
      this.lastPrune = now;
      await pruneExpired(this.db, now, insightsRetention).catch((error: unknown) => {
        this.logger?.warn({ err: error }, "insights: pruning old rows failed");
      });
    }
  }

  private async attempt(id: string, batch: InsightsBatch, now: number): Promise<boolean> {
    try {
      await writeBatch(this.db, id, batch, now);
      return true;
    } catch (error) {
      this.logger?.warn(
        { err: error, batch: id },
        "insights: writing counts failed; tried again with the next batch",
      );
      return false;
    }
  }
}

function firstSighting(seen: Map<string, Set<string>>, serverId: string, userId: string): boolean {
  let users = seen.get(serverId);
  if (!users) {
    users = new Set();
    seen.set(serverId, users);
  }
  if (users.has(userId)) return false;
  users.add(userId);
  return true;
}
