import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId, newGiveaway } from "../../../test/fixtures/giveaways.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { giveawaysBot } from "./commands.ts";
import * as store from "./store.ts";

// `/giveaway template save|list|delete` and `/giveaway start template:` through the sandbox.

describe("giveaway template commands", () => {
  let t: TestContext;
  let bot: Bot;
  let general: string;

  const run = (subcommand: string, options: Record<string, string | number> = {}, group?: string) =>
    t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "giveaway",
      ...(group ? { subcommandGroup: group } : {}),
      subcommand,
      options,
    });
  const text = async (promise: ReturnType<typeof run>) => {
    const [response] = await promise;
    return `${response?.message?.content ?? ""}${JSON.stringify(response?.message?.embeds ?? [])}`;
  };
  const template = (subcommand: string, options: Record<string, string | number> = {}) =>
    text(run(subcommand, options, "template"));

  beforeAll(async () => {
    t = await createTestContext();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, giveawaysBot.commands?.(t.ctx) ?? []);
    giveawaysBot.listeners?.(bot, t.ctx);
    await bot.start();
    general = await channelId(t.ctx, "general");
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("saves a giveaway as a template, lists it, starts from it with options replacing its own, deletes it", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Weekly Nitro", winnerCount: 3, duration: 7200 });
    const saved = await template("save", { name: "Weekly", message_id: giveaway.messageId });
    expect(saved).toContain("Saved **Weekly**");
    expect(saved).toContain("Weekly Nitro · 2h · 3 winners");

    expect(await template("list")).toContain("**Weekly**: Weekly Nitro · 2h · 3 winners");
    expect(await template("save", { name: "weekly", message_id: giveaway.messageId })).toContain(
      "already has a giveaway template named",
    );

    const started = await text(run("start", { template: "WEEKLY", winners: 1, channel: general }));
    expect(started).toContain("The giveaway for **Weekly Nitro** is running");
    const messageId = /Message ID: `(\d+)`/.exec(started)?.[1] as string;
    const posted = await store.findGiveaway(t.ctx.storage.db, demoGuildId, messageId);
    expect(posted).toMatchObject({ prize: "Weekly Nitro", winnerCount: 1, channelId: general });
    expect((posted?.endTime ?? 0) - (posted?.createdAt ?? 0)).toBeGreaterThanOrEqual(7_199_000);

    expect(await text(run("start", { template: "Nope" }))).toContain("no giveaway template named “Nope”");
    expect(await text(run("start", { duration: "1h" }))).toContain("Please give a **prize**");
    expect(await template("delete", { name: "weekly" })).toContain("Deleted the template **Weekly**");
    expect(await template("list")).toContain("no giveaway templates yet");
    expect(await template("delete", { name: "Weekly" })).toContain("no giveaway template named");
    expect(await template("save", { name: "x".repeat(51), message_id: giveaway.messageId })).toContain(
      "at most 50 characters",
    );
  });
});
