import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../test/helpers.ts";
import { DatabaseJobQueue } from "./queue.ts";

// A running job's lease is renewed every third of it. A renewal still in flight when the job
// completes finds no claim left to renew: that is the job finishing, not a lost claim, and must not
// be logged as one (the multi-process test saw the false warning on a worker that had run its job
// once and alone).

describe.each(dialects)("job lease renewal on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("a renewal racing the job's completion is not reported as a lost claim", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    // leaseMs 30: renewed every 10 ms; each job runs about that long, so renewals meet completions.
    const queue = new DatabaseJobQueue(test.storage, logger, { pollMs: 5, leaseMs: 30 });
    let ran = 0;
    queue.register("tick", async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, 8 + ((payload as { index: number }).index % 5)));
      ran++;
    });
    const jobs = 40;
    for (let index = 0; index < jobs; index++) await queue.schedule("tick", { index }, Date.now() - 1);
    while (ran < jobs) await queue.runDue();
    // Let any renewal still in flight come back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue.stop();

    expect(ran).toBe(jobs);
    expect(lines.filter((line) => line.includes("lost the claim"))).toEqual([]);
  });
});
