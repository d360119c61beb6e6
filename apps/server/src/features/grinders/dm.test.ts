import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureDemoSetup, owner, plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { DiscordError, type DiscordPort } from "../../discord/port/port.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { dmGrinders, dmProgress } from "./dm.ts";
import { hireGrinder, recordPayment } from "./service.ts";

let t: TestContext;
let members: string[];
const fast = { intervalMs: 0, retries: 0, retryDelayMs: 0 };

beforeAll(async () => {
  t = await createTestContext();
  await configureDemoSetup(t.ctx);
  members = await plainMembers(t.ctx, 5);
  // Three paid (one of them with DMs closed), two unpaid.
  for (const [index, userId] of members.entries()) {
    await hireGrinder(t.ctx, demoGuildId, { userId, tier: "Bronze" }, owner);
    if (index < 3) await recordPayment(t.ctx, demoGuildId, userId, "250k", { action: "add", by: null });
  }
  await t.ctx.storage.db
    .updateTable("sandbox_users")
    .set({ dm_open: 0 })
    .where("id", "=", members[0] as string)
    .execute();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
});

async function dmRecipients(): Promise<string[]> {
  const rows = await t.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", "dm.send")
    .execute();
  return rows.map((row) => (JSON.parse(row.payload) as { userId: string }).userId).sort();
}

describe("DMs to grinders", () => {
  it("reach the paid group, counting closed DMs as failures", async () => {
    const result = await dmGrinders(t.ctx, demoGuildId, "paid", "Thanks for paying!", owner, fast);
    expect(result).toEqual({ sent: 2, failed: 1, total: 3 });
    expect(await dmRecipients()).toEqual([members[1], members[2]].sort());
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({ action: "grinders.dm", summary: { group: "paid", sent: 2, failed: 1 } });
  });

  it("reach the unpaid group with the message in an embed that names the server", async () => {
    const result = await dmGrinders(t.ctx, demoGuildId, "unpaid", "Payment is due Sunday", owner, fast);
    expect(result).toEqual({ sent: 2, failed: 0, total: 2 });
    expect(await dmRecipients()).toEqual([members[3], members[4]].sort());
    const row = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "dm.send")
      .executeTakeFirstOrThrow();
    const { message } = JSON.parse(row.payload);
    expect(message.embeds[0]).toMatchObject({
      description: "Payment is due Sunday",
      author: { name: "Ember Hollow · grinder team" },
    });
  });

  it("'all' reaches both groups", async () => {
    const result = await dmGrinders(t.ctx, demoGuildId, "all", "Meeting tonight", owner, fast);
    expect(result).toEqual({ sent: 4, failed: 1, total: 5 });
    expect(await dmRecipients()).toEqual([...members.slice(1)].sort());
  });

  it("are paced: one DM per interval", async () => {
    const started = performance.now();
    await dmGrinders(t.ctx, demoGuildId, "unpaid", "Paced", owner, { ...fast, intervalMs: 40 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(38);
  });

  it("retry a rate-limited DM and never crash on an unexpected failure", async () => {
    let calls = 0;
    const flaky: DiscordPort = Object.create(t.ctx.discord);
    flaky.sendDirectMessage = async (userId, message) => {
      calls++;
      if (calls === 1) throw new DiscordError("rate_limited", "slow down");
      if (userId === members[4]) throw new Error("socket hang up");
      return t.ctx.discord.sendDirectMessage(userId, message);
    };
    const result = await dmGrinders({ ...t.ctx, discord: flaky }, demoGuildId, "unpaid", "Hi", owner, {
      ...fast,
      retries: 1,
      retryDelayMs: 5,
    });
    expect(result).toEqual({ sent: 1, failed: 1, total: 2 });
    expect(calls).toBe(3);
  });

  it("refuse a second broadcast while one is running", async () => {
    const first = dmGrinders(t.ctx, demoGuildId, "all", "One", owner, { ...fast, intervalMs: 20 });
    await expect(dmGrinders(t.ctx, demoGuildId, "all", "Two", owner, fast)).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(first).resolves.toMatchObject({ total: 5 });
  });

  it("report their progress while they run: sent and failed so far, of how many (issue 24 §6)", async () => {
    const seen: { sent: number; failed: number; total: number; running: boolean }[] = [];
    const running = dmGrinders(t.ctx, demoGuildId, "all", "Progress", owner, { ...fast, intervalMs: 30 });
    const earlier = dmProgress(demoGuildId).startedAt;
    const thisRun = () => dmProgress(demoGuildId).startedAt !== earlier;
    for (let poll = 0; poll < 100 && (!thisRun() || dmProgress(demoGuildId).running); poll++) {
      const { sent, failed, total, running: active } = dmProgress(demoGuildId);
      seen.push({ sent, failed, total, running: active });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const result = await running;
    const during = seen.filter((entry) => entry.running);
    expect(during.length).toBeGreaterThan(1);
    expect(during.every((entry) => entry.total === 5 && entry.sent + entry.failed <= 5)).toBe(true);
    // Counts only grow, and some were read part-way.
    expect(during.some((entry) => entry.sent + entry.failed > 0 && entry.sent + entry.failed < 5)).toBe(true);
    expect(dmProgress(demoGuildId)).toMatchObject({ running: false, target: "all", ...result });
  });
});
