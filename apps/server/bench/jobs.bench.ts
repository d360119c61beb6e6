import { performance } from "node:perf_hooks";
import type { DatabaseJobQueue } from "../src/jobs/queue.ts";
import { createTestContext } from "../test/helpers.ts";

/**
 * A worker's job throughput, the queue's own cost: 5,000 jobs due at once (a job that does nothing
 * but its claim, its completion and its lease), run by one worker's queue as `ROLES=worker` runs it,
 * on SQLite and (with TEST_DATABASE_URL) PostgreSQL. Printed for the capacity table; no target.
 */
export async function benchJobs(): Promise<Record<string, number>> {
  console.log("\nJob queue (one worker, jobs that do nothing: the queue's own cost)");
  const results: Record<string, number> = {};
  for (const dialect of ["sqlite", "postgres"] as const) {
    if (dialect === "postgres" && !process.env.TEST_DATABASE_URL) {
      console.log("  postgres: skipped (set TEST_DATABASE_URL to run it)");
      continue;
    }
    const t = await createTestContext({ dialect });
    try {
      const queue = t.ctx.jobs as DatabaseJobQueue;
      let done = 0;
      queue.register("bench-noop", async () => {
        done++;
      });
      const jobs = 5000;
      const now = Date.now();
      for (let i = 0; i < jobs; i++) await queue.schedule("bench-noop", { i }, now - 1000);
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      while (done < jobs) {
        if ((await queue.runDue()) === 0) break;
      }
      const ms = performance.now() - start;
      const cpu = process.cpuUsage(cpuBefore);
      results[dialect] = Math.round((done / ms) * 1000);
      console.log(
        `  ${dialect}: ${done.toLocaleString("en")} jobs in ${ms.toFixed(0)} ms = ${(results[dialect] ?? 0).toLocaleString("en")} jobs/s; ${((cpu.user + cpu.system) / Math.max(1, done)).toFixed(0)} µs of CPU per job`,
      );
    } finally {
      await t.cleanup();
    }
  }
  return results;
}
