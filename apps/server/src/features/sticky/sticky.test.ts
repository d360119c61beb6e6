import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { stickyBot } from "./commands.ts";
import { StickyReposter } from "./reposter.ts";
import { listStickies, removeSticky, repostSticky, setSticky } from "./service.ts";
import { findSticky } from "./store.ts";

const owner = { tokenId: null, userId: demoOwnerId };

let test: TestContext;
let bot: Bot;
let channels: Record<string, string>;
let memberId: string;

async function outbox(action: string, channelId: string) {
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { channelId: string; messageId: string })
    .filter((payload) => payload.channelId === channelId);
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(bot, test.ctx, stickyBot.commands?.(test.ctx) ?? []);
  stickyBot.listeners?.(bot, test.ctx);
  await bot.start();
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((channel) => [channel.name, channel.id]),
  );
  const member = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .executeTakeFirstOrThrow();
  memberId = member.user_id;
});

afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("sticky service", () => {
  it("validates the text, the trigger count and the channel", async () => {
    const base = { channelId: channels.memes ?? "", userId: demoOwnerId };
    await expectAppError(setSticky(test.ctx, demoGuildId, { ...base, message: "  " }), 400, "message");
    await expectAppError(
      setSticky(test.ctx, demoGuildId, { ...base, message: "x".repeat(2001) }),
      400,
      "message",
      /2001 characters; the limit is 2000/,
    );
    for (const triggerCount of [0, 101, 2.5]) {
      await expectAppError(
        setSticky(test.ctx, demoGuildId, { ...base, message: "Hi", triggerCount }),
        400,
        "trigger_count",
      );
    }
    await expectAppError(
      setSticky(test.ctx, demoGuildId, { ...base, channelId: channels.Lounge ?? "", message: "Hi" }),
      400,
      "channel",
      /not a text channel/,
    );
    await expectAppError(
      setSticky(test.ctx, demoGuildId, { ...base, channelId: "123", message: "Hi" }),
      400,
      "channel",
    );
  });

  it("posts at once with trigger 10 by default; setting again replaces it and deletes the old copy", async () => {
    const channelId = channels.media ?? "";
    const first = await setSticky(test.ctx, demoGuildId, {
      channelId,
      message: "Credit artists",
      userId: "1",
    });
    expect(first).toMatchObject({ replaced: false, sticky: { triggerCount: 10 } });
    const second = await setSticky(test.ctx, demoGuildId, {
      channelId,
      message: "Credit artists, please",
      triggerCount: 4,
      userId: "1",
    });
    expect(second).toMatchObject({ replaced: true, sticky: { triggerCount: 4 } });
    const sent = await outbox("message.send", channelId);
    expect(sent.map((s) => s.messageId)).toEqual([first.sticky.lastMessageId, second.sticky.lastMessageId]);
    expect((await outbox("message.delete", channelId)).map((d) => d.messageId)).toEqual([
      first.sticky.lastMessageId,
    ]);
    expect(await listStickies(test.ctx, demoGuildId)).toHaveLength(1);
  });

  it("reposts only when due, once per claim, and removing deletes the copy", async () => {
    const channelId = channels.suggestions ?? "";
    const { sticky } = await setSticky(test.ctx, demoGuildId, {
      channelId,
      message: "One idea per post",
      triggerCount: 2,
      userId: "1",
    });
    expect(await repostSticky(test.ctx, channelId)).toBe(false);
    const reposter = new StickyReposter(test.ctx, 30);
    for (let i = 0; i < 7; i++) await reposter.onMessage(demoGuildId, channelId);
    await reposter.idle();
    const sent = await outbox("message.send", channelId);
    expect(sent).toHaveLength(2);
    expect((await outbox("message.delete", channelId)).map((d) => d.messageId)).toEqual([
      sticky.lastMessageId,
    ]);
    const stored = await findSticky(test.ctx.storage.db, channelId);
    expect(stored).toMatchObject({ messageCount: 0, lastMessageId: sent[1]?.messageId });

    await removeSticky(test.ctx, demoGuildId, channelId, owner);
    expect((await outbox("message.delete", channelId)).map((d) => d.messageId)).toContain(sent[1]?.messageId);
    await expectAppError(
      removeSticky(test.ctx, demoGuildId, channelId, owner),
      404,
      undefined,
      /no sticky message/,
    );
    reposter.stop();
  });
});

describe("sticky commands on the sandbox", () => {
  const run = (
    userId: string,
    subcommand: string,
    options: Record<string, string | number>,
    channelId?: string,
  ) =>
    test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId,
      name: "sticky",
      subcommand,
      options,
      ...(channelId ? { channelId } : {}),
    });

  it("sets a sticky in the current channel; members without Manage Messages are refused", async () => {
    const channelId = channels.general ?? "";
    const refused = await run(memberId, "set", { message: "Nope" }, channelId);
    expect(refused[0]).toMatchObject({
      ephemeral: true,
      message: { content: expect.stringMatching(/Manage Messages/) },
    });
    const set = await run(demoOwnerId, "set", { message: "Be kind!", trigger_count: 10 }, channelId);
    expect(set[0]?.message?.content).toMatch(/Set a sticky message in <#\d+>.*every 10 messages/);
    const list = await run(memberId, "list", {});
    const values = list[0]?.message?.embeds?.[0]?.fields?.map((field) => field.value) ?? [];
    expect(values.some((value) => value.startsWith(`<#${channelId}> · every 10 messages\nBe kind!`))).toBe(
      true,
    );
  });

  it("a burst of 30 messages with trigger 10 reposts once and deletes the previous copy", async () => {
    const channelId = channels.general ?? "";
    const before = (await findSticky(test.ctx.storage.db, channelId))?.lastMessageId;
    for (let i = 0; i < 30; i++) await test.sandbox.simulateMessage(channelId, memberId, `message ${i}`);
    const deletes = await until(
      () => outbox("message.delete", channelId),
      (rows) => rows.length >= 1,
    );
    expect(deletes.map((d) => d.messageId)).toEqual([before]);
    const sends = await outbox("message.send", channelId);
    expect(sends).toHaveLength(2);
    const after = await findSticky(test.ctx.storage.db, channelId);
    expect(after).toMatchObject({ messageCount: 0, lastMessageId: sends[1]?.messageId });
    // The bot's own messages don't count.
    for (let i = 0; i < 12; i++) await test.sandbox.simulateMessage(channelId, demoBotId, "bot says");
    expect((await findSticky(test.ctx.storage.db, channelId))?.messageCount).toBe(0);
  });

  it("removes the sticky of a named channel, and says when there is none", async () => {
    const removed = await run(demoOwnerId, "remove", { channel: channels.general ?? "" });
    expect(removed[0]?.message?.content).toMatch(/Removed the sticky message/);
    const again = await run(demoOwnerId, "remove", { channel: channels.general ?? "" });
    expect(again[0]?.message?.content).toMatch(/has no sticky message/);
  });
});
