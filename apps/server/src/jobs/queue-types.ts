import type { Kysely, RawBuilder } from "kysely";
import type { Database } from "../db/schema.ts";
import type * as store from "./store.ts";

// The job queue's contract (what features schedule through `ctx.jobs`) and its options; the
// database-backed implementation is queue.ts.

export type JobHandler = (payload: unknown, job: store.Job) => Promise<void>;

export interface ScheduleOptions {
  /** At most one pending job per key; scheduling again with the same key keeps the first. */
  dedupeKey?: string;
  maxAttempts?: number;
  /**
   * The transaction storing what the job is for: the job then exists exactly when that commits, so
   * a crash (or the database dropping) between the two can't leave a record without its job.
   */
  within?: Kysely<Database>;
}

/** One job of `scheduleMany`: what `schedule` takes, in one object. */
export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: number;
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobQueue {
  schedule(kind: string, payload: unknown, runAt: number, options?: ScheduleOptions): Promise<number | null>;
  /**
   * Schedules several jobs in one statement, as `schedule` would each (a job whose dedupe key is
   * pending already is skipped); `within` as for `schedule`.
   */
  scheduleMany(jobs: NewJob[], options?: Pick<ScheduleOptions, "within">): Promise<void>;
  /**
   * `scheduleMany` as one part of the caller's own PostgreSQL statement, for a write that must be one
   * statement (the vote webhook's): a data-modifying CTE inserting a job for each row of the
   * caller's CTE `source` (columns `kind`, `payload` as JSON text, `dedupe_key`, `run_at`), with the
   * attempts `schedule` gives. Once that statement has committed, `scheduled` tells the queue.
   */
  insertJobsFrom(source: string): RawBuilder<unknown>;
  /** Jobs due at `runAt` were inserted by `insertJobsFrom`'s statement: wakes the loop as `schedule` does. */
  scheduled(runAt: number): void;
  cancel(dedupeKey: string): Promise<boolean>;
  /**
   * Deletes every job (whatever its status) whose payload holds `value` as a JSON string, e.g. the
   * id of a server whose data is purged; answers how many.
   */
  deleteMentioning(value: string): Promise<number>;
  register(kind: string, handler: JobHandler): void;
  /** Starts polling for due jobs (the worker role). */
  start(): void;
  /** Stops polling and waits for jobs in flight. */
  stop(): Promise<void>;
  /** Claims and runs the jobs due now, once; answers how many ran. */
  runDue(): Promise<number>;
}

export interface QueueOptions {
  /**
   * This process's identity (default `<hostname>:<pid>`). A claim held under the same identity by an
   * earlier run is stale by definition (one host can't run two live processes with one pid), so
   * `start()` releases it at once instead of waiting out its lease: a container restarted after a
   * crash gets its pid and hostname back.
   */
  processId?: string;
  /** Default `<processId>:<random>`: unique to this run. */
  workerId?: string;
  pollMs?: number;
  /**
   * How long a claim holds before another worker may take the job (a crashed worker's jobs). A
   * running job's lease is extended every third of it, so a job may run longer than its lease.
   */
  leaseMs?: number;
  /** Most jobs run per poll; each is claimed only when its turn comes. */
  batchSize?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  defaultMaxAttempts?: number;
}
