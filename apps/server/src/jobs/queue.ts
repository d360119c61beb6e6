import { randomBytes } from "node:crypto";
import os from "node:os";
import type { RawBuilder } from "kysely";
import type { Storage } from "../db/database.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { outsideLogContext, withOwnLogFields } from "../lib/log-context.ts";
import type { Logger } from "../lib/logger.ts";
import type { JobHandler, JobQueue, NewJob, QueueOptions, ScheduleOptions } from "./queue-types.ts";
import * as store from "./store.ts";

export type { JobHandler, JobQueue, NewJob, QueueOptions, ScheduleOptions };

/**
 * Due jobs live in the `jobs` table: claimed atomically (SQLite serialises writers; PostgreSQL uses
 * FOR UPDATE SKIP LOCKED), so any number of workers on one database run each job once. A job is
 * claimed just before it runs (never a batch ahead), its lease is extended while it runs, and a
 * crashed run's claims are released when the same process identity starts again; so a crash holds
 * back at most the one job it was running, for one lease. A failing job is retried with exponential
 * backoff, then marked failed with its error.
 */
export class DatabaseJobQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: Required<QueueOptions>;
  private staleReleased = false;
  /** The last batch found batchSize jobs due: more may be waiting, so poll again at once. */
  private lastBatchFull = false;
  /** Set while stop() waits: the job in flight finishes, no further one is claimed. */
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private wakeRequested = false;
  private ticking = false;
  private stopped = true;
  /** The last poll failed because the database could not be reached. */
  private databaseDown = false;

  constructor(
    private readonly storage: Storage,
    private readonly logger: Logger,
    options: QueueOptions = {},
  ) {
    const processId = options.processId ?? `${os.hostname()}:${process.pid}`;
    this.options = {
      processId,
      workerId: options.workerId ?? `${processId}:${randomBytes(4).toString("hex")}`,
      pollMs: options.pollMs ?? 1000,
      leaseMs: options.leaseMs ?? 60_000,
      batchSize: options.batchSize ?? 20,
      backoffBaseMs: options.backoffBaseMs ?? 5000,
      backoffMaxMs: options.backoffMaxMs ?? 3_600_000,
      defaultMaxAttempts: options.defaultMaxAttempts ?? 5,
    };
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async schedule(
    kind: string,
    payload: unknown,
    runAt: number,
    options: ScheduleOptions = {},
  ): Promise<number | null> {
    const id = await store.insertJob(options.within ?? this.storage.db, {
      kind,
      payload: JSON.stringify(payload ?? null),
      dedupe_key: options.dedupeKey ?? null,
      run_at: runAt,
      max_attempts: options.maxAttempts ?? this.options.defaultMaxAttempts,
    });
    this.scheduled(runAt);
    return id;
  }

  async scheduleMany(jobs: NewJob[], options: Pick<ScheduleOptions, "within"> = {}): Promise<void> {
    if (jobs.length === 0) return;
    await store.insertJobs(
      options.within ?? this.storage.db,
      jobs.map((job) => ({
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? null),
        dedupe_key: job.dedupeKey ?? null,
        run_at: job.runAt,
        max_attempts: job.maxAttempts ?? this.options.defaultMaxAttempts,
      })),
    );
    const soonest = jobs.reduce((min, job) => Math.min(min, job.runAt), Number.POSITIVE_INFINITY);
    this.scheduled(soonest);
  }

  insertJobsFrom(source: string): RawBuilder<unknown> {
    return store.insertJobsFrom(source, this.options.defaultMaxAttempts, Date.now());
  }

  scheduled(runAt: number): void {
    if (!this.stopped && runAt <= Date.now() + this.options.pollMs) this.wake();
  }

  cancel(dedupeKey: string): Promise<boolean> {
    return store.cancelPending(this.storage.db, dedupeKey);
  }

  deleteMentioning(value: string): Promise<number> {
    return store.deleteMentioning(this.storage.db, value);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.running;
    } finally {
      this.stopping = false;
    }
  }

  runDue(): Promise<number> {
    if (this.running) {
      this.wakeRequested = true;
      return this.running;
    }
    this.running = this.runBatch().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private wake(): void {
    // A tick in progress polls again as soon as it finishes; a second timer would start a second loop.
    if (this.ticking) {
      this.wakeRequested = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    // Scheduling a job from a request wakes the loop: its timers must not carry the request's log fields.
    this.timer = outsideLogContext(() => setTimeout(() => void this.tick(), 0));
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    this.ticking = true;
    let ran = 0;
    try {
      if (!this.staleReleased) await this.releaseStaleClaims();
      ran = await this.runDue();
      if (this.databaseDown) {
        this.databaseDown = false;
        this.logger.warn("job polling resumed: the database is back");
      }
    } catch (error) {
      // The database away: said once, and polling goes on (it resumes by itself when it is back).
      if (!isDatabaseUnavailable(error)) this.logger.error({ err: error }, "job polling failed");
      else if (!this.databaseDown) {
        this.databaseDown = true;
        this.logger.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          "job polling paused: the database is unavailable",
        );
      }
    } finally {
      this.ticking = false;
    }
    if (this.stopped) return;
    // A full batch means more may be due: go again at once rather than waiting a poll interval.
    const again = ran >= this.options.batchSize || this.lastBatchFull || this.wakeRequested;
    this.wakeRequested = false;
    this.timer = setTimeout(() => void this.tick(), again ? 0 : this.options.pollMs);
  }

  /** Puts back the jobs an earlier run of this process identity claimed and never finished. */
  private async releaseStaleClaims(): Promise<void> {
    const released = await store.releaseClaimsOfProcess(
      this.storage.db,
      `${this.options.processId}:`,
      this.options.workerId,
    );
    this.staleReleased = true;
    if (released > 0) {
      this.logger.warn(
        { released, processId: this.options.processId },
        "released jobs left running by a crash",
      );
    }
  }

  /**
   * Runs the jobs due when the batch starts (up to batchSize, earliest first), claiming each one just
   * before it runs: the ones not reached yet stay free for other workers (and for a crash to leave
   * alone). Jobs scheduled while the batch runs, such as a recurring job's successor, wait for the
   * next batch, so a chain of catch-up runs can't starve the jobs that were already due.
   */
  private async runBatch(): Promise<number> {
    const due = await store.dueJobIds(this.storage.db, Date.now(), this.options.batchSize);
    this.lastBatchFull = due.length >= this.options.batchSize;
    let remaining = due;
    let ran = 0;
    while (remaining.length > 0 && !this.stopping) {
      const jobs = await this.claim(remaining);
      if (jobs.length === 0) break;
      for (const job of jobs) await this.execute(job);
      ran += jobs.length;
      const done = new Set(jobs.map((job) => job.id));
      // Ids before the claimed one were taken by other workers meanwhile (or are no longer due).
      const last = remaining.findIndex((id) => done.has(id));
      remaining = remaining.slice(last + 1).filter((id) => !done.has(id));
    }
    return ran;
  }

  /** Claims the first still-claimable job among `ids` (in their order). */
  private claim(ids: number[]): Promise<store.Job[]> {
    return store.claimDue(this.storage, {
      workerId: this.options.workerId,
      now: Date.now(),
      leaseMs: this.options.leaseMs,
      limit: 1,
      ids,
    });
  }

  /** Extends a running job's lease every third of it, so a long job is never taken by another worker. */
  private heartbeat(job: store.Job): () => void {
    const every = Math.max(10, Math.floor(this.options.leaseMs / 3));
    // Set once the handler is done: a renewal still in flight then finds the job completed (or failed)
    // and no claim to renew, which is no loss.
    let stopped = false;
    const timer = setInterval(() => {
      store
        .extendLease(this.storage.db, job.id, this.options.workerId, Date.now() + this.options.leaseMs)
        .then((held) => {
          if (!held && !stopped) {
            this.logger.warn({ jobId: job.id, kind: job.kind }, "lost the claim of a running job");
          }
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error, jobId: job.id }, "could not extend a job lease"),
        );
    }, every);
    timer.unref();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }

  private async execute(job: store.Job): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const stopHeartbeat = this.heartbeat(job);
    try {
      if (!handler) throw new Error(`No handler registered for job kind "${job.kind}"`);
      // Every line the job's handler and its services log names the job.
      await withOwnLogFields({ jobId: job.id, jobKind: job.kind }, () =>
        handler(JSON.parse(job.payload), job),
      );
      stopHeartbeat();
      await store.complete(this.storage.db, job.id, this.options.workerId);
    } catch (error) {
      stopHeartbeat();
      const message = error instanceof Error ? error.message : String(error);
      const retry = job.attempts < job.maxAttempts;
      const delay = Math.min(this.options.backoffBaseMs * 2 ** (job.attempts - 1), this.options.backoffMaxMs);
      await store.fail(
        this.storage.db,
        job.id,
        this.options.workerId,
        message,
        retry ? Date.now() + delay : null,
      );
      this.logger.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, retry, err: message },
        retry ? "job failed; will retry" : "job failed permanently",
      );
    } finally {
      stopHeartbeat();
    }
  }
}
