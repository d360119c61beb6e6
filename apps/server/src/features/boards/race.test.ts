import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/demo-seed.ts";
import type { OutgoingMessage } from "../../discord/port.ts";
import { boardsBot } from "./commands.ts";
import { BoardCounter } from "./counter.ts";
import { type Board, createBoard } from "./service.ts";
import * as store from "./store.ts";

// Bursts of reactions on one message, on each database (PostgreSQL runs its pool's connections
// truly in parallel, where SQLite serialises): one post, and the final count on it.

describe.each(dialects)("a burst of reactions on %s", (dialect) => {
  let t: TestContext;
  let bot: Bot;
  let general: string;
  let members: string[];
  let boards = 0;

  const db = () => t.ctx.storage.db;
  const react = (messageId: string, userId: string, remove = false) =>
    t.sandbox.simulateReaction({ channelId: general, messageId, userId, emoji: "⭐", remove });

  async function postsIn(channelId: string) {
    const rows = await db()
      .selectFrom("sandbox_messages")
      .select(["id", "payload"])
      .where("channel_id", "=", channelId)
      .where("deleted_at", "is", null)
      .execute();
    return rows.map((row) => JSON.parse(row.payload) as OutgoingMessage);
  }

  async function makeBoard(): Promise<Board> {
    const channel = await t.ctx.discord.createChannel(demoGuildId, { name: `burst-${++boards}`, type: 0 });
    return createBoard(t.ctx, demoGuildId, {
      name: `burst ${boards}`,
      emoji: "⭐",
      channelId: channel.id,
      minReactions: 3,
      userId: demoOwnerId,
    });
  }

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    bot = createBot(t.ctx, t.sandbox);
    boardsBot.listen?.(bot, t.ctx);
    await bot.start();
    general = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id ?? "";
    const rows = await db()
      .selectFrom("sandbox_members as m")
      .innerJoin("sandbox_users as u", "u.id", "m.user_id")
      .select("m.user_id")
      .where("m.guild_id", "=", demoGuildId)
      .where("u.bot", "=", 0)
      .where("m.user_id", "!=", demoOwnerId)
      .orderBy("m.user_id")
      .execute();
    members = rows.map((row) => row.user_id);
    expect(members.length).toBeGreaterThanOrEqual(61);
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("50 concurrent reactions make exactly one post with the right count", async () => {
    const board = await makeBoard();
    const sent = await t.sandbox.simulateMessage(general, members[0] ?? "", "burst");
    await Promise.all(members.slice(1, 51).map((userId) => react(sent.id, userId)));
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.content).toBe(`⭐ **50** · <#${general}>`);
    expect(await store.findMessage(db(), board.id, sent.id)).toMatchObject({
      reactionCount: 50,
      postedCount: 50,
    });
    // A mixed burst: 20 leave while 10 join, all at once.
    await Promise.all([
      ...members.slice(1, 21).map((userId) => react(sent.id, userId, true)),
      ...members.slice(51, 61).map((userId) => react(sent.id, userId)),
    ]);
    const after = await postsIn(board.channelId);
    expect(after).toHaveLength(1);
    expect(after[0]?.content).toBe(`⭐ **40** · <#${general}>`);
  });

  it("applies a member's quick add-then-remove in order: no phantom reaction is left", async () => {
    const board = await makeBoard();
    const counter = new BoardCounter(t.ctx);
    const sent = await t.sandbox.simulateMessage(general, members[0] ?? "", "second thoughts");
    const event = (userId: string) => ({
      guildId: demoGuildId,
      channelId: general,
      messageId: sent.id,
      userId,
      emoji: { id: null, name: "⭐" },
      messageAuthorId: null,
    });
    // As the gateway delivers them: each add straight followed by its remove, none awaited between.
    const togglers = members.slice(1, 11);
    const stayers = members.slice(11, 15);
    await Promise.all([
      ...togglers.flatMap((userId) => [
        counter.onReaction(event(userId), false),
        counter.onReaction(event(userId), true),
      ]),
      ...stayers.map((userId) => counter.onReaction(event(userId), false)),
    ]);
    // The events go to the counter directly (Discord's list, which the first one seeds from, is
    // empty), so the count is exactly what the events, applied in order, leave.
    expect(await store.findMessage(db(), board.id, sent.id)).toMatchObject({ reactionCount: 4 });
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.content).toBe(`⭐ **4** · <#${general}>`);
  });

  it("posts once, with the final count, when several counters (processes) sync the same burst", async () => {
    const board = await makeBoard();
    const others = [new BoardCounter(t.ctx), new BoardCounter(t.ctx)];
    const sent = await t.sandbox.simulateMessage(general, members[0] ?? "", "two processes");
    await Promise.all(
      members.slice(1, 25).map(async (userId, i) => {
        await react(sent.id, userId);
        await others[i % 2]?.onReaction(
          {
            guildId: demoGuildId,
            channelId: general,
            messageId: sent.id,
            userId,
            emoji: { id: null, name: "⭐" },
            messageAuthorId: null,
          },
          false,
        );
      }),
    );
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.content).toBe(`⭐ **24** · <#${general}>`);
    expect(await store.findMessage(db(), board.id, sent.id)).toMatchObject({
      reactionCount: 24,
      postedCount: 24,
    });
  });
});
