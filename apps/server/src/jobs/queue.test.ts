import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../test/helpers.ts";
import { openStorage, type Storage } from "../db/database.ts";
import { createLogger } from "../lib/logger.ts";
import { DatabaseJobQueue, type QueueOptions } from "./queue.ts";
import { claimDue, getJob, type Job } from "./store.ts";

const logger = createLogger({ logLevel: "silent" });

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Counts the queue's polls, so a test can let it poll a few more times without a fixed sleep. */
function countPolls(queue: DatabaseJobQueue): { readonly count: number } {
  const counter = { count: 0 };
  const runDue = queue.runDue.bind(queue);
  queue.runDue = () => {
    counter.count++;
    return runDue();
  };
  return counter;
}

async function pollsMore(counter: { readonly count: number }, polls: number): Promise<void> {
  const target = counter.count + polls;
  await waitFor(() => counter.count >= target);
}

async function requireJob(storage: Storage, id: number | null): Promise<Job> {
  if (id === null) throw new Error("the job was not scheduled");
  const job = await getJob(storage.db, id);
  if (!job) throw new Error(`job ${id} is missing`);
  return job;
}

describe.each(dialects)("job queue on %s", (dialect) => {
  let test: TestStorage;
  const queues: DatabaseJobQueue[] = [];
  const extraStorages: Storage[] = [];

  const makeQueue = (options: QueueOptions = {}, storage: Storage = test.storage) => {
    const queue = new DatabaseJobQueue(storage, logger, { pollMs: 10, ...options });
    queues.push(queue);
    return queue;
  };
  const openSecondConnection = () => {
    const storage = openStorage(test.url, { poolSize: 2 });
    extraStorages.push(storage);
    return storage;
  };

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });

  afterAll(async () => {
    await test.cleanup();
  });

  beforeEach(async () => {
    await test.storage.db.deleteFrom("jobs").execute();
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await Promise.all(extraStorages.splice(0).map((storage) => storage.close()));
  });

  it("runs a job that fell due while the process was down once after start", async () => {
    const before = openSecondConnection();
    const first = makeQueue({}, before);
    const id = await first.schedule("greet", { name: "ash" }, Date.now() - 60_000);
    await first.stop();
    await before.close();
    extraStorages.splice(extraStorages.indexOf(before), 1);

    const restarted = makeQueue({ workerId: "after-restart" }, openSecondConnection());
    const payloads: unknown[] = [];
    restarted.register("greet", async (payload) => {
      payloads.push(payload);
    });
    const polls = countPolls(restarted);
    restarted.start();
    await waitFor(() => payloads.length > 0);
    await pollsMore(polls, 3);

    expect(payloads).toEqual([{ name: "ash" }]);
    const job = await requireJob(test.storage, id);
    expect(job.status).toBe("done");
    expect(job.attempts).toBe(1);
  });

  it("never runs a job on two workers sharing one database", async () => {
    const total = 200;
    for (let index = 0; index < total; index++)
      await makeQueue().schedule("count", { index }, Date.now() - 1000);
    const runs: { index: number; worker: string }[] = [];
    const workers = ["worker-a", "worker-b"].map((workerId) => {
      const queue = makeQueue({ workerId, pollMs: 5 }, openSecondConnection());
      queue.register("count", async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        runs.push({ index: (payload as { index: number }).index, worker: workerId });
      });
      return queue;
    });
    for (const worker of workers) worker.start();
    await waitFor(async () => {
      const { pending } = await test.storage.db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number>().as("pending"))
        .where("status", "!=", "done")
        .executeTakeFirstOrThrow();
      return Number(pending) === 0;
    }, 15_000);
    await Promise.all(workers.map((worker) => worker.stop()));

    const indexes = runs.map((run) => run.index).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: total }, (_, index) => index));
    const byA = runs.filter((run) => run.worker === "worker-a").length;
    console.info(`${dialect}: worker-a ran ${byA} jobs, worker-b ran ${total - byA}`);
    const attempts = await test.storage.db
      .selectFrom("jobs")
      .select("attempts")
      .where("attempts", "!=", 1)
      .execute();
    expect(attempts).toEqual([]);
  });

  it("never hands the same job to two concurrent claims", async () => {
    const queue = makeQueue();
    for (let index = 0; index < 100; index++) await queue.schedule("count", { index }, Date.now() - 1000);
    const connections = [openSecondConnection(), openSecondConnection()];

    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        claimDue(connections[index % 2] as Storage, {
          workerId: `w${index}`,
          now: Date.now(),
          leaseMs: 60_000,
          limit: 10,
        }),
      ),
    );

    const ids = claims.flat().map((job) => job.id);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
  });

  it("retries a failing job with growing delays, then marks it failed with its error", async () => {
    let clock = Date.UTC(2026, 0, 1);
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    const queue = makeQueue({ backoffBaseMs: 1000 });
    const attempts: number[] = [];
    queue.register("flaky", async (_payload, job) => {
      attempts.push(job.attempts);
      throw new Error("boom");
    });
    const id = await queue.schedule("flaky", null, clock, { maxAttempts: 3 });

    expect(await queue.runDue()).toBe(1);
    const afterFirst = await requireJob(test.storage, id);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, runAt: clock + 1000 });
    expect(afterFirst.lastError).toContain("boom");
    clock += 999;
    expect(await queue.runDue()).toBe(0);

    clock += 1;
    expect(await queue.runDue()).toBe(1);
    expect(await requireJob(test.storage, id)).toMatchObject({
      status: "pending",
      attempts: 2,
      runAt: clock + 2000,
    });
    clock += 1999;
    expect(await queue.runDue()).toBe(0);

    clock += 1;
    expect(await queue.runDue()).toBe(1);
    const final = await requireJob(test.storage, id);
    expect(final).toMatchObject({ status: "failed", attempts: 3 });
    expect(final.lastError).toContain("boom");
    expect(attempts).toEqual([1, 2, 3]);

    clock += 3_600_000;
    expect(await queue.runDue()).toBe(0);
  });

  it("caps the retry delay at backoffMaxMs", async () => {
    const clock = Date.UTC(2026, 0, 1);
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    const queue = makeQueue({ backoffBaseMs: 1000, backoffMaxMs: 1500 });
    queue.register("flaky", async () => {
      throw new Error("boom");
    });
    const id = await queue.schedule("flaky", null, clock - 10_000, { maxAttempts: 5 });
    await test.storage.db.updateTable("jobs").set({ attempts: 3 }).execute();

    await queue.runDue();

    expect(await requireJob(test.storage, id)).toMatchObject({
      status: "pending",
      attempts: 4,
      runAt: clock + 1500,
    });
  });

  it("ends a job that fails once then succeeds as done after two attempts", async () => {
    const queue = makeQueue({ backoffBaseMs: 20 });
    let calls = 0;
    queue.register("second-time-lucky", async () => {
      calls++;
      if (calls === 1) throw new Error("not yet");
    });
    const id = await queue.schedule("second-time-lucky", null, Date.now());
    queue.start();
    await waitFor(async () => (await requireJob(test.storage, id)).status === "done");

    const job = await requireJob(test.storage, id);
    expect(job.attempts).toBe(2);
    expect(calls).toBe(2);
  });

  it("keeps one job when the same dedupe key is scheduled twice", async () => {
    const queue = makeQueue();
    const first = await queue.schedule("remind", { n: 1 }, Date.now() + 60_000, { dedupeKey: "remind:1" });
    const second = await queue.schedule("remind", { n: 2 }, Date.now() + 30_000, { dedupeKey: "remind:1" });

    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const rows = await test.storage.db.selectFrom("jobs").select(["id", "payload"]).execute();
    expect(rows).toEqual([{ id: first, payload: JSON.stringify({ n: 1 }) }]);
  });

  it("schedules several jobs in one statement: each runs once, a dedupe key pending already is kept", async () => {
    const queue = makeQueue();
    const ran: unknown[] = [];
    queue.register("count", async (payload) => {
      ran.push(payload);
    });
    await queue.schedule("count", { n: 0 }, Date.now() - 1000, { dedupeKey: "count:0" });
    await test.storage.db.transaction().execute((trx) =>
      queue.scheduleMany(
        [
          { kind: "count", payload: { n: 1 }, runAt: Date.now() - 1000, dedupeKey: "count:0" },
          { kind: "count", payload: { n: 2 }, runAt: Date.now() - 1000, dedupeKey: "count:2" },
          { kind: "count", payload: { n: 3 }, runAt: Date.now() - 1000, maxAttempts: 1 },
        ],
        { within: trx },
      ),
    );

    const rows = await test.storage.db
      .selectFrom("jobs")
      .select(["payload", "dedupe_key", "max_attempts"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { payload: JSON.stringify({ n: 0 }), dedupe_key: "count:0", max_attempts: 5 },
      { payload: JSON.stringify({ n: 2 }), dedupe_key: "count:2", max_attempts: 5 },
      { payload: JSON.stringify({ n: 3 }), dedupe_key: null, max_attempts: 1 },
    ]);
    while ((await queue.runDue()) > 0);
    expect(ran).toEqual([{ n: 0 }, { n: 2 }, { n: 3 }]);
  });

  it("does not run a cancelled job", async () => {
    const queue = makeQueue();
    let ran = false;
    queue.register("remind", async () => {
      ran = true;
    });
    const id = await queue.schedule("remind", null, Date.now() - 1000, { dedupeKey: "remind:1" });

    expect(await queue.cancel("remind:1")).toBe(true);
    expect(await queue.runDue()).toBe(0);
    expect(ran).toBe(false);
    expect((await requireJob(test.storage, id)).status).toBe("cancelled");
    expect(await queue.cancel("remind:1")).toBe(false);
  });

  it("accepts a dedupe key again once its job has run", async () => {
    const queue = makeQueue();
    queue.register("remind", async () => {});
    await queue.schedule("remind", null, Date.now() - 1000, { dedupeKey: "remind:1" });
    await queue.runDue();

    expect(
      await queue.schedule("remind", null, Date.now() + 60_000, { dedupeKey: "remind:1" }),
    ).not.toBeNull();
  });

  it("lets a running job schedule its successor under its own dedupe key", async () => {
    const queue = makeQueue();
    const successors: (number | null)[] = [];
    queue.register("tick", async (_payload, job) => {
      if (job.dedupeKey)
        successors.push(
          await queue.schedule("tick", null, Date.now() + 60_000, { dedupeKey: job.dedupeKey }),
        );
    });
    await queue.schedule("tick", null, Date.now() - 1000, { dedupeKey: "tick:guild-1" });

    await queue.runDue();

    expect(successors).toHaveLength(1);
    const successor = await requireJob(test.storage, successors[0] ?? null);
    expect(successor).toMatchObject({ status: "pending", dedupeKey: "tick:guild-1" });
    expect(await queue.cancel("tick:guild-1")).toBe(true);
  });

  it("retries a failed job that scheduled its successor without taking the successor's key", async () => {
    const queue = makeQueue({ backoffBaseMs: 60_000 });
    const successors: (number | null)[] = [];
    queue.register("tick", async (_payload, job) => {
      successors.push(await queue.schedule("tick", null, Date.now() + 60_000, { dedupeKey: "tick:guild-1" }));
      throw new Error(`boom on ${job.id}`);
    });
    const id = await queue.schedule("tick", null, Date.now() - 1000, {
      dedupeKey: "tick:guild-1",
      maxAttempts: 3,
    });

    expect(await queue.runDue()).toBe(1);

    expect(await requireJob(test.storage, id)).toMatchObject({
      status: "pending",
      attempts: 1,
      dedupeKey: null,
    });
    expect(await requireJob(test.storage, successors[0] ?? null)).toMatchObject({
      status: "pending",
      dedupeKey: "tick:guild-1",
    });
  });

  it("keeps the dedupe key on a failed job's retry so it can still be cancelled", async () => {
    const queue = makeQueue({ backoffBaseMs: 60_000 });
    queue.register("flaky", async () => {
      throw new Error("boom");
    });
    const id = await queue.schedule("flaky", null, Date.now() - 1000, {
      dedupeKey: "flaky:1",
      maxAttempts: 3,
    });
    await queue.runDue();

    expect(await queue.schedule("flaky", null, Date.now(), { dedupeKey: "flaky:1" })).toBeNull();
    expect(await queue.cancel("flaky:1")).toBe(true);
    expect((await requireJob(test.storage, id)).status).toBe("cancelled");
  });

  it("does not run a job before it is due", async () => {
    let clock = Date.UTC(2026, 0, 1);
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    const queue = makeQueue();
    let runs = 0;
    queue.register("later", async () => {
      runs++;
    });
    await queue.schedule("later", null, clock + 5000);

    clock += 4999;
    expect(await queue.runDue()).toBe(0);
    clock += 1;
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it("runs a job once when its time comes while the queue polls", async () => {
    const queue = makeQueue();
    const ranAt: number[] = [];
    queue.register("later", async () => {
      ranAt.push(Date.now());
    });
    const runAt = Date.now() + 200;
    const id = await queue.schedule("later", null, runAt);
    const polls = countPolls(queue);
    queue.start();

    await waitFor(() => ranAt.length > 0);
    await pollsMore(polls, 2);

    expect(ranAt).toHaveLength(1);
    expect(ranAt[0]).toBeGreaterThanOrEqual(runAt);
    expect((await requireJob(test.storage, id)).status).toBe("done");
  });

  it("reclaims and runs a crashed worker's job once its lease has run out", async () => {
    const queue = makeQueue({ workerId: "survivor" });
    const ran: number[] = [];
    queue.register("work", async (_payload, job) => {
      ran.push(job.id);
    });
    const id = await queue.schedule("work", null, Date.now() - 60_000);
    await test.storage.db
      .updateTable("jobs")
      .set({ status: "running", attempts: 1, locked_by: "crashed", locked_until: Date.now() - 1 })
      .execute();

    expect(await queue.runDue()).toBe(1);

    expect(ran).toEqual([id]);
    expect(await requireJob(test.storage, id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("leaves a running job alone while its worker's lease holds", async () => {
    const queue = makeQueue({ workerId: "other" });
    let ran = false;
    queue.register("work", async () => {
      ran = true;
    });
    const id = await queue.schedule("work", null, Date.now() - 60_000);
    await test.storage.db
      .updateTable("jobs")
      .set({ status: "running", attempts: 1, locked_by: "busy", locked_until: Date.now() + 60_000 })
      .execute();

    expect(await queue.runDue()).toBe(0);

    expect(ran).toBe(false);
    expect(await requireJob(test.storage, id)).toMatchObject({ status: "running", attempts: 1 });
  });

  it("fails a job of an unknown kind with an error naming the kind", async () => {
    const queue = makeQueue();
    const id = await queue.schedule("nobody.handles.this", null, Date.now() - 1000, { maxAttempts: 1 });

    await queue.runDue();

    const job = await requireJob(test.storage, id);
    expect(job.status).toBe("failed");
    expect(job.lastError).toContain("nobody.handles.this");
  });

  it("passes the payload to the handler", async () => {
    const queue = makeQueue();
    const payloads: unknown[] = [];
    queue.register("greet", async (payload) => {
      payloads.push(payload);
    });
    await queue.schedule("greet", { guildId: "1", names: ["ash", "moss"] }, Date.now() - 1);

    await queue.runDue();

    expect(payloads).toEqual([{ guildId: "1", names: ["ash", "moss"] }]);
  });

  it("waits in stop() for a job in flight to finish", async () => {
    const queue = makeQueue();
    let release: () => void = () => {};
    let started = false;
    queue.register("slow", async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const id = await queue.schedule("slow", null, Date.now() - 1);
    queue.start();
    await waitFor(() => started);

    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect((await requireJob(test.storage, id)).status).toBe("done");
  });

  it("keeps a single polling loop when jobs are scheduled while one runs", async () => {
    const queue = makeQueue({ pollMs: 50 });
    queue.register("spawn", async () => {
      for (let index = 0; index < 10; index++) {
        await queue.schedule("noop", null, Date.now());
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });
    queue.register("noop", async () => {});
    const id = await queue.schedule("spawn", null, Date.now() - 1);
    queue.start();
    await waitFor(async () => (await requireJob(test.storage, id)).status === "done");

    const polls = countPolls(queue);
    await new Promise((resolve) => setTimeout(resolve, 300));

    // One loop polls about six times in 300 ms; each leaked loop would add six more.
    expect(polls.count).toBeLessThanOrEqual(10);
  });
});
