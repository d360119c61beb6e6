import { dankMemerId, type SettingsEditBody, serverSettings, settingsEditBody } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSandboxBot, rumbleRoyaleId } from "../../../test/fixtures/game-bots.ts";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { bindFeatures } from "../../composition.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { recordPoolWin } from "../antipool/service.ts";
import { gameEvents } from "../event-helper/fixtures.ts";
import { enterGiveaway } from "../giveaways/entries.ts";
import { createGiveaway } from "../giveaways/service.ts";
import { setItemPrice } from "../market/service.ts";
import { winnerEmbed } from "../rumble/fixtures.ts";
import { editSettings } from "./service.ts";

// Every field of the server settings, walked: each one the Settings tab and /settings can change has a
// probe here that acts as a member (or another bot) would, through the whole bot (every feature's
// commands and listeners bound, as the program binds them), under two values of that field, and shows
// the bot does something different. A field added to the settings schema without a probe fails the
// first test: a switch that changes nothing is a defect.

let test: TestContext;
let bot: Bot;
let general: string;
let events: string;
let member: string;
let managerA: string;
let managerB: string;
const otherBot = "555555555555555599";
const actor = { tokenId: null, userId: demoOwnerId };
const imageA = "https://cdn.example.com/heist-a.png";
const imageB = "https://cdn.example.com/heist-b.png";

/** Outbox rows written by `act`, as `action` + payload. */
async function during(act: () => Promise<unknown>) {
  const db = test.ctx.storage.db;
  const last = await db
    .selectFrom("sandbox_outbox")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  await act();
  const rows = await db
    .selectFrom("sandbox_outbox")
    .select(["action", "payload"])
    .where("id", ">", Number(last?.id ?? 0))
    .orderBy("id")
    .execute();
  return rows.map((row): Record<string, unknown> & { action: string } => ({
    ...(JSON.parse(row.payload) as Record<string, unknown>),
    action: row.action,
  }));
}
type Sent = Awaited<ReturnType<typeof during>>;
const contents = (sent: Sent) =>
  sent.map((s) => (s.message as { content?: string } | undefined)?.content ?? "").filter((c) => c !== "");
const say = (author: string, content: string, embeds: object[] = [], channel = general) =>
  test.sandbox.simulateMessage(channel, author, content, { embeds });
const run = async (
  userId: string,
  name: string,
  subcommand: string | undefined,
  options: Record<string, string | number> = {},
) => {
  const replies = await test.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId,
    name,
    subcommand,
    options,
    channelId: general,
  });
  return replies.map((r) => r.message?.content ?? "").join("\n");
};

/** A giveaway the member alone entered, ended through /giveaway end: answers its winners. */
async function pooledGiveaway(priorWinHoursAgo: number): Promise<{ winners: string; sent: Sent }> {
  // Only this scenario's earlier win counts (not the wins of the probes before it).
  await test.ctx.storage.db.deleteFrom("antipool_wins").execute();
  // Counted only while protection is on, as a real earlier win would be.
  await recordPoolWin(
    test.ctx,
    {
      serverId: demoGuildId,
      kind: "raffle",
      eventId: `prior-${Math.random()}`,
      label: "Gold tier",
      channelId: events,
      startedAt: 0,
    },
    member,
    Date.now() - priorWinHoursAgo * 3_600_000,
  );
  const giveaway = await createGiveaway(
    test.ctx,
    demoGuildId,
    { ...actor, userId: demoOwnerId },
    { channelId: events, prize: "Walker prize", winnerCount: 1, duration: 3600 },
  );
  await enterGiveaway(test.ctx, demoGuildId, giveaway.messageId, member);
  let reply = "";
  const sent = await during(async () => {
    reply = await run(demoOwnerId, "giveaway", "end", { message_id: giveaway.messageId });
  });
  return { winners: reply.includes(`<@${member}>`) ? "member won" : "member did not win", sent };
}

interface Probe {
  /** The field's two values (plus whatever the scenario needs set around them). */
  a: SettingsEditBody;
  b: SettingsEditBody;
  /** What the bot does in the scenario, in a comparable form. */
  observe: () => Promise<unknown>;
}

const probes: Record<string, Probe> = {
  eventsCheatEnabled: {
    a: { eventsCheatEnabled: false, gameBotIds: [dankMemerId] },
    b: { eventsCheatEnabled: true },
    observe: async () => contents(await during(() => say(dankMemerId, "", [...gameEvents.sum.embeds]))),
  },
  gameBotIds: {
    a: { eventsCheatEnabled: true, gameBotIds: [dankMemerId] },
    b: { gameBotIds: [otherBot] },
    observe: async () => contents(await during(() => say(dankMemerId, "", [...gameEvents.reverse.embeds]))),
  },
  calculatorEnabled: {
    a: { calculatorEnabled: false },
    b: { calculatorEnabled: true },
    observe: async () => contents(await during(() => say(member, "1.5m*3"))),
  },
  bankCalculatorEnabled: {
    a: { bankCalculatorEnabled: false },
    b: { bankCalculatorEnabled: true },
    observe: () => run(member, "bankcalc", undefined, { total: "10m", members: 4 }),
  },
  tipsEnabled: {
    a: { tipsEnabled: false, tipsEvery: 2 },
    b: { tipsEnabled: true },
    observe: async () => {
      const replies = [await run(member, "rumble", "stats"), await run(member, "rumble", "stats")];
      return replies.filter((r) => r.includes("💡 Tip")).length;
    },
  },
  tipsEvery: {
    a: { tipsEnabled: true, tipsEvery: 2 },
    b: { tipsEvery: 100 },
    observe: async () => {
      const replies: string[] = [];
      for (let i = 0; i < 4; i++) replies.push(await run(member, "rumble", "leaderboard"));
      return replies.filter((r) => r.includes("💡 Tip")).length;
    },
  },
  marketCheckerEnabled: {
    a: { marketCheckerEnabled: false },
    b: { marketCheckerEnabled: true },
    observe: async () => contents(await during(() => say(member, "price padlock"))),
  },
  heist_image: {
    a: { heistImageUrl: imageA, heist_image: false },
    b: { heist_image: true },
    observe: () => heistImage(),
  },
  heistImageUrl: {
    a: { heistImageUrl: imageA },
    b: { heistImageUrl: imageB },
    observe: () => heistImage(),
  },
  rumbleTrackerEnabled: {
    a: { rumbleTrackerEnabled: false },
    b: { rumbleTrackerEnabled: true },
    observe: async () =>
      contents(
        await during(() =>
          say(rumbleRoyaleId, "", [
            { ...winnerEmbed, thumbnail: { url: `https://cdn.discordapp.com/avatars/${member}/x.png` } },
          ]),
        ),
      ).map((c) => c.replace(/\*\*\d+\*\* wins?|\d+ this month/g, "#")),
  },
  "antiPoolShow.toggle": {
    a: { antiPoolShow: { poolManagerId: null, toggle: false, windowHours: 24 } },
    b: { antiPoolShow: { toggle: true } },
    observe: async () => (await pooledGiveaway(1)).winners,
  },
  "antiPoolShow.poolManagerId": {
    // Getters: the managers are picked in beforeAll, after this table is built.
    get a() {
      return { antiPoolShow: { poolManagerId: managerA, windowHours: 24 } };
    },
    get b() {
      return { antiPoolShow: { poolManagerId: managerB } };
    },
    observe: async () =>
      (await pooledGiveaway(1)).sent.filter((s) => s.action === "dm.send").map((s) => s.userId),
  },
  "antiPoolShow.windowHours": {
    get a() {
      return { antiPoolShow: { poolManagerId: managerA, windowHours: 24 } };
    },
    b: { antiPoolShow: { windowHours: 2 } },
    observe: async () => (await pooledGiveaway(6)).winners,
  },
  memberTriggerLimit: {
    a: { memberTriggerLimit: 1 },
    b: { memberTriggerLimit: 2 },
    observe: async () => {
      await test.ctx.storage.db.deleteFrom("server_triggers").where("created_by", "=", member).execute();
      await run(member, "trigger", "add", { keyword: "walker one", response: "one" });
      const second = await run(member, "trigger", "add", { keyword: "walker two", response: "two" });
      return second.startsWith("✅") ? "second trigger added" : "second trigger refused";
    },
  },
};

async function heistImage() {
  const sent = await during(() => run(demoOwnerId, "heist", "announce", { time: "1h", amount: "10m" }));
  const post = sent.find((s) => s.action === "message.send");
  return (
    (post?.message as { embeds?: { image?: { url: string } }[] } | undefined)?.embeds?.[0]?.image?.url ??
    "no image"
  );
}

/** The settings' field paths: top-level fields, and the fields inside object-valued ones. */
function fieldPaths(shape: Record<string, unknown>): string[] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    const inner = (schema as { unwrap?: () => unknown }).unwrap?.() ?? schema;
    const nested = (inner as { shape?: Record<string, unknown> }).shape;
    return nested ? Object.keys(nested).map((sub) => `${key}.${sub}`) : [key];
  });
}

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  await bindFeatures(test.ctx, bot);
  await bot.start();
  const channels = await test.ctx.discord.listChannels(demoGuildId);
  general = channels.find((c) => c.name === "general")?.id ?? "";
  events = channels.find((c) => c.name === "events")?.id ?? "";
  [member, managerA, managerB] = (await plainMembers(test.ctx, 3)) as [string, string, string];
  await addSandboxBot(test.ctx, dankMemerId, "Dank Memer");
  await addSandboxBot(test.ctx, rumbleRoyaleId, "Rumble Royale");
  await addSandboxBot(test.ctx, otherBot, "Other game bot");
  await setItemPrice(test.ctx, demoGuildId, { name: "Padlock", price: "5k" }, actor);
});
afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("every settings field changes what the bot does", () => {
  it("every field the Settings tab can change has a probe, and every stored field can be changed", () => {
    const editable = fieldPaths(settingsEditBody.shape);
    expect(editable.filter((field) => !(field in probes))).toEqual([]);
    expect(Object.keys(probes).filter((field) => !editable.includes(field))).toEqual([]);
    // `pro` is read-only (premium is granted by staff, never from the Settings tab); everything else
    // the dashboard shows is editable, so it's walked.
    const stored = fieldPaths(serverSettings.shape).filter((field) => !field.startsWith("pro."));
    expect(stored.filter((field) => !editable.includes(field))).toEqual([]);
  });

  it.each(Object.keys(probes))("%s", async (field) => {
    const probe = probes[field] as Probe;
    await editSettings(test.ctx, demoGuildId, probe.a, actor);
    const before = await probe.observe();
    await editSettings(test.ctx, demoGuildId, probe.b, actor);
    const after = await probe.observe();
    expect(after, `${field}: the bot did the same under both values (${JSON.stringify(before)})`).not.toEqual(
      before,
    );
    // And back: the first value's behaviour returns, so the difference is the field's doing.
    await editSettings(test.ctx, demoGuildId, probe.a, actor);
    expect(await probe.observe()).toEqual(before);
  });
});
