import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seedDemo as seedHeist } from "../heist/demo.ts";
import { seedDemo as seedRumble } from "../rumble/demo.ts";
import { rumbleLeaderboard } from "../rumble/service.ts";
import { getSettings } from "../settings/service.ts";
import { triggersBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { listServerTriggers } from "./service.ts";

// The demo server shows issue 13's helpers working: triggers that answer in the sandbox, a rumble
// history with the tracker on, and a heist announced with the image the site serves.
describe("the demo server's triggers, rumble history and heist", () => {
  let t: TestContext;
  let bot: Bot;
  beforeAll(async () => {
    t = await createTestContext();
    bot = createBot(t.ctx, t.sandbox);
    triggersBot.listeners?.(bot, t.ctx);
    await bot.start();
    await seedDemo(t.ctx);
    await seedRumble(t.ctx);
    await seedHeist(t.ctx);
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("has two staff triggers and a member's, and saying one in the sandbox gets its answer", async () => {
    const { triggers } = await listServerTriggers(t.ctx, demoGuildId);
    expect(triggers.map((x) => [x.keyword, x.match, x.replyType, x.staff])).toEqual([
      ["heist", "word", "text", true],
      ["rules", "word", "embed", true],
      ["gg", "exact", "text", false],
    ]);
    const general =
      (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id ?? "";
    await t.sandbox.simulateMessage(general, demoOwnerId, "any heist tonight?");
    const row = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "message.send")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.payload) as { message: { content: string } }).message.content).toMatch(
      /^Heists are announced in <#\d+>: bring 2k in your wallet and a lifesaver, \S+!$/,
    );
  });

  it("has a rumble leaderboard with the tracker on, and a heist announced with the site's banner", async () => {
    const board = await rumbleLeaderboard(t.ctx, demoGuildId, "all-time", demoOwnerId);
    expect(board.top.map((s) => s.wins)).toEqual([5, 3, 2, 1, 1]);
    const settings = await getSettings(t.ctx, demoGuildId);
    expect(settings.rumbleTrackerEnabled).toBe(true);
    expect(settings).toMatchObject({
      heist_image: true,
      heistImageUrl: "http://localhost:3000/images/heist-banner.png",
    });
    const events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events")?.id ?? "";
    const posted = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "message.send")
      .execute();
    const heist = posted
      .map(
        (r) =>
          JSON.parse(r.payload) as {
            channelId: string;
            message: { embeds?: { title?: string; image?: { url: string } }[] };
          },
      )
      .find((p) => p.channelId === events && p.message.embeds?.[0]?.title === "🏦 Heist incoming!");
    expect(heist?.message.embeds?.[0]?.image?.url).toBe("http://localhost:3000/images/heist-banner.png");
  });
});
