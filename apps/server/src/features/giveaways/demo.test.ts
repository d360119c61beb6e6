import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleId } from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { getGiveawayConfig } from "./config.ts";
import { seedDemo } from "./demo.ts";
import { getGiveawayDetail, getGiveawayStats, listServerGiveaways } from "./queries.ts";
import { endJobKey } from "./service.ts";

describe("the demo server's giveaways", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("has a configuration with a booster bypass, a blacklist role and Diamond ×3, Gold ×2", async () => {
    const config = await getGiveawayConfig(t.ctx, demoGuildId);
    expect(config).toEqual({
      bypassRoles: [await roleId(t.ctx, "Server Booster")],
      blacklistRoles: [await roleId(t.ctx, "Giveaway Blacklist")],
      multiplierRoles: [
        { roleId: await roleId(t.ctx, "Diamond"), multiplier: 3 },
        { roleId: await roleId(t.ctx, "Gold"), multiplier: 2 },
      ],
    });
  });

  it("runs three giveaways with real messages, end jobs and entrants", async () => {
    const list = await listServerGiveaways(t.ctx, demoGuildId);
    const active = list.filter((giveaway) => giveaway.active);
    expect(active).toHaveLength(3);
    for (const giveaway of active) {
      expect(giveaway.entries).toBeGreaterThanOrEqual(20);
      expect(giveaway.entries).toBeLessThanOrEqual(150);
      expect(giveaway.endTime).toBeGreaterThan(Date.now() + 3_600_000);
      expect(giveaway.createdAt).toBeLessThan(Date.now() - 3_600_000);
      const message = await t.ctx.storage.db
        .selectFrom("sandbox_messages")
        .select("id")
        .where("id", "=", giveaway.messageId)
        .executeTakeFirst();
      expect(message).toBeDefined();
      const job = await t.ctx.storage.db
        .selectFrom("jobs")
        .select(["run_at", "status"])
        .where("dedupe_key", "=", endJobKey(giveaway.messageId))
        .executeTakeFirst();
      expect(job).toEqual({ run_at: giveaway.endTime, status: "pending" });
    }
    const details = await Promise.all(active.map((g) => getGiveawayDetail(t.ctx, demoGuildId, g.messageId)));
    expect(details.some((detail) => detail.requiredRoles.length > 0 && detail.minMemberAge > 0)).toBe(true);
    expect(details.some((detail) => detail.minAccountAge > 0)).toBe(true);
    expect(details.some((detail) => detail.donorId !== null)).toBe(true);
  });

  it("has five ended giveaways with winners and won dates", async () => {
    const ended = (await listServerGiveaways(t.ctx, demoGuildId)).filter((giveaway) => !giveaway.active);
    expect(ended).toHaveLength(5);
    for (const giveaway of ended) {
      const detail = await getGiveawayDetail(t.ctx, demoGuildId, giveaway.messageId);
      expect(detail.entriesCount).toBeGreaterThanOrEqual(20);
      if (!Array.isArray(detail.winners)) throw new Error("ended giveaways list their winners");
      expect(detail.winners).toHaveLength(detail.winnerCount);
      for (const winner of detail.winners) expect(winner.wonAt).toBe(detail.endedAt);
    }
    const stats = await getGiveawayStats(t.ctx, demoGuildId);
    expect(stats).toMatchObject({ total: 8, active: 3, completed: 5 });
    expect(stats.recentWinners).toHaveLength(8);
  });
});
