import { commandCatalogue, tips } from "@hearth/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { calculatorBot } from "../calculator/commands.ts";
import { features } from "../index.ts";
import { settingsBot } from "../settings/commands.ts";
import { editSettings, settingsFor } from "../settings/service.ts";
import { tipFor, withTip } from "./service.ts";

describe("the tips list", () => {
  it("names only commands the catalogue lists and the bot handles", async () => {
    const t = await createTestApp();
    try {
      const handled = new Set(
        features.flatMap((feature) => feature.commands?.(t.ctx) ?? []).map((c) => c.path),
      );
      const catalogued = new Set(commandCatalogue.map((entry) => entry.name));
      for (const tip of tips) {
        expect(catalogued.has(tip.command), tip.command).toBe(true);
        expect(handled.has(tip.command), tip.command).toBe(true);
      }
    } finally {
      await t.cleanup();
    }
  });

  it("never suggests the command just used", () => {
    for (let slot = 0; slot < tips.length * 2; slot++) {
      for (const tip of tips) expect(tipFor(demoGuildId, slot, tip.command).command).not.toBe(tip.command);
    }
  });
});

describe("tips under command replies", () => {
  let t: TestApp;
  let bot: Bot;

  const calc = async () => {
    const [answer] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "calc",
      options: { expression: "2+2" },
    });
    return answer?.message?.content ?? "";
  };
  const tipped = (replies: string[]) =>
    replies.map((reply, index) => (reply.includes("💡 Tip:") ? index + 1 : 0)).filter(Boolean);
  const edit = (payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/settings/edit", headers: { authorization: t.token }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(
      bot,
      t.ctx,
      [...(calculatorBot.commands?.(t.ctx) ?? []), ...(settingsBot.commands?.(t.ctx) ?? [])],
      {
        decorateReply: (serverId, path, message) => withTip(t.ctx, serverId, path, message),
      },
    );
    await bot.start();
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(async () => {
    await editSettings(
      t.ctx,
      demoGuildId,
      { tipsEnabled: true, tipsEvery: 10 },
      { tokenId: null, userId: null },
    );
  });

  it("adds one short tip to every 10th reply by default, under the answer", async () => {
    const replies: string[] = [];
    // Align with the server's count first: earlier replies in this process counted too.
    for (let i = 0; i < 20; i++) replies.push(await calc());
    const marks = tipped(replies);
    expect(marks).toHaveLength(2);
    expect((marks[1] ?? 0) - (marks[0] ?? 0)).toBe(10);
    const withTipLine = replies[(marks[0] ?? 1) - 1] ?? "";
    expect(withTipLine).toMatch(/^`2\+2` = \*\*4\*\*\n\n-# 💡 Tip: .+`\/[a-z -]+`/);
    expect(withTipLine).not.toContain("/calc`");
  });

  it("follows the frequency set through the dashboard route, and stops at once when switched off", async () => {
    expect((await edit({ tipsEvery: 3 })).json()).toMatchObject({ tipsEvery: 3 });
    const replies: string[] = [];
    for (let i = 0; i < 9; i++) replies.push(await calc());
    expect(tipped(replies)).toHaveLength(3);
    await edit({ tipsEnabled: false });
    const quiet: string[] = [];
    for (let i = 0; i < 12; i++) quiet.push(await calc());
    expect(tipped(quiet)).toEqual([]);
  });

  it("refuses a frequency out of range, naming the field", async () => {
    const res = await edit({ tipsEvery: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "tipsEvery" });
  });

  it("sets the frequency with /settings feature:tips tips_every", async () => {
    const run = async (options: Record<string, string | number>) =>
      (
        await t.sandbox.simulateCommand({
          guildId: demoGuildId,
          userId: demoOwnerId,
          name: "settings",
          options,
        })
      )[0]?.message?.content;
    expect(await run({ feature: "tips", tips_every: 20 })).toBe("**Tips** is ✅ On · one reply in 20.");
    expect((await settingsFor(t.ctx, demoGuildId)).tipsEvery).toBe(20);
    expect(await run({ feature: "tips", tips_every: 500 })).toContain("**tips_every**");
    expect(await run({ feature: "calculator", tips_every: 5 })).toContain(
      "**tips_every** goes with `feature:tips`",
    );
  });
});
