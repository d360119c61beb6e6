import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  dialects,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { editSettings } from "../settings/service.ts";
import { marketBot } from "./commands.ts";
import { listMarket, marketItemLimit, setItemPrice } from "./service.ts";
import { upsertItems } from "./store.ts";

// The Market checker through the sandbox, on every storage dialect: the price list commands, CSV
// import and export through attachments, trade checks and price questions in chat.

describe.each(dialects)("the market on %s", (dialect) => {
  let t: TestContext;
  let bot: Bot;
  let general: string;
  let trading: string;
  const owner = { tokenId: null, userId: demoOwnerId };

  const run = async (
    subcommand: string,
    options: Record<string, string | number | boolean> = {},
    extra = {},
  ) => {
    const [answer] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "market",
      subcommand,
      options,
      ...extra,
    });
    return answer;
  };
  const csvFile = (text: string, filename = "prices.csv") => ({
    id: "900000000000000001",
    filename,
    url: `data:text/csv;base64,${Buffer.from(text).toString("base64")}`,
    contentType: "text/csv",
  });
  const importCsv = (text: string, filename?: string) =>
    run(
      "import",
      { file: "900000000000000001" },
      { attachments: { "900000000000000001": csvFile(text, filename) } },
    );
  const chatReplies = async () =>
    (
      await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", "message.send")
        .orderBy("id")
        .execute()
    ).map((row) => JSON.parse(row.payload) as { message: { content: string; replyTo?: string } });
  const setSwitch = (on: boolean) => editSettings(t.ctx, demoGuildId, { marketCheckerEnabled: on }, owner);

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, marketBot.commands?.(t.ctx) ?? []);
    marketBot.listeners?.(bot, t.ctx);
    await bot.start();
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    const text = channels.filter((channel) => channel.type === 0);
    general = text.find((channel) => channel.name === "general")?.id ?? "";
    trading = text.find((channel) => channel.id !== general)?.id ?? "";
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("market_items").execute();
    await t.ctx.storage.db.deleteFrom("market_channels").execute();
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
    await setItemPrice(t.ctx, demoGuildId, { name: "Gold Bar", price: "1.5m" }, owner);
    await setItemPrice(t.ctx, demoGuildId, { name: "Trophy", price: "12m" }, owner);
    await setSwitch(true);
  });

  it("sets, changes and removes prices, with audit entries", async () => {
    expect((await run("set", { item: "Pepe Crown", price: "850m" }))?.message?.content).toBe(
      "Added **Pepe Crown** at **850M** (850,000,000).",
    );
    expect((await run("set", { item: "pepe  CROWN", price: "900m" }))?.message?.content).toBe(
      "**pepe CROWN** now costs **900M** (900,000,000) (was **850M** (850,000,000)).",
    );
    expect((await run("remove", { item: "pepe crwon" }))?.message?.content).toContain(
      "Did you mean **pepe CROWN**?",
    );
    expect((await run("remove", { item: "Pepe Crown" }))?.message?.content).toBe(
      "Removed **pepe CROWN** from the price list.",
    );
    const [latest] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(latest).toMatchObject({ action: "market.remove", summary: { item: "pepe CROWN" } });
    expect((await run("set", { item: "Apple", price: "1.5" }))?.message?.content).toContain("whole coins");
    expect((await run("set", { item: "<@1>", price: "5" }))?.message?.content).toContain(
      "can't hold mentions",
    );
  });

  it(`refuses a new item past ${marketItemLimit} with a clear error`, async () => {
    const now = Date.now();
    const filler = Array.from({ length: marketItemLimit - 2 }, (_, i) => ({
      key: `filler ${i}`,
      name: `Filler ${i}`,
      price: 1n,
      updatedAt: now,
      updatedBy: null,
    }));
    await upsertItems(t.ctx.storage.db, demoGuildId, filler);
    const answer = await run("set", { item: "One Too Many", price: "5" });
    expect(answer?.message?.content).toContain(
      "This server has reached its cap of 1000 price list items; remove one with /market remove first.",
    );
    const overImport = await importCsv("item,price\nPear,1\nPlum,2\nFig,3\n");
    expect(overImport?.message?.content).toContain(
      "Importing would make 1003 items, over this server's cap of 1000",
    );
    expect((await run("set", { item: "gold bar", price: "2m" }))?.message?.content).toContain("now costs");
  });

  it("finds prices by close names and checks trades with a verdict", async () => {
    const price = await run("price", { item: "gold bars" });
    expect(price?.ephemeral).toBe(false);
    expect(price?.message?.content).toBe("💰 **Gold Bar**: **1.5M** (1,500,000)");
    expect((await run("price", { item: "banana" }))?.message?.content).toContain(
      "isn't on this server's price list",
    );

    const fair = await run("check", { give: "8 gold bar", get: "trophy" });
    expect(fair?.message?.embeds?.[0]?.description).toContain("⚖️ **Fair trade**");
    const bad = await run("check", { give: "trophy, 500k", get: "2 gold bar" });
    const embed = bad?.message?.embeds?.[0];
    expect(embed?.description).toBe(
      "❌ **You overpay**: you give −**9.5M** (9,500,000) more in value (76% of the larger side).",
    );
    expect(embed?.fields?.map((field) => field.name)).toEqual([
      "You give: 12.5M (12,500,000)",
      "You get: 3M (3,000,000)",
    ]);
    const even = await run("check", { give: "1m", get: "1m" });
    expect(even?.message?.embeds?.[0]?.description).toBe("⚖️ **Fair trade**: both sides are worth the same.");
    expect((await run("check", { give: "trophy", get: "unicorn" }))?.message?.content).toContain(
      'Not on the price list: "unicorn"',
    );
  });

  it("imports a CSV attachment all or nothing, and exports a file that imports back", async () => {
    const bad = await importCsv("item,price\nApple,9k\nPear,lots\nFig\n");
    expect(bad?.message?.content).toContain("Nothing was imported. line 3: **price**".replaceAll("**", ""));
    expect(bad?.message?.content).toContain("line 4:");
    expect(bad?.message?.content).not.toMatch(/\.;|\.\.$/);
    expect((await listMarket(t.ctx, demoGuildId)).map((item) => item.name)).toEqual(["Gold Bar", "Trophy"]);

    const good = await importCsv('item,price\nApple,9k\n"Gold Bar",2000000\n');
    expect(good?.message?.content).toBe("Imported **prices.csv**: 1 added, 1 updated (limit 1,000 items).");
    expect(
      (await run("import", { file: "1" }, { attachments: { "1": csvFile("x", "prices.png") } }))?.message
        ?.content,
    ).toContain(".csv");

    const exported = await run("export");
    const file = exported?.message?.files?.[0];
    expect(file?.name).toBe("market-prices.csv");
    expect(file?.data).toBe("item,price\nApple,9000\nGold Bar,2000000\nTrophy,12000000\n");
    await t.ctx.storage.db.deleteFrom("market_items").execute();
    expect((await importCsv(file?.data ?? ""))?.message?.content).toContain("3 added, 0 updated");
  });

  it("answers price questions in chat only while the switch is on, and only in chosen channels", async () => {
    const asked = await t.sandbox.simulateMessage(general, demoOwnerId, "pc gold bar?");
    const [reply] = await chatReplies();
    expect(reply?.message).toMatchObject({
      content: "💰 **Gold Bar**: **1.5M** (1,500,000)",
      replyTo: asked.id,
    });

    await t.sandbox.simulateMessage(general, demoOwnerId, "the price went up again");
    await t.sandbox.simulateMessage(general, demoOwnerId, "pc banana");
    expect(await chatReplies()).toHaveLength(1);

    await setSwitch(false);
    await t.sandbox.simulateMessage(general, demoOwnerId, "price of trophy");
    expect(await chatReplies()).toHaveLength(1);

    await setSwitch(true);
    const added = await run("channel", { channel: trading });
    expect(added?.message?.content).toContain(`Price questions are answered in: <#${trading}>`);
    await t.sandbox.simulateMessage(general, demoOwnerId, "price of trophy");
    expect(await chatReplies()).toHaveLength(1);
    await t.sandbox.simulateMessage(trading, demoOwnerId, "what's a trophy worth?");
    expect((await chatReplies())[1]?.message.content).toBe("💰 **Trophy**: **12M** (12,000,000)");
  });
});
