import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardsFixture, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId, dialects } from "../../../test/helpers.ts";
import { BoardCounter } from "./counter.ts";
import * as messageStore from "./message-store.ts";

// Bursts of reactions on one message, on each database (PostgreSQL runs its pool's connections
// truly in parallel, where SQLite serialises): one post, and the final count on it.

describe.each(dialects)("a burst of reactions on %s", (dialect) => {
  let t: BoardsFixture;
  let general: string;
  let members: string[];

  const db = () => t.ctx.storage.db;
  const react = (messageId: string, userId: string, remove = false) =>
    t.react(general, messageId, userId, "⭐", remove);
  /** The board posts' messages in a channel. */
  const postsIn = async (channelId: string) => (await t.postsIn(channelId)).map((post) => post.message);
  /** ⭐ as a gateway reaction event on the message, from a member. */
  const reactionEvent = (messageId: string, userId: string) => ({
    guildId: demoGuildId,
    channelId: general,
    messageId,
    userId,
    emoji: { id: null, name: "⭐" },
    messageAuthorId: null,
  });

  beforeAll(async () => {
    t = await openBoardsFixture({ dialect });
    ({ general, members } = t);
    expect(members.length).toBeGreaterThanOrEqual(61);
  });
  afterAll(() => t.close());

  it("50 concurrent reactions make exactly one post with the right count", async () => {
    const board = await t.makeBoard();
    const sent = await t.sandbox.simulateMessage(general, members[0] ?? "", "burst");
    await Promise.all(members.slice(1, 51).map((userId) => react(sent.id, userId)));
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.content).toBe(`⭐ **50** · <#${general}>`);
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({
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
    const board = await t.makeBoard();
    const counter = new BoardCounter(t.ctx);
    const sent = await t.sandbox.simulateMessage(general, members[0] ?? "", "second thoughts");
    const event = (userId: string) => reactionEvent(sent.id, userId);
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
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({ reactionCount: 4 });
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.content).toBe(`⭐ **4** · <#${general}>`);
  });

  it("posts once, with the final count, when several counters (processes) sync the same burst", async () => {
    const board = await t.makeBoard();
    const others = [new BoardCounter(t.ctx), new BoardCounter(t.ctx)];
    const sent = await t.sandbox.simulateMessage(general, members[0] ?? "", "two processes");
    await Promise.all(
      members.slice(1, 25).map(async (userId, i) => {
        await react(sent.id, userId);
        await others[i % 2]?.onReaction(reactionEvent(sent.id, userId), false);
      }),
    );
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.content).toBe(`⭐ **24** · <#${general}>`);
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({
      reactionCount: 24,
      postedCount: 24,
    });
  });
});
