import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export interface QueueStats {
  /** Pending and due, or running under a lease that ran out: waiting for a worker. */
  due: number;
  running: number;
  scheduled: number;
  /** The due time of the oldest job waiting for a worker. */
  oldestDueAt: number | null;
}

/**
 * The queue's depth and the age of its oldest waiting job, in one read of the live rows (pending and
 * running, through the `jobs_due` index on status and due time); finished rows are never scanned.
 */
export async function queueStats(db: Kysely<Database>, now: number): Promise<QueueStats> {
  const waiting = sql<boolean>`(status = 'pending' and run_at <= ${now}) or (status = 'running' and locked_until < ${now})`;
  const row = await db
    .selectFrom("jobs")
    .select([
      sql<string | number | null>`sum(case when ${waiting} then 1 else 0 end)`.as("due"),
      sql<
        string | number | null
      >`sum(case when status = 'running' and locked_until >= ${now} then 1 else 0 end)`.as("running"),
      sql<string | number | null>`sum(case when status = 'pending' and run_at > ${now} then 1 else 0 end)`.as(
        "scheduled",
      ),
      sql<string | number | null>`min(case when ${waiting} then run_at end)`.as("oldest"),
    ])
    .where("status", "in", ["pending", "running"])
    .executeTakeFirst();
  const count = (value: string | number | null | undefined) => Number(value ?? 0);
  return {
    due: count(row?.due),
    running: count(row?.running),
    scheduled: count(row?.scheduled),
    oldestDueAt: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
  };
}
