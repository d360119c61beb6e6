import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { drawJobKey, getLotteryStatus } from "./service.ts";

describe("the demo server's lottery", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("runs one lottery in #events with a real message, tickets of 40 members and its draw job", async () => {
    const status = await getLotteryStatus(t.ctx, demoGuildId, "0");
    expect(status?.lottery).toMatchObject({ prize: "5M coins", status: "running", maxTickets: 5 });
    expect(status?.entrants).toBe(40);
    expect(status?.tickets).toBeGreaterThanOrEqual(40);
    expect(status?.tickets).toBeLessThanOrEqual(200);
    const events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
    expect(status?.lottery.channelId).toBe(events?.id);
    const message = await t.ctx.discord.getMessage(events?.id ?? "", status?.lottery.messageId ?? "");
    expect(message?.embeds[0]?.title).toBe("🎟️ Lottery: 5M coins");
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .select(["status", "run_at"])
      .where("dedupe_key", "=", drawJobKey(status?.lottery.id ?? 0))
      .executeTakeFirst();
    expect(job).toEqual({ status: "pending", run_at: status?.lottery.endTime });
  });
});
