import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { registerTimerJobs } from "./jobs.ts";
import { listTimers, timerJobKey } from "./service.ts";

describe.each(dialects)("timers demo seed on %s", (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerTimerJobs(t.ctx);
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("has a heist countdown in #events ending in about two hours, with its end job scheduled", async () => {
    const timers = await listTimers(t.ctx, demoGuildId);
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    const events = channels.find((channel) => channel.name === "events");
    const heist = timers[0];
    expect(heist).toMatchObject({ status: "running", channelId: events?.id });
    expect(heist?.message).toMatch(/^🏦 Heist starts!/);
    const remaining = (heist?.endsAt ?? 0) - Date.now();
    expect(remaining).toBeGreaterThan(90 * 60_000);
    expect(remaining).toBeLessThanOrEqual(2 * 3_600_000);
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", timerJobKey(heist?.id ?? 0))
      .executeTakeFirst();
    expect(job).toMatchObject({ status: "pending", run_at: heist?.endsAt });
    expect(await t.ctx.jobs.runDue()).toBe(0);
  });

  it("has one more running timer and one that ended", async () => {
    const timers = await listTimers(t.ctx, demoGuildId);
    expect(timers.map((timer) => timer.status)).toEqual(["running", "running", "ended"]);
    const ended = timers[2];
    expect(ended?.endedAt).toBeLessThan(Date.now());
    expect(ended?.endsAt).toBeLessThan(Date.now());
  });
});
