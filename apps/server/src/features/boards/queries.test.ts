import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BoardsFixture,
  discordWith,
  expectError,
  openBoardsFixture,
} from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { boardStats, checkMessage, parseMessageRef, recentMessages, topMessages } from "./queries.ts";

let t: BoardsFixture;
const db = () => t.ctx.storage.db;

beforeAll(async () => {
  t = await openBoardsFixture();
});
afterAll(() => t.close());

describe("board reports and admin actions", () => {
  it("answers stats, top, recent and check", async () => {
    const board = await t.makeBoard({ name: "Reports", minReactions: 2 });
    const messages = [];
    for (const [i, count] of [3, 6, 4, 1].entries()) {
      const sent = await t.say(`report ${i}`, t.members[i % 2]);
      await t.reactMany(sent.id, count, 2);
      messages.push(sent.id);
    }
    const [stats] = await boardStats(t.ctx, demoGuildId, "reports");
    expect(stats?.stats).toMatchObject({ posted: 3, tracked: 4, reactions: 14 });
    expect(stats?.stats.topAuthors[0]).toMatchObject({ authorId: t.members[0], posts: 2 });

    const top = await topMessages(t.ctx, demoGuildId, { board: "Reports" });
    expect(top.limit).toBe(10);
    expect(top.messages.map((m) => m.reactionCount)).toEqual([6, 4, 3]);
    await expectError(topMessages(t.ctx, demoGuildId, { board: "Reports", limit: 26 }), 400, /^limit/);

    const recent = await recentMessages(t.ctx, demoGuildId, { board: "Reports" });
    expect(recent).toMatchObject({ hours: 24, total: 3 });
    const later = await recentMessages(
      t.ctx,
      demoGuildId,
      { board: "Reports", hours: 1 },
      Date.now() + 2 * 3_600_000,
    );
    expect(later.total).toBe(0);
    await expectError(recentMessages(t.ctx, demoGuildId, { hours: 169 }), 400, /^hours/);

    const check = await checkMessage(t.ctx, demoGuildId, { message: messages[3] ?? "" });
    expect(check.checks.find((c) => c.board.id === board.id)).toMatchObject({
      count: 1,
      posted: false,
      live: false,
      standing: { qualifies: false, reason: "below" },
    });
    const posted = await checkMessage(t.ctx, demoGuildId, {
      message: `https://discord.com/channels/${demoGuildId}/${t.general}/${messages[1]}`,
    });
    expect(posted.checks.find((c) => c.board.id === board.id)).toMatchObject({ count: 6, posted: true });
  });

  it("checks a message no board has seen from Discord's reactions, and explains bad ids", async () => {
    const board = await t.makeBoard({ name: "Live", emoji: "🎉", minReactions: 2 });
    const sent = await t.say("unseen");
    await db()
      .insertInto("sandbox_reactions")
      .values(
        [t.members[0] ?? "", t.members[1] ?? "", t.members[2] ?? ""].map((user_id) => ({
          channel_id: t.general,
          message_id: sent.id,
          emoji_key: "🎉",
          emoji_id: null,
          emoji_name: "🎉",
          animated: 0,
          user_id,
          created_at: Date.now(),
        })),
      )
      .execute();
    await expectError(checkMessage(t.ctx, demoGuildId, { message: sent.id }), 400, /Give its channel/);
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id, channelId: t.general });
    // The author's own reaction is left out.
    expect(check.checks.find((c) => c.board.id === board.id)).toMatchObject({
      count: 2,
      live: true,
      standing: { qualifies: true },
    });
    expect(() => parseMessageRef("hello")).toThrow(/message_id/);
    expect(parseMessageRef("https://discord.com/channels/1/123456789012345678/223456789012345678")).toEqual({
      serverId: "1",
      channelId: "123456789012345678",
      messageId: "223456789012345678",
    });
    await expectError(
      checkMessage(t.ctx, demoGuildId, {
        message: `https://discord.com/channels/1/${t.general}/${sent.id}`,
      }),
      400,
      /another server/,
    );
    // A channel of another server the bot is in is never read for this one.
    const otherServer = discordWith(t.ctx.discord, {
      getChannel: async (id) => {
        const channel = await t.ctx.discord.getChannel(id);
        return channel && { ...channel, guildId: "999999999999999999" };
      },
      getMessage: () => Promise.reject(new Error("must not be read")),
    });
    await expectError(
      checkMessage({ ...t.ctx, discord: otherServer }, demoGuildId, {
        message: sent.id,
        channelId: t.general,
      }),
      404,
      /No channel \d+ in this server/,
    );
  });
});
