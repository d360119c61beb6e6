import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../test/helpers.ts";
import { openStorage, type Storage } from "../db/database.ts";
import { createLogger } from "../lib/logger.ts";
import { DatabaseJobQueue, type QueueOptions } from "./queue.ts";

const logger = createLogger({ logLevel: "silent" });
const childScript = fileURLToPath(new URL("../../test/fixtures/job-worker-child.ts", import.meta.url));
const serverRoot = fileURLToPath(new URL("../../", import.meta.url));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Issue 15, finding 4: a worker claimed 20 jobs at once and ran them one by one, so a crash
 * mid-batch held the other 19 for the whole 5-minute lease. Now a job is claimed just before it
 * runs, a running job's lease is extended, and a restart of the same process identity releases its
 * dead run's claims.
 */
describe.each(dialects)("job queue crashes on %s", (dialect) => {
  let test: TestStorage;
  let dir: string;
  const queues: DatabaseJobQueue[] = [];
  const storages: Storage[] = [];
  const children: ChildProcess[] = [];

  const makeQueue = (options: QueueOptions) => {
    const storage = openStorage(test.url, { poolSize: 2 });
    storages.push(storage);
    const queue = new DatabaseJobQueue(storage, logger, { pollMs: 20, ...options });
    queues.push(queue);
    return queue;
  };
  const status = async (id: number) =>
    (await test.storage.db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });
  beforeEach(async () => {
    await test.storage.db.deleteFrom("jobs").execute();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-jobs-"));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await Promise.all(storages.splice(0).map((storage) => storage.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a worker SIGKILLed mid-batch: the rest run within seconds on another worker, each once; a restart frees its job", async () => {
    const runLog = path.join(dir, "runs.log");
    fs.writeFileSync(runLog, "");
    const scheduler = makeQueue({});
    const now = Date.now();
    const hanging = (await scheduler.schedule("work", { hang: true }, now - 60_000)) ?? 0;
    const rest: number[] = [];
    for (let index = 0; index < 19; index++) {
      rest.push((await scheduler.schedule("work", { index }, now - 30_000 + index)) ?? 0);
    }

    const child = spawn(process.execPath, ["--import", "tsx", childScript], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: test.url, RUN_LOG: runLog, PROCESS_ID: "crash-host:4242" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(child);
    await waitFor(() => fs.readFileSync(runLog, "utf8").includes(`start ${hanging}`), 60_000);
    // Still running (it hangs in the job), so the kill lands mid-job.
    expect(child.exitCode).toBe(null);
    const exited = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    // The dead worker held only the job it was running.
    const running = await test.storage.db
      .selectFrom("jobs")
      .select("id")
      .where("status", "=", "running")
      .execute();
    expect(running.map((row) => row.id)).toEqual([hanging]);

    const survivor = makeQueue({ processId: "other-host:1" });
    const ranHere: number[] = [];
    survivor.register("work", async (_payload, job) => {
      ranHere.push(job.id);
    });
    const startedAt = Date.now();
    survivor.start();
    await waitFor(
      async () => (await Promise.all(rest.map(status))).every((value) => value === "done"),
      10_000,
    );
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(ranHere.toSorted((a, b) => a - b)).toEqual(rest);
    // Nothing ran twice: the killed worker ran none of them, the survivor each once.
    expect(fs.readFileSync(runLog, "utf8").trim().split("\n")).toEqual([`start ${hanging}`]);
    // The hanging job's lease (60 s) still holds: another process leaves it alone...
    expect(await status(hanging)).toBe("running");
    expect(ranHere).not.toContain(hanging);

    // ...but the crashed process, restarted (same host and pid), releases its dead claim at once.
    const restarted = makeQueue({ processId: "crash-host:4242" });
    const ranAfterRestart: number[] = [];
    restarted.register("work", async (_payload, job) => {
      ranAfterRestart.push(job.id);
    });
    const restartedAt = Date.now();
    restarted.start();
    await waitFor(async () => (await status(hanging)) === "done", 10_000);
    expect(Date.now() - restartedAt).toBeLessThan(5000);
    // Released, it ran once more, on whichever live worker claimed it first; the rest never again.
    expect([...ranHere, ...ranAfterRestart].filter((id) => id === hanging)).toEqual([hanging]);
    expect([...ranHere, ...ranAfterRestart].toSorted((a, b) => a - b)).toEqual([hanging, ...rest]);
  }, 120_000);

  it("a job longer than its lease has its lease extended and runs once, with another worker polling", async () => {
    const runs: string[] = [];
    const slow = async (worker: string) => {
      runs.push(worker);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    };
    const first = makeQueue({ processId: "host-a:1", leaseMs: 300 });
    const second = makeQueue({ processId: "host-b:1", leaseMs: 300 });
    first.register("slow", () => slow("a"));
    second.register("slow", () => slow("b"));
    const id = (await first.schedule("slow", null, Date.now() - 1000)) ?? 0;
    first.start();
    await waitFor(() => runs.length === 1);
    second.start();
    await waitFor(async () => (await status(id)) === "done", 10_000);
    // Let the second worker poll a while longer: a lapsed lease would hand it the job again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toEqual(["a"]);
    const job = await test.storage.db
      .selectFrom("jobs")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
  });

  it("releases at start only its own process identity's claims, never another live worker's", async () => {
    const scheduler = makeQueue({});
    const id = (await scheduler.schedule("work", null, Date.now() - 1000)) ?? 0;
    await test.storage.db
      .updateTable("jobs")
      .set({ status: "running", locked_by: "host-z:7:live", locked_until: Date.now() + 60_000, attempts: 1 })
      .where("id", "=", id)
      .execute();
    const other = makeQueue({ processId: "host-z:70" });
    const ran: number[] = [];
    other.register("work", async (_payload, job) => {
      ran.push(job.id);
    });
    other.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toEqual([]);
    expect(await status(id)).toBe("running");
  });
});
