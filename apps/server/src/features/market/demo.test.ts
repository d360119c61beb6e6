import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { seedFeatureDemos } from "../../composition.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { bankcalcBot } from "../bankcalc/commands.ts";
import { calculatorBot } from "../calculator/commands.ts";
import { settingsFor } from "../settings/service.ts";
import { marketBot } from "./commands.ts";
import { listMarket } from "./service.ts";

// The sandbox's demo server as a new user finds it: the economy helpers switched on, a price list,
// and each helper answering.

describe("the demo server's economy helpers", () => {
  let t: TestContext;
  let bot: Bot;
  let general: string;

  beforeAll(async () => {
    t = await createTestContext();
    await seedFeatureDemos(t.ctx);
    bot = createBot(t.ctx, t.sandbox);
    for (const feature of [calculatorBot, bankcalcBot, marketBot]) {
      bindFeatureCommands(bot, t.ctx, feature.commands?.(t.ctx) ?? []);
      feature.listeners?.(bot, t.ctx);
    }
    await bot.start();
    general = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id ?? "";
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  const replies = async () =>
    (
      await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", "message.send")
        .execute()
    ).map((row) => (JSON.parse(row.payload) as { message: { content: string } }).message.content);

  it("has the helpers on and a price list", async () => {
    expect(await settingsFor(t.ctx, demoGuildId)).toMatchObject({
      calculatorEnabled: true,
      bankCalculatorEnabled: true,
      marketCheckerEnabled: true,
      tipsEnabled: true,
      tipsEvery: 10,
    });
    expect((await listMarket(t.ctx, demoGuildId)).length).toBeGreaterThanOrEqual(10);
  });

  it("answers a sum and a price question in #general, and splits a payout", async () => {
    await t.sandbox.simulateMessage(general, demoOwnerId, "(250k+1.2m)/4");
    await t.sandbox.simulateMessage(general, demoOwnerId, "pc gold bar");
    expect(await replies()).toEqual(["= **362.5K** (362,500)", "💰 **Gold Bar**: **1.5M** (1,500,000)"]);
    const [split] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "bankcalc",
      options: { total: "250m", members: 5 },
    });
    expect(split?.message?.embeds?.[0]?.title).toBe("🏦 Bank split");
  });
});
