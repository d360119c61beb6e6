import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addSandboxBot } from "../../../test/fixtures/game-bots.ts";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { triggersBot } from "./commands.ts";
import { TriggerResponder } from "./listener.ts";
import { addTrigger, editTrigger, listServerTriggers, removeTrigger } from "./service.ts";

let test: TestContext;
let bot: Bot;
let channelId: string;
let otherChannelId: string;
let alice: string;
let bob: string;
const botUser = "555555555555555501";
const staff = { tokenId: null, userId: demoOwnerId, staff: true };

const sent = async (channel: string) => {
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", "message.send")
    .orderBy("id")
    .execute();
  return rows
    .map(
      (row) =>
        JSON.parse(row.payload) as {
          channelId: string;
          message: {
            content?: string;
            embeds?: { title?: string; description?: string }[];
            allowedMentions?: unknown;
          };
        },
    )
    .filter((p) => p.channelId === channel);
};
const command = (userId: string, subcommand: string, options: Record<string, string> = {}) =>
  test.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId,
    name: "trigger",
    subcommand,
    options,
    channelId,
  });

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(bot, test.ctx, triggersBot.commands?.(test.ctx) ?? []);
  triggersBot.listeners?.(bot, test.ctx);
  await bot.start();
  const channels = await test.ctx.discord.listChannels(demoGuildId);
  channelId = channels.find((c) => c.name === "general")?.id ?? "";
  otherChannelId = channels.find((c) => c.name === "memes")?.id ?? "";
  [alice, bob] = (await plainMembers(test.ctx, 2)) as [string, string];
  await addSandboxBot(test.ctx, botUser, "echo-bot");
});
afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});
beforeEach(async () => {
  await test.ctx.storage.db.deleteFrom("server_triggers").execute();
  await test.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
  await editSettings(test.ctx, demoGuildId, { memberTriggerLimit: 3 }, staff);
});

describe("trigger rules", () => {
  it("validates keyword, response, template tags and lengths", async () => {
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "  ", response: "x" }, staff),
      400,
      "keyword",
    );
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "k".repeat(101), response: "x" }, staff),
      400,
      "keyword",
    );
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "hi", response: " " }, staff),
      400,
      "response",
    );
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "hi", response: "x".repeat(2001) }, staff),
      400,
      "response",
    );
    await addTrigger(
      test.ctx,
      demoGuildId,
      { keyword: "long", response: "x".repeat(4000), replyType: "embed" },
      staff,
    );
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "hi", response: "Hey {user.mentoin}" }, staff),
      400,
      "response",
      /unknown tag \{user\.mentoin\}\. Did you mean \{user\.mention\}/,
    );
  });

  it("one trigger per keyword, whatever its case and spacing", async () => {
    await addTrigger(test.ctx, demoGuildId, { keyword: "Bank  Rob", response: "no" }, staff);
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "bank rob", response: "x" }, staff),
      409,
      "keyword",
    );
  });

  it("members may own memberTriggerLimit triggers; staff are unlimited; the limit follows the setting", async () => {
    const member = { tokenId: null, userId: alice, staff: false };
    await editSettings(test.ctx, demoGuildId, { memberTriggerLimit: 2 }, staff);
    await addTrigger(test.ctx, demoGuildId, { keyword: "a1", response: "x" }, member);
    await addTrigger(test.ctx, demoGuildId, { keyword: "a2", response: "x" }, member);
    await expectAppError(
      addTrigger(test.ctx, demoGuildId, { keyword: "a3", response: "x" }, member),
      403,
      undefined,
      /2 of your 2 triggers/,
    );
    // Another member has their own allowance; staff triggers count for nobody.
    await addTrigger(test.ctx, demoGuildId, { keyword: "b1", response: "x" }, { ...member, userId: bob });
    for (let i = 0; i < 5; i++)
      await addTrigger(test.ctx, demoGuildId, { keyword: `s${i}`, response: "x" }, staff);
    await editSettings(test.ctx, demoGuildId, { memberTriggerLimit: 3 }, staff);
    await addTrigger(test.ctx, demoGuildId, { keyword: "a3", response: "x" }, member);
    const list = await listServerTriggers(test.ctx, demoGuildId);
    expect(list.memberLimit).toBe(3);
    expect(list.triggers.map((t) => t.keyword)).toEqual([
      "a1",
      "a2",
      "b1",
      "s0",
      "s1",
      "s2",
      "s3",
      "s4",
      "a3",
    ]);
  });

  it("members edit and remove only their own; staff any", async () => {
    await addTrigger(
      test.ctx,
      demoGuildId,
      { keyword: "mine", response: "x" },
      { tokenId: null, userId: alice, staff: false },
    );
    const asBob = { tokenId: null, userId: bob, staff: false };
    await expectAppError(editTrigger(test.ctx, demoGuildId, "mine", { response: "y" }, asBob), 403);
    await expectAppError(removeTrigger(test.ctx, demoGuildId, "MINE", asBob), 403);
    const edited = await editTrigger(
      test.ctx,
      demoGuildId,
      "mine",
      { keyword: "ours", match: "exact" },
      staff,
    );
    expect(edited).toMatchObject({ keyword: "ours", match: "exact", response: "x" });
    await removeTrigger(test.ctx, demoGuildId, "ours", staff);
    await expectAppError(removeTrigger(test.ctx, demoGuildId, "ours", staff), 404);
  });
});

describe("/trigger through the sandbox", () => {
  it("a member adds up to the limit, gets a friendly refusal after, and lists", async () => {
    await editSettings(test.ctx, demoGuildId, { memberTriggerLimit: 1 }, staff);
    const [added] = await command(alice, "add", {
      keyword: "wen heist",
      response: "Soon™",
      match: "contains",
    });
    expect(added?.message?.content).toMatch(/Added the trigger \*\*wen heist\*\* \(contains, text reply\)/);
    expect(added?.ephemeral).toBe(true);
    const [refused] = await command(alice, "add", { keyword: "another", response: "x" });
    expect(refused?.message?.content).toMatch(/1 of your 1 trigger already/);
    const [list] = await command(alice, "list");
    expect(list?.message?.embeds?.[0]?.title).toBe("Triggers (1)");
    expect(list?.message?.embeds?.[0]?.description).toBe("You have 1 of 1 triggers.");
    const [staffAdd] = await command(demoOwnerId, "add", {
      keyword: "rules",
      response: "Read them",
      reply: "embed",
      title: "Rules",
    });
    expect(staffAdd?.message?.content).toMatch(
      /Added the trigger \*\*rules\*\* \(whole word, embed reply\)\.$/,
    );
  });
});

describe("answering", () => {
  const say = (author: string, content: string, channel = channelId) =>
    test.sandbox.simulateMessage(channel, author, content);

  it("whole word, contains and exact, case-insensitive, with the template filled", async () => {
    await addTrigger(test.ctx, demoGuildId, { keyword: "gg", response: "GG {user.mention}!" }, staff);
    await addTrigger(
      test.ctx,
      demoGuildId,
      { keyword: "heist", response: "Heist info", match: "contains" },
      staff,
    );
    await addTrigger(
      test.ctx,
      demoGuildId,
      { keyword: "ping me", response: "pong", match: "exact", replyType: "embed", embedTitle: "Pong" },
      staff,
    );
    await say(alice, "eggs are great"); // "gg" inside a word: no
    await say(alice, "that was GG!");
    await say(bob, "the HEISTS are fun", otherChannelId);
    await say(alice, "ping me please"); // exact only
    await say(alice, "  Ping   ME ");
    const general = await sent(channelId);
    expect(general.map((m) => m.message.content ?? m.message.embeds?.[0]?.description)).toEqual([
      `GG <@${alice}>!`,
      "pong",
    ]);
    expect(general[0]?.message.allowedMentions).toEqual({ users: [alice] });
    expect(general[1]?.message.embeds?.[0]?.title).toBe("Pong");
    expect((await sent(otherChannelId)).map((m) => m.message.content)).toEqual(["Heist info"]);
  });

  it("one reply per message, a cooldown per channel, never to bots", async () => {
    await addTrigger(test.ctx, demoGuildId, { keyword: "loot", response: "first" }, staff);
    await addTrigger(test.ctx, demoGuildId, { keyword: "box", response: "second" }, staff);
    await say(alice, "loot box");
    await say(bob, "loot");
    await say(alice, "loot", otherChannelId);
    await say(botUser, "box");
    expect((await sent(channelId)).map((m) => m.message.content)).toEqual(["first"]);
    expect((await sent(otherChannelId)).map((m) => m.message.content)).toEqual(["first"]);
    const responder = new TriggerResponder(test.ctx);
    const message = {
      id: "1",
      channelId,
      guildId: demoGuildId,
      author: { id: alice, username: "a", globalName: null, avatar: null, bot: false, createdAt: 0 },
      content: "loot",
      memberRoleIds: [],
      mentionUserIds: [],
      attachments: [],
      webhookId: null,
      createdAt: 0,
    };
    expect(await responder.onMessage(message, 1_000_000)).toBe(true);
    expect(await responder.onMessage(message, 1_009_999)).toBe(false);
    expect(await responder.onMessage(message, 1_010_000)).toBe(true);
  });

  it("matches from memory: a message reads no rows once the server's triggers are compiled", async () => {
    await addTrigger(test.ctx, demoGuildId, { keyword: "cached", response: "from memory" }, staff);
    await say(alice, "warm the cache up");
    // Rows removed behind the service's back: the compiled index still answers until its age limit.
    await test.ctx.storage.db.deleteFrom("server_triggers").execute();
    await say(alice, "cached?");
    expect((await sent(channelId)).map((m) => m.message.content)).toEqual(["from memory"]);
  });

  it("a change through the service applies at once", async () => {
    await addTrigger(test.ctx, demoGuildId, { keyword: "swap", response: "old" }, staff);
    await say(alice, "swap");
    await editTrigger(test.ctx, demoGuildId, "swap", { response: "new" }, staff);
    await say(alice, "swap", otherChannelId);
    await removeTrigger(test.ctx, demoGuildId, "swap", staff);
    await say(bob, "swap", otherChannelId);
    expect((await sent(channelId)).map((m) => m.message.content)).toEqual(["old"]);
    expect((await sent(otherChannelId)).map((m) => m.message.content)).toEqual(["new"]);
  });
});
