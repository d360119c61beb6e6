import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addMember, newGiveaway, outbox, owner } from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { enterGiveaway } from "./entries.ts";
import { registerGiveawayJobs } from "./jobs.ts";
import { reminderNonce, scheduleReminder } from "./reminder.ts";
import { endGiveaway } from "./service.ts";
import * as store from "./store.ts";

// Real processes killed mid-action (issue 27, "durable and exact"): a worker process runs the
// giveaway jobs and is SIGKILLed right after the reminder's post (before it is marked), or inside
// the claim expiry's transaction (the redraw written, not committed). Another worker takes each job
// once its lease runs out; the reminder is posted once and the unclaimed wins are redrawn once.

const childScript = fileURLToPath(
  new URL("../../../test/fixtures/giveaway-worker-child.ts", import.meta.url),
);
const serverRoot = fileURLToPath(new URL("../../../", import.meta.url));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(dialects)("giveaway workers killed mid-action on %s", (dialect) => {
  let t: TestContext;
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // This process's queue is "another worker": it takes a dead worker's job once its lease is out.
    t = await createTestContext({ dialect, queue: { processId: "survivor:1", pollMs: 20 } });
    registerGiveawayJobs(t.ctx);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-giveaway-crash-"));
  });
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  });
  afterAll(async () => {
    await t.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a worker that freezes at `crashAt`, waits for it to get there, and kills it. */
  async function killWorkerAt(crashAt: string): Promise<void> {
    const runLog = path.join(dir, `${crashAt}-${Date.now()}.log`);
    fs.writeFileSync(runLog, "");
    const child = spawn(process.execPath, ["--import", "tsx", childScript], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: t.ctx.config.databaseUrl,
        RUN_LOG: runLog,
        CRASH_AT: crashAt,
        PROCESS_ID: `doomed:${crashAt}`,
        LEASE_MS: "1500",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(child);
    await waitFor(() => fs.readFileSync(runLog, "utf8").includes(crashAt), 60_000);
    const exited = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
  }

  it("the reminder: killed after posting, before marking; the next worker posts nothing new and marks it", async () => {
    const giveaway = await newGiveaway(t.ctx, { duration: 7200, reminderBefore: 600 });
    // Due now: the end ten minutes (less a second) away, the reminder's job at its time.
    const end = Date.now() + 600_000 - 1000;
    await t.ctx.storage.db
      .updateTable("giveaways")
      .set({ end_time: end })
      .where("message_id", "=", giveaway.messageId)
      .execute();
    await t.ctx.storage.db
      .transaction()
      .execute((trx) => scheduleReminder(t.ctx, trx, demoGuildId, giveaway.messageId, end - 600_000));
    await killWorkerAt("reminder-posted");
    const posted = async () =>
      (await outbox(t.ctx, "message.send")).filter(
        (m) => (m.message as { nonce?: string }).nonce === reminderNonce(giveaway.messageId),
      );
    expect(await posted()).toHaveLength(1);
    expect(
      (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.remindedAt,
    ).toBeNull();

    // The lease runs out; this worker takes the job over.
    await waitFor(async () => {
      await t.ctx.jobs.runDue();
      return (
        (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.remindedAt != null
      );
    });
    expect(await posted()).toHaveLength(1);
  }, 90_000);

  it("claim expiry: killed inside its transaction; the next worker redraws each unclaimed win once", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 2, claimWindow: 600 });
    for (let index = 0; index < 6; index++) {
      await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, await addMember(t.ctx));
    }
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const id = (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.id as number;
    const past = Date.now() - 1000;
    await t.ctx.storage.db
      .updateTable("giveaway_winners")
      .set({ claim_deadline: past })
      .where("giveaway_id", "=", id)
      .execute();
    await t.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: past })
      .where("dedupe_key", "like", `giveaway-claims:${giveaway.messageId}:%`)
      .execute();

    await killWorkerAt("claims-drawn");
    // Its transaction died with it: nothing was redrawn.
    expect((await store.listWinners(t.ctx.storage.db, [id])).filter((w) => w.replacedAt != null)).toEqual([]);

    await waitFor(async () => {
      await t.ctx.jobs.runDue();
      return (await store.listWinners(t.ctx.storage.db, [id])).some((w) => w.replacedAt != null);
    });
    const winners = await store.listWinners(t.ctx.storage.db, [id]);
    expect(winners).toHaveLength(4);
    expect(winners.filter((w) => w.replacedAt == null)).toHaveLength(2);
    expect(new Set(winners.map((w) => w.userId)).size).toBe(4);
  }, 90_000);
});
