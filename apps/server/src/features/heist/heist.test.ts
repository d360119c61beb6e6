import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { updateSetup } from "../setup/service.ts";
import { heistBot } from "./commands.ts";
import { parseHeistTime } from "./when.ts";

let test: TestContext;
let bot: Bot;
let events: string;
let pingRole: string;
const image = "https://cdn.example.com/heist.gif";
const actor = { tokenId: null, userId: demoOwnerId };

async function lastPost() {
  const row = await test.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", "message.send")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return JSON.parse(row.payload) as {
    channelId: string;
    message: {
      content: string;
      embeds: { description: string; image?: { url: string }; fields: { name: string; value: string }[] }[];
      allowedMentions: unknown;
    };
  };
}
const announce = (options: Record<string, string>) =>
  test.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId: demoOwnerId,
    name: "heist",
    subcommand: "announce",
    options,
    channelId: events,
  });

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(bot, test.ctx, heistBot.commands?.(test.ctx) ?? []);
  await bot.start();
  events = (await test.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events")?.id ?? "";
  pingRole = (await test.ctx.discord.listRoles(demoGuildId)).find((r) => r.name === "Events Ping")?.id ?? "";
  await updateSetup(test.ctx, demoGuildId, { events: { pingRole } }, actor);
});
afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});
beforeEach(async () => {
  await editSettings(test.ctx, demoGuildId, { heistImageUrl: null, heist_image: false }, actor);
});

describe("heist times", () => {
  const now = Date.UTC(2026, 0, 1, 12);
  it.each([
    ["30m", now + 1_800_000],
    ["in 1h 30m", now + 5_400_000],
    ["<t:1767276000:R>", 1_767_276_000_000],
    ["1767276000", 1_767_276_000_000],
    ["2026-01-02 20:00", Date.UTC(2026, 0, 2, 20)],
    ["2026-01-02T20:00Z", Date.UTC(2026, 0, 2, 20)],
  ])("%s", (input, expected) => expect(parseHeistTime(input, now)).toBe(expected));
  it("refuses other text", () => expect(parseHeistTime("tonight", now)).toBeNull());
});

describe("/heist announce", () => {
  it("posts time, amount and requirements, pinging only the events role; no image while none is set", async () => {
    const [reply] = await announce({ time: "45m", amount: "50m", requirements: "Lifesaver, 5k in wallet" });
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.message?.content).toMatch(/^🏦 Heist announced in <#\d+>: it starts <t:\d+:R>\.$/);
    const post = await lastPost();
    expect(post.channelId).toBe(events);
    expect(post.message.content).toBe(`<@&${pingRole}> A heist is coming up!`);
    expect(post.message.allowedMentions).toEqual({ roles: [pingRole] });
    const [embed] = post.message.embeds;
    expect(embed?.description).toMatch(/^Starts <t:\d+:R> \(<t:\d+:f>\)/);
    expect(embed?.fields.map((f) => [f.name, f.value])).toEqual([
      ["Amount", "⏣ **50M** (50,000,000)"],
      ["Host", `<@${demoOwnerId}>`],
      ["Requirements", "Lifesaver, 5k in wallet"],
    ]);
    expect(embed?.image).toBeUndefined();
  });

  it("shows the heist image only while the switch is on and a link is set", async () => {
    await editSettings(test.ctx, demoGuildId, { heistImageUrl: image }, actor);
    const [reply] = await announce({ time: "2h", amount: "1.2b" });
    expect(reply?.message?.content).toContain("with the heist image");
    expect((await lastPost()).message.embeds[0]?.image).toEqual({ url: image });
    await editSettings(test.ctx, demoGuildId, { heist_image: false }, actor);
    await announce({ time: "2h", amount: "1.2b" });
    expect((await lastPost()).message.embeds[0]?.image).toBeUndefined();
  });

  it("refuses bad times and amounts with a friendly reply", async () => {
    expect((await announce({ time: "tonight", amount: "5m" }))[0]?.message?.content).toMatch(
      /\*\*time\*\* should be/,
    );
    expect((await announce({ time: "1767000000", amount: "5m" }))[0]?.message?.content).toMatch(
      /in the past/,
    );
    expect((await announce({ time: "40d", amount: "5m" }))[0]?.message?.content).toMatch(/more than 30 days/);
    expect((await announce({ time: "1h", amount: "lots" }))[0]?.message?.content).toMatch(
      /\*\*amount\*\* should be/,
    );
  });
});
