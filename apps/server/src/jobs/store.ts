import { type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { Storage } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

export interface Job {
  id: number;
  kind: string;
  payload: string;
  dedupeKey: string | null;
  runAt: number;
  status: "pending" | "running" | "done" | "failed" | "cancelled";
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

const toJob = (row: Selectable<Database["jobs"]>): Job => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  dedupeKey: row.dedupe_key,
  runAt: row.run_at,
  status: row.status as Job["status"],
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  lastError: row.last_error,
});

export async function insertJob(
  db: Kysely<Database>,
  job: { kind: string; payload: string; dedupe_key: string | null; run_at: number; max_attempts: number },
): Promise<number | null> {
  const now = Date.now();
  const row = await db
    .insertInto("jobs")
    .values({ ...job, status: "pending", attempts: 0, created_at: now, updated_at: now })
    // The conflict target names the partial index's predicate, so both dialects infer that index.
    .onConflict((oc) => oc.column("dedupe_key").where(sql<boolean>`status = 'pending'`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

type NewJobRow = Parameters<typeof insertJob>[1];

/** insertJob for several jobs in one statement; a job whose dedupe key is pending already is skipped. */
export async function insertJobs(db: Kysely<Database>, jobs: NewJobRow[]): Promise<void> {
  if (jobs.length === 0) return;
  const now = Date.now();
  await db
    .insertInto("jobs")
    .values(jobs.map((job) => ({ ...job, status: "pending", attempts: 0, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column("dedupe_key").where(sql<boolean>`status = 'pending'`).doNothing())
    .execute();
}

/**
 * insertJobs as one part of a caller's own PostgreSQL statement (a data-modifying CTE): one pending
 * job for each row of the caller's CTE `source`, whose columns `kind`, `payload` (JSON text),
 * `dedupe_key` and `run_at` are the job's; a job whose dedupe key is pending already is skipped.
 */
export function insertJobsFrom(source: string, maxAttempts: number, now: number): RawBuilder<unknown> {
  return sql`insert into jobs (kind, payload, dedupe_key, run_at, status, attempts, max_attempts, created_at, updated_at)
    select kind, payload, dedupe_key, run_at, 'pending', 0, ${maxAttempts}, ${now}, ${now} from ${sql.table(source)}
    on conflict (dedupe_key) where status = 'pending' do nothing`;
}

export async function cancelPending(db: Kysely<Database>, dedupeKey: string): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ status: "cancelled", dedupe_key: null, updated_at: Date.now() })
    .where("dedupe_key", "=", dedupeKey)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the jobs whose JSON payload holds `value` as a whole string value (quotes included). */
export async function deleteMentioning(db: Kysely<Database>, value: string): Promise<number> {
  if (!/^[0-9A-Za-z-]+$/.test(value)) throw new Error("deleteMentioning takes an id, not a pattern");
  const result = await db.deleteFrom("jobs").where("payload", "like", `%"${value}"%`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The ids of up to `limit` jobs claimable at `now`, earliest first (read only: nothing is claimed). */
export async function dueJobIds(db: Kysely<Database>, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("jobs")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("run_at", "<=", now)]),
        eb.and([eb("status", "=", "running"), eb("locked_until", "<", now)]),
      ]),
    )
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims up to `limit` due jobs for one worker in a single statement (only among `ids` when given).
 * Jobs whose worker's lease ran out (it crashed mid-run) are claimable again.
 */
export async function claimDue(
  storage: Storage,
  options: { workerId: string; now: number; leaseMs: number; limit: number; ids?: number[] },
): Promise<Job[]> {
  const { db, dialect } = storage;
  const claimable = (eb: ExpressionBuilder<Database, "jobs">) =>
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("run_at", "<=", options.now)]),
      eb.and([eb("status", "=", "running"), eb("locked_until", "<", options.now)]),
    ]);
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where(claimable)
    .orderBy("run_at")
    .orderBy("id")
    .limit(options.limit);
  if (options.ids) due = due.where("id", "in", options.ids.length > 0 ? options.ids : [-1]);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  // PostgreSQL may run an `id in (subquery … limit n for update skip locked)` once per candidate row,
  // each run skipping the rows the previous one locked, and so claim far more than n: `any(array(…))`
  // evaluates the subquery exactly once.
  const chosen =
    dialect === "postgres" ? sql<boolean>`id = any(array(${due}))` : sql<boolean>`id in (${due})`;
  const rows = await db
    .updateTable("jobs")
    .set({
      status: "running",
      locked_by: options.workerId,
      locked_until: options.now + options.leaseMs,
      attempts: sql<number>`attempts + 1`,
      updated_at: options.now,
    })
    .where(chosen)
    .where(claimable)
    .returningAll()
    .execute();
  return rows.map(toJob).sort((a, b) => a.runAt - b.runAt || a.id - b.id);
}

/** Pushes a running job's lease to `until` while its worker still holds it; answers whether it does. */
export async function extendLease(
  db: Kysely<Database>,
  id: number,
  workerId: string,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ locked_until: until })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts back for claiming the running jobs claimed by earlier runs of one process identity (worker
 * ids starting with `prefix`, other than `currentWorkerId`): that run is gone. Answers how many.
 */
export async function releaseClaimsOfProcess(
  db: Kysely<Database>,
  prefix: string,
  currentWorkerId: string,
): Promise<number> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: "pending",
      // Like a retry: keeps its key unless the run scheduled a successor under it.
      dedupe_key: keyUnlessTakenByAnotherPendingJob,
      locked_by: null,
      locked_until: null,
      updated_at: Date.now(),
    })
    .where("status", "=", "running")
    .where(sql<boolean>`substr(locked_by, 1, ${prefix.length}) = ${prefix}`)
    .where("locked_by", "!=", currentWorkerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function complete(db: Kysely<Database>, id: number, workerId: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "done", dedupe_key: null, locked_by: null, locked_until: null, updated_at: Date.now() })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .execute();
}

const keyUnlessTakenByAnotherPendingJob = sql<string | null>`case when exists (
  select 1 from jobs as other
  where other.dedupe_key = jobs.dedupe_key and other.status = 'pending' and other.id <> jobs.id
) then null else dedupe_key end`;

/** Puts a failed job back for `retryAt`, or marks it failed for good when retryAt is null. */
export async function fail(
  db: Kysely<Database>,
  id: number,
  workerId: string,
  error: string,
  retryAt: number | null,
): Promise<void> {
  await db
    .updateTable("jobs")
    .set({
      status: retryAt === null ? "failed" : "pending",
      run_at: retryAt ?? sql<number>`run_at`,
      // A retry keeps its key unless the job scheduled a successor under it while running.
      dedupe_key: retryAt === null ? null : keyUnlessTakenByAnotherPendingJob,
      last_error: error.slice(0, 2000),
      locked_by: null,
      locked_until: null,
      updated_at: Date.now(),
    })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .execute();
}

export async function getJob(db: Kysely<Database>, id: number): Promise<Job | null> {
  const row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** Jobs still to come, soonest first (the sandbox playground's "time passes" list). */
export async function listPending(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom("jobs")
    .select(["id", "kind", "run_at"])
    .where("status", "=", "pending")
    .orderBy("run_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Makes one pending job (or every one) due now; answers how many. */
export async function bringForward(db: Kysely<Database>, now: number, id: number | null): Promise<number> {
  let query = db
    .updateTable("jobs")
    .set({ run_at: now, updated_at: now })
    .where("status", "=", "pending")
    .where("run_at", ">", now);
  if (id !== null) query = query.where("id", "=", id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Which of these dedupe keys have a job waiting or running: a feature's start-up sweep finds the
 * records whose job was lost (a giveaway's end) without reading the queue's table itself.
 */
export async function liveDedupeKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("jobs")
      .select("dedupe_key")
      .where("dedupe_key", "in", keys.slice(i, i + 500))
      .where("status", "in", ["pending", "running"])
      .execute();
    for (const row of rows) if (row.dedupe_key !== null) live.add(row.dedupe_key);
  }
  return live;
}
