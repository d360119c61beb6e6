import { appendFileSync } from "node:fs";

/**
 * Preloaded into the processes `bench:load` starts (`--import`): with BENCH_MEMORY_SAMPLES=<file>,
 * appends the process's memory (RSS, V8 heap used and total, external) as a JSON line to <file>
 * every BENCH_MEMORY_SAMPLE_MS (10 s), so the bench can print the heap over time beside RSS: RSS
 * alone does not tell a heap that keeps growing from memory the allocator keeps after a peak.
 * A synchronous append of one short line every 10 s; the timer never keeps the process alive.
 */
const file = process.env.BENCH_MEMORY_SAMPLES;
if (file) {
  const sample = () => {
    const memory = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external })}\n`,
    );
  };
  const everyMs = Number(process.env.BENCH_MEMORY_SAMPLE_MS ?? 10_000);
  setInterval(sample, Number.isFinite(everyMs) && everyMs > 0 ? everyMs : 10_000).unref();
  sample();
}
