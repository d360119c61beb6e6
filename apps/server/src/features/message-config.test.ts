import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../test/helpers.ts";
import { type Bot, createBot } from "../bot/bot.ts";
import { bindFeatures } from "../composition.ts";
import type { MessageEvent } from "../discord/port/events.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { forgetServerConfig } from "../lib/server-config-cache.ts";
import { removeItem, setAnswerChannel, setItemPrice } from "./market/service.ts";
import { editSettings, shareSettingsChanges } from "./settings/service.ts";
import { countStickyMessages, removeSticky, setSticky } from "./sticky/service.ts";
import { addTrigger, removeTrigger } from "./triggers/service.ts";

// Message listeners decide from per-server configuration held in memory (lib/server-config-cache.ts).
// A change made in this process must be seen by the very next message; one made by another process
// is seen when its Redis message arrives (simulated: the row written directly, then the server
// forgotten as the subscriber does), and not before.

const actor = { tokenId: null, userId: demoOwnerId };
const staff = { ...actor, staff: true };

let t: TestContext;
let bot: Bot;
let general: string;
let trading: string;
let memberId: string;

/** What the bot sent into a channel since `after` (the sandbox's outbox). */
async function sentSince(after: number, channelId: string): Promise<string[]> {
  const rows = await t.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select(["payload"])
    .where("action", "=", "message.send")
    .where("id", ">", after)
    .execute();
  return rows
    .map(
      (row) =>
        JSON.parse(row.payload) as { channelId: string; message?: { content?: string }; content?: string },
    )
    .filter((payload) => payload.channelId === channelId)
    .map((payload) => payload.message?.content ?? payload.content ?? "");
}

async function lastOutboxId(): Promise<number> {
  const row = await t.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

let sequence = 0;
/** A member says something in a channel; resolves when every listener has finished with it. */
async function say(content: string, channelId = general): Promise<string[]> {
  const before = await lastOutboxId();
  const member = await t.ctx.discord.getMember(demoGuildId, memberId);
  const message: MessageEvent = {
    id: String(1_310_000_000_000_000_000n + BigInt(sequence++)),
    channelId,
    guildId: demoGuildId,
    author: member?.user ?? {
      id: memberId,
      username: "m",
      globalName: null,
      avatar: null,
      bot: false,
      createdAt: 0,
    },
    content,
    memberRoleIds: member?.roleIds ?? [],
    mentionUserIds: [],
    attachments: [],
    embeds: [],
    webhookId: null,
    createdAt: Date.now(),
  };
  await bot.events.emit("messageCreate", message);
  return sentSince(before, channelId);
}

beforeAll(async () => {
  t = await createTestContext();
  bot = createBot(t.ctx, t.sandbox);
  await bindFeatures(t.ctx, bot);
  await bot.start();
  const channels = await t.ctx.discord.listChannels(demoGuildId);
  const text = channels.filter((channel) => channel.type === 0);
  general = text.find((channel) => channel.name === "general")?.id ?? "";
  trading = text.find((channel) => channel.id !== general)?.id ?? "";
  const members = await t.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "!=", demoOwnerId)
    .orderBy("joined_at")
    .limit(5)
    .execute();
  memberId = members[4]?.user_id ?? "";
  await editSettings(t.ctx, demoGuildId, { marketCheckerEnabled: true }, actor);
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

describe("message listeners see configuration changes at once", () => {
  it("price questions follow the price list and the answer channels", async () => {
    expect(await say("pc moon rock")).toEqual([]);
    await setItemPrice(t.ctx, demoGuildId, { name: "Moon Rock", price: "1.5m" }, actor);
    expect((await say("pc moon rock"))[0]).toContain("**Moon Rock**: ");
    await setItemPrice(t.ctx, demoGuildId, { name: "Moon Rock", price: "3m" }, actor);
    expect((await say("pc moon rock"))[0]).toMatch(/Moon Rock\*\*: .*3/);
    await setAnswerChannel(t.ctx, demoGuildId, trading, true, actor);
    expect(await say("pc moon rock")).toEqual([]);
    expect((await say("pc moon rock", trading))[0]).toContain("Moon Rock");
    await setAnswerChannel(t.ctx, demoGuildId, trading, false, actor);
    await removeItem(t.ctx, demoGuildId, "Moon Rock", actor);
    expect(await say("pc moon rock")).toEqual([]);
  });

  it("a price another process set is answered once its change is heard, not before", async () => {
    expect(await say("pc star dust")).toEqual([]);
    await t.ctx.storage.db
      .insertInto("market_items")
      .values({
        server_id: demoGuildId,
        item_key: "star dust",
        name: "Star Dust",
        price: "700000",
        updated_at: Date.now(),
        updated_by: null,
      })
      .execute();
    expect(await say("pc star dust")).toEqual([]);
    forgetServerConfig(demoGuildId);
    expect((await say("pc star dust"))[0]).toContain("**Star Dust**");
  });

  it("triggers answer from the moment they are added until they are removed", async () => {
    expect(await say("anyone seen the kraken")).toEqual([]);
    await addTrigger(t.ctx, demoGuildId, { keyword: "kraken", response: "The kraken sleeps." }, staff);
    expect(await say("anyone seen the kraken")).toEqual(["The kraken sleeps."]);
    await removeTrigger(t.ctx, demoGuildId, "kraken", staff);
    expect(await say("the kraken again")).toEqual([]);
  });

  it("a channel's sticky counts from the moment it is set, and stops when removed", async () => {
    expect(await countStickyMessages(t.ctx, demoGuildId, trading)).toBe(false);
    await setSticky(t.ctx, demoGuildId, {
      channelId: trading,
      message: "Use a middleman",
      triggerCount: 1,
      userId: demoOwnerId,
    });
    expect(await countStickyMessages(t.ctx, demoGuildId, trading)).toBe(true);
    await removeSticky(t.ctx, demoGuildId, trading, { tokenId: null, userId: demoOwnerId });
    expect(await countStickyMessages(t.ctx, demoGuildId, trading)).toBe(false);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("configuration changes across processes through Redis", () => {
  const clients: Redis[] = [];
  let stop: () => void = () => {};
  const connect = () => {
    const client = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    stop = await shareSettingsChanges(connect(), connect(), (error) => {
      throw error;
    });
  });
  afterAll(() => {
    stop();
    for (const client of clients) client.disconnect();
  });

  it("a trigger another process added answers once its message arrives", async () => {
    expect(await say("where is the lighthouse")).toEqual([]);
    await t.ctx.storage.db
      .insertInto("server_triggers")
      .values({
        server_id: demoGuildId,
        keyword: "lighthouse",
        keyword_key: "lighthouse",
        match_mode: "word",
        reply_type: "text",
        response: "North of the docks.",
        embed_title: null,
        staff: 1,
        created_by: demoOwnerId,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    expect(await say("where is the lighthouse")).toEqual([]);
    await connect().publish("hearth:settings-changed", demoGuildId);
    const deadline = Date.now() + 2000;
    let answers: string[] = [];
    while (answers.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answers = await say("where is the lighthouse");
    }
    expect(answers).toEqual(["North of the docks."]);
  });

  it("this process announces a price list change to the others", async () => {
    const listener = connect();
    const heard: string[] = [];
    listener.on("message", (_channel: string, serverId: string) => heard.push(serverId));
    await listener.subscribe("hearth:settings-changed");
    await setItemPrice(t.ctx, demoGuildId, { name: "Sea Glass", price: "40k" }, actor);
    const deadline = Date.now() + 2000;
    while (heard.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toContain(demoGuildId);
  });
});
