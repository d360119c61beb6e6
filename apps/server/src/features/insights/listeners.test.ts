import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import { dayMs } from "./batch.ts";
import { insights } from "./index.ts";
import { flushInsights, stopInsights } from "./service.ts";
import { readBuckets, topKeys } from "./store.ts";

let test: TestContext;
let bot: Bot;
const serverId = demoGuildId;
const channelId = "700000000000000001";
const user = (id: string, isBot = false) => ({
  id,
  username: `user${id}`,
  globalName: null,
  avatar: null,
  bot: isBot,
});

const message = (authorId: string, over: Partial<MessageEvent> = {}): MessageEvent => ({
  id: String(Math.floor(Math.random() * 1e17)),
  channelId,
  guildId: serverId,
  author: user(authorId) as MessageEvent["author"],
  content: "hello",
  memberRoleIds: [],
  mentionUserIds: [],
  attachments: [],
  webhookId: null,
  createdAt: Date.now(),
  ...over,
});

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  insights.listeners?.(bot, test.ctx);
  await bot.start();
});
afterAll(async () => {
  await bot.stop();
  await stopInsights(test.ctx);
  await test.cleanup();
});

describe("insights listeners", () => {
  it("count joins, leaves, members' messages by channel, active members and commands, and nothing per message in the database", async () => {
    const today = Math.floor(Date.now() / dayMs);
    const before = (await readBuckets(test.ctx.storage.db, serverId, "day", today, today + 1))[0]?.values;
    const member = {
      guildId: serverId,
      user: user("800000000000000001"),
      nick: null,
      roleIds: [],
      joinedAt: Date.now(),
    };
    await bot.events.emit("memberAdd", member as never);
    await bot.events.emit("memberAdd", { ...member, user: user("800000000000000002") } as never);
    await bot.events.emit("memberRemove", { guildId: serverId, user: user("800000000000000001") } as never);
    await bot.events.emit("messageCreate", message("800000000000000002"));
    await bot.events.emit("messageCreate", message("800000000000000002"));
    await bot.events.emit("messageCreate", message("800000000000000003"));
    // Not members' activity: a bot's post, a webhook's, a direct message.
    await bot.events.emit(
      "messageCreate",
      message("800000000000000004", { author: user("800000000000000004", true) as never }),
    );
    await bot.events.emit(
      "messageCreate",
      message("800000000000000005", { webhookId: "900000000000000001" }),
    );
    await bot.events.emit("messageCreate", message("800000000000000006", { guildId: null }));
    await bot.commandRan(serverId, "calc");
    await bot.commandRan(serverId, "calc");

    // Nothing is written until the batch is.
    expect((await readBuckets(test.ctx.storage.db, serverId, "day", today, today + 1))[0]?.values).toEqual(
      before,
    );
    await flushInsights(test.ctx);
    const after = (await readBuckets(test.ctx.storage.db, serverId, "day", today, today + 1))[0]?.values;
    expect(after).toMatchObject({ joins: 2, leaves: 1, messages: 3, active_members: 2, commands: 2 });
    expect(await topKeys(test.ctx.storage.db, serverId, "channel", today, today + 1, 5)).toEqual([
      { key: channelId, count: 3 },
    ]);
    expect(await topKeys(test.ctx.storage.db, serverId, "command", today, today + 1, 5)).toEqual([
      { key: "calc", count: 2 },
    ]);
  });
});
