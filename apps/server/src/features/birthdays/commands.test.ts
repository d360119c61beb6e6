import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { birthdaysBot } from "./commands.ts";

// /birthday … on the sandbox: what a member and the staff read, including refusals.

describe("/birthday on the bot", () => {
  let t: TestContext;
  let bot: Bot;
  let member: string;
  let events: string;

  const run = (
    subcommand: string,
    options: Record<string, string | number | boolean> = {},
    userId = member,
  ) => t.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "birthday", subcommand, options });
  const reply = async (...args: Parameters<typeof run>) => (await run(...args))[0]?.message;

  beforeAll(async () => {
    t = await createTestContext();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, birthdaysBot.commands?.(t.ctx) ?? []);
    await bot.start();
    [member] = (await demoMembers(t.ctx.storage.db, 1)) as [string];
    events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events")?.id ?? "";
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("birthdays").execute();
    await t.ctx.storage.db.deleteFrom("birthday_settings").execute();
  });

  it("saves a birthday privately, notes the missing setup and keeps the year private", async () => {
    const responses = await run("set", { month: 2, day: 29, year: 2000, timezone: "asia/tokyo" });
    expect(responses[0]?.ephemeral).toBe(true);
    const content = responses[0]?.message?.content ?? "";
    expect(content).toMatch(
      /^🎂 Saved: \*\*29 February\*\* \(Asia\/Tokyo\)\. I'll celebrate at midnight your time/,
    );
    expect(content).toContain("your age is never shown");
    expect(content).toContain("hasn't chosen a birthday channel yet");
  });

  it.each([
    [{ month: 2, day: 30 }, "day must be from 1 to 29 in February."],
    [{ month: 6, day: 1, timezone: "Mars/Olympus" }, "isn't a time zone I know"],
    [{ month: 6, day: 1, show_age: true }, "show_age needs your birth **year**"],
  ])("explains a refusal of %o", async (options, text) => {
    const responses = await run("set", options);
    expect(responses[0]?.ephemeral).toBe(true);
    expect(responses[0]?.message?.content).toContain(text);
  });

  it("is set up by staff only, with the message previewed", async () => {
    expect((await reply("setup", { channel: events }))?.content).toMatch(/Manage Server/);
    const content = (await reply("setup", { channel: events, message: "🎂 {user.mention}!" }, demoOwnerId))
      ?.content;
    expect(content).toContain(`Birthdays are announced in <#${events}>`);
    expect(content).toContain("No birthday role");
    expect(content).toContain(">>> 🎂 {user.mention}!");
    const refused = await reply("setup", { channel: events, message: "Hi {user.mentoin}" }, demoOwnerId);
    expect(refused?.content).toContain("did you mean {user.mention}?");
  });
});
