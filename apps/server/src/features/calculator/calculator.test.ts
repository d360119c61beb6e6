import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { calculatorBot } from "./commands.ts";
import { calculateForCommand } from "./service.ts";

// /calc and the Calculator switch through the sandbox: sums typed in chat are answered as replies
// only while the switch is on, and switching it off (route or /settings) stops it at once.

describe("the calculator on the bot", () => {
  let t: TestApp;
  let bot: Bot;
  let channelId: string;

  const replies = async () =>
    (
      await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", "message.send")
        .orderBy("id")
        .execute()
    ).map((row) => JSON.parse(row.payload) as { channelId?: string; message?: Record<string, unknown> });
  const say = (content: string, authorId = demoOwnerId) =>
    t.sandbox.simulateMessage(channelId, authorId, content);
  const setCalculator = (on: boolean) =>
    editSettings(t.ctx, demoGuildId, { calculatorEnabled: on }, { tokenId: null, userId: demoOwnerId });

  beforeAll(async () => {
    t = await createTestApp();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, calculatorBot.commands?.(t.ctx) ?? []);
    calculatorBot.listeners?.(bot, t.ctx);
    await bot.start();
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    channelId = channels.find((channel) => channel.name === "general")?.id ?? "";
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
    await setCalculator(true);
  });

  it("answers a sum typed in chat as a reply that pings no one", async () => {
    const sent = await say("(250k+1.2m)/4");
    const [reply, ...rest] = await replies();
    expect(rest).toEqual([]);
    expect(JSON.stringify(reply)).toContain("= **362.5K** (362,500)");
    expect(JSON.stringify(reply)).toContain(`"replyTo":"${sent.id}"`);
    expect(JSON.stringify(reply)).toContain('"allowedMentions":{}');
  });

  it("stays quiet on chat, plain numbers, scores and other bots", async () => {
    for (const content of ["gg", "1.5m", "2-1", "9/10", "price is 2m+1", "15%"]) await say(content);
    await say("1.5m*3", demoBotId);
    expect(await replies()).toEqual([]);
  });

  it("stops at once when switched off through the dashboard route, and starts again", async () => {
    const off = await t.app.inject({
      method: "PUT",
      url: "/api/settings/edit",
      headers: { authorization: t.token },
      payload: { calculatorEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    await say("1.5m*3");
    expect(await replies()).toEqual([]);
    await setCalculator(true);
    await say("1.5m*3");
    expect(JSON.stringify(await replies())).toContain("= **4.5M** (4,500,000)");
  });

  it("/calc answers everyone publicly, switch or not", async () => {
    await setCalculator(false);
    const [answer] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "calc",
      options: { expression: "15% of 2b" },
    });
    expect(answer?.message?.content).toBe("`15% of 2b` = **300M** (300,000,000)");
    expect(answer?.ephemeral).toBe(false);
  });

  it("/calc explains a mistake privately, pointing at it", async () => {
    const [answer] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "calc",
      options: { expression: "(250k+1.2m/4" },
    });
    expect(answer?.ephemeral).toBe(true);
    expect(answer?.message?.content).toContain('Missing ")" (at position 13)');
    expect(answer?.message?.content).toContain("(250k+1.2m/4\n            ^");
    // The help line starts after the code block, on a line of its own.
    expect(answer?.message?.content).toContain("^\n```\nNumbers take k, m, b or t");
  });
});

describe("calculateForCommand", () => {
  it("keeps backticks in the echo from breaking the code span", () => {
    const result = calculateForCommand("2`+`2");
    expect(result.ok).toBe(false);
    expect(result.text).not.toContain("2`+");
    expect(result.text).toContain('Unexpected "`" (at position 2)');
  });
});
