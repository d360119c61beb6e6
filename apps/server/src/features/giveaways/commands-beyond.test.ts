import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, channelId, outbox } from "../../../test/fixtures/giveaways.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { giveawaysBot } from "./commands.ts";
import { endGiveaway } from "./service.ts";

// The bot's side of issue 27: start later or again and again, entrants, removals, blocks, schedules
// and the extended reroll, through the sandbox as Discord would drive them.

describe("giveaway commands beyond the seed", () => {
  let t: TestContext;
  let bot: Bot;

  const run = (
    subcommand: string,
    options: Record<string, string | number | boolean> = {},
    userId = demoOwnerId,
  ) =>
    t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId,
      name: "giveaway",
      subcommand,
      options: options as Record<string, string | number>,
    });
  const text = async (promise: ReturnType<typeof run>) => {
    const [response] = await promise;
    return `${response?.message?.content ?? ""}${JSON.stringify(response?.message?.embeds ?? [])}`;
  };
  const click = (messageId: string, userId: string) =>
    t.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId, customId: "giveaway:enter" });

  beforeAll(async () => {
    t = await createTestContext();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, giveawaysBot.commands?.(t.ctx) ?? []);
    giveawaysBot.listeners?.(bot, t.ctx);
    await bot.start();
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("schedules a start in the server's time zone, a series, and lists, pauses and cancels them", async () => {
    // Dates a month or two ahead, typed as Tokyo's wall-clock noon (UTC+9 all year).
    const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const reply = await text(
      run("start", { prize: "Later", duration: "1h", start: `${day(30)} 12:00`, timezone: "Asia/Tokyo" }),
    );
    expect(reply).toContain("starts in");
    expect(reply).toContain(`<t:${Date.parse(`${day(30)}T03:00:00Z`) / 1000}:R>`);
    // Without a timezone the server's remembered one is used.
    const again = await text(run("start", { prize: "Later 2", duration: "1h", start: `${day(60)} 12:00` }));
    expect(again).toContain(`<t:${Date.parse(`${day(60)}T03:00:00Z`) / 1000}:R>`);
    const series = await text(
      run("start", { prize: "Daily coins", duration: "1h", start: "in 2h", repeat: "daily" }),
    );
    expect(series).toContain("then every day");
    const id = /Schedule ID: `(\d+)`/.exec(series)?.[1] as string;

    const list = await text(run("scheduled"));
    expect(list).toContain("Daily coins");
    expect(list).toContain("every day");
    expect(await text(run("scheduled", { id, action: "pause" }))).toContain("Paused");
    expect(await text(run("scheduled", { id, action: "resume" }))).toContain("Resumed");
    expect(await text(run("scheduled", { id, action: "cancel" }))).toContain("cancelled");

    expect(await text(run("start", { prize: "x", duration: "1h", start: "soonish" }))).toContain(
      "start must look like",
    );
    expect(await text(run("start", { prize: "x", duration: "1h", repeat: "sometimes" }))).toContain(
      "repeat must be",
    );
    expect(await text(run("start", { prize: "x", duration: "1h", timezone: "Mars/Base" }))).toContain(
      "timezone must be",
    );
  });

  it("lists entrants, removes one who is told at their next press, and blocks", async () => {
    const posted = await text(run("start", { prize: "Entrants", duration: "1h", no_ping: true }));
    const messageId = /Message ID: `(\d+)`/.exec(posted)?.[1] as string;
    const ava = await addMember(t.ctx, { username: "ava_cmd" });
    const bo = await addMember(t.ctx, { username: "bo_cmd" });
    await click(messageId, ava);
    await click(messageId, bo);
    const list = await text(run("entrants", { message_id: messageId }));
    expect(list).toContain("ava_cmd");
    expect(list).toContain("2 entrants");
    expect(await text(run("entrants", { message_id: messageId, search: "bo_" }))).not.toContain("ava_cmd");

    expect(
      await text(run("remove", { message_id: messageId, member: ava, reason: "Alt account" })),
    ).toContain("Removed");
    const [note] = await click(messageId, ava);
    expect(note?.message?.content).toContain("Alt account");
    expect(note?.ephemeral).toBe(true);

    expect(await text(run("block", { member: bo, reason: "Spam" }))).toContain("blocked");
    const second = /Message ID: `(\d+)`/.exec(
      await text(run("start", { prize: "Next", duration: "1h" })),
    )?.[1] as string;
    const [refused] = await click(second, bo);
    expect(refused?.message?.content).toContain("blocked you (Spam)");
    expect(await text(run("block", { member: bo, lift: true }))).toContain("can enter");
  });

  it("pauses and resumes a giveaway", async () => {
    const posted = await text(run("start", { prize: "Pausable", duration: "1h", no_ping: true }));
    const messageId = /Message ID: `(\d+)`/.exec(posted)?.[1] as string;
    expect(await text(run("pause", { message_id: messageId }))).toContain("is paused");
    const member = await addMember(t.ctx);
    const [refused] = await click(messageId, member);
    expect(refused?.message?.content).toContain("paused");
    expect(await text(run("pause", { message_id: messageId, resume: true }))).toContain("running again");
  });

  it("rerolls a named winner and says who replaced whom", async () => {
    const channel = await channelId(t.ctx);
    const posted = await text(run("start", { prize: "Swap", duration: "1h", channel, no_ping: true }));
    const messageId = /Message ID: `(\d+)`/.exec(posted)?.[1] as string;
    const members = await Promise.all([addMember(t.ctx), addMember(t.ctx), addMember(t.ctx)]);
    for (const member of members) await click(messageId, member);
    const ended = await endGiveaway(t.ctx, demoGuildId, messageId, { by: "manual" });
    const winner = Array.isArray(ended.winners) ? (ended.winners[0]?.userId as string) : "";
    const reply = await text(run("reroll", { message_id: messageId, replace: winner }));
    expect(reply).toMatch(new RegExp(`<@\\d+> replaces <@${winner}>`));
    const announcement = (await outbox(t.ctx, "message.send")).at(-1);
    expect(announcement?.message.content).toContain(`replaces <@${winner}>`);
  });
});
