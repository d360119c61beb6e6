import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  dialects,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { timersBot } from "./commands.ts";
import { cancelTimer, listTimers } from "./service.ts";

// /timer create, list and cancel through the sandbox.

describe.each(dialects)("timers on the bot (%s)", (dialect) => {
  let t: TestContext;
  let bot: Bot;
  let events: string;
  let memberId: string;

  const run = (subcommand: string, options: Record<string, string> = {}, userId = demoOwnerId) =>
    t.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "timer", subcommand, options });
  const content = async (promise: ReturnType<typeof run>) => (await promise)[0]?.message?.content;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, timersBot.commands?.(t.ctx) ?? []);
    await bot.start();
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    events = channels.find((channel) => channel.name === "events")?.id ?? "";
    const member = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .executeTakeFirstOrThrow();
    memberId = member.user_id;
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("creates a timer: countdown posted, confirmed privately with its number and end", async () => {
    const before = Date.now();
    const responses = await run("create", {
      channel: events,
      duration: "1h30m",
      message: "Tournament starts!",
    });
    expect(responses[0]).toMatchObject({ type: "reply", ephemeral: true });
    const [timer] = await listTimers(t.ctx, demoGuildId);
    expect(timer).toMatchObject({
      channelId: events,
      duration: 5400,
      message: "Tournament starts!",
      status: "running",
    });
    expect(timer?.endsAt).toBeGreaterThanOrEqual(before + 5_400_000);
    expect(responses[0]?.message?.content).toBe(
      `⏳ Timer **#${timer?.id}** is counting down in <#${events}>: it posts your message <t:${Math.floor((timer?.endsAt ?? 0) / 1000)}:R>. Cancel it with \`/timer cancel timer:${timer?.id}\`.`,
    );
  });

  it("posts in the channel the command was used in when no channel is given", async () => {
    const general = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id;
    await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      channelId: general,
      name: "timer",
      subcommand: "create",
      options: { duration: "10m", message: "Here" },
    });
    const here = (await listTimers(t.ctx, demoGuildId)).find((timer) => timer.message === "Here");
    expect(here?.channelId).toBe(general);
    if (here) await cancelTimer(t.ctx, demoGuildId, { tokenId: null, userId: demoOwnerId }, here.id);
  });

  it.each([
    ["soon", "Duration must look like 15m, 2h, 1h30m or 1d, and be at most 30 days."],
    ["31d", "Duration must look like 15m, 2h, 1h30m or 1d, and be at most 30 days."],
  ])("refuses the duration %s", async (duration, message) => {
    expect(await content(run("create", { channel: events, duration, message: "x" }))).toBe(message);
  });

  it("refuses a channel of no text kind or of another server", async () => {
    const answer = await content(
      run("create", { channel: "999999999999999999", duration: "1h", message: "x" }),
    );
    expect(answer).toMatch(/channel/i);
  });

  it("lists running and finished timers, open to every member", async () => {
    const responses = await run("list", {}, memberId);
    const fields = responses[0]?.message?.embeds?.[0]?.fields ?? [];
    expect(fields[0]?.name).toBe("Running (1/50)");
    expect(fields[0]?.value).toMatch(
      new RegExp(`^\\*\\*#\\d+\\*\\* <#${events}> · ends <t:\\d+:R> · Tournament starts!$`),
    );
  });

  it("cancels by number (with or without #), and says why it can't twice", async () => {
    const [timer] = await listTimers(t.ctx, demoGuildId);
    expect(await content(run("cancel", { timer: `#${timer?.id}` }))).toBe(
      `🛑 Timer **#${timer?.id}** in <#${events}> is cancelled; its message won't be posted.`,
    );
    expect((await listTimers(t.ctx, demoGuildId))[0]?.status).toBe("cancelled");
    expect(await content(run("cancel", { timer: String(timer?.id) }))).toBe("The timer is already cancelled");
    expect(await content(run("cancel", { timer: "abc" }))).toBe(
      "timer must be a timer's number from `/timer list`, like 12.",
    );
    expect(await content(run("cancel", { timer: "9999" }))).toBe("No timer with this id in this server");
    const listed = await run("list");
    expect(listed[0]?.message?.embeds?.[0]?.fields?.[1]?.value).toMatch(
      /cancelled <t:\d+:R> · Tournament starts!/,
    );
  });

  it("creating and cancelling are refused to members without Manage Server", async () => {
    expect(await content(run("cancel", { timer: "1" }, memberId))).toMatch(/Manage Server/);
  });
});
