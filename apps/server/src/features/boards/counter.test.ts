import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BoardsFixture, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import * as messageStore from "./message-store.ts";
import { checkMessage } from "./queries.ts";
import { type Board, editBoard } from "./service.ts";
import * as store from "./store.ts";

let t: BoardsFixture;
const db = () => t.ctx.storage.db;

beforeAll(async () => {
  t = await openBoardsFixture();
  expect(t.members.length).toBeGreaterThanOrEqual(60);
});
afterAll(() => t.close());

describe("counting reactions", () => {
  let board: Board;
  beforeEach(async () => {
    board = await t.makeBoard();
  });

  it("posts a message once when it reaches the threshold, with author, text, image, link and count", async () => {
    const sent = await t.sandbox.simulateMessage(t.general, t.members[0] ?? "", "Look at this sunset", {
      attachments: [
        { id: "a1", url: "https://cdn.example/notes.txt", filename: "notes.txt", contentType: "text/plain" },
        { id: "a2", url: "https://cdn.example/sunset.png", filename: "sunset.png", contentType: "image/png" },
      ],
    });
    await t.reactMany(sent.id, 2);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect((await messageStore.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(2);
    await t.reactMany(sent.id, 1, 3);
    const posts = await t.postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    const post = posts[0]?.message;
    expect(post?.content).toBe(`⭐ **3** · <#${t.general}>`);
    const embed = post?.embeds?.[0];
    expect(embed?.author?.name).toBeTruthy();
    expect(embed?.author?.iconUrl).toMatch(/^https?:|^data:/);
    expect(embed?.description).toContain("Look at this sunset");
    expect(embed?.description).toContain(
      `https://discord.com/channels/${demoGuildId}/${t.general}/${sent.id}`,
    );
    expect(embed?.image?.url).toBe("https://cdn.example/sunset.png");

    // More reactions edit the same post.
    await t.reactMany(sent.id, 2, 4);
    const after = await t.postsIn(board.channelId);
    expect(after).toHaveLength(1);
    expect(after[0]?.message.content).toBe(`⭐ **5** · <#${t.general}>`);
    expect(after[0]?.edited_at).not.toBeNull();
  });

  it("doesn't count the author's own reaction unless the board allows it", async () => {
    const author = t.members[0] ?? "";
    const sent = await t.say("self-star");
    await t.react(t.general, sent.id, author);
    await t.reactMany(sent.id, 2);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect((await messageStore.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(2);
    await editBoard(t.ctx, demoGuildId, board.name, { allowSelf: true });
    await t.reactMany(sent.id, 1, 3);
    const posts = await t.postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**4**");
  });

  it("ignores bot and webhook messages unless the board allows them", async () => {
    const fromBot = await t.ctx.discord.sendMessage(t.general, { content: "beep boop" });
    await t.reactMany(fromBot.id, 5);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    const check = await checkMessage(t.ctx, demoGuildId, { message: fromBot.id });
    expect(check.checks.find((c) => c.board.id === board.id)?.standing).toEqual({
      qualifies: false,
      reason: "bot",
    });
    await editBoard(t.ctx, demoGuildId, board.name, { allowBots: true });
    await t.reactMany(fromBot.id, 1, 6);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
  });

  it("never carries a message from an age-restricted channel to a board channel that isn't", async () => {
    const afterDark = t.channels["after-dark"] ?? "";
    const sent = await t.say("late night thoughts", t.members[0], afterDark);
    await t.reactMany(sent.id, 5, 1, "⭐", afterDark);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id });
    expect(check.checks.find((c) => c.board.id === board.id)).toMatchObject({
      count: 5,
      standing: { reason: "nsfw" },
    });
    // A board whose channel is age-restricted too takes it.
    const nsfwBoard = await t.makeBoard({ emoji: "🔥", channelId: await t.newChannel(true) });
    await t.reactMany(sent.id, 3, 1, "🔥", afterDark);
    expect(await t.postsIn(nsfwBoard.channelId)).toHaveLength(1);
  });

  it("removes a post that falls below the threshold, and posts it again when it climbs back", async () => {
    const sent = await t.say("up and down");
    await t.reactMany(sent.id, 3);
    const [first] = await t.postsIn(board.channelId);
    expect(first).toBeDefined();
    await t.react(t.general, sent.id, t.members[1] ?? "", "⭐", true);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({
      reactionCount: 2,
      postMessageId: null,
    });
    await t.reactMany(sent.id, 1, 10);
    const again = await t.postsIn(board.channelId);
    expect(again).toHaveLength(1);
    expect(again[0]?.id).not.toBe(first?.id);
  });

  it("keeps the post with its lower count when the board keeps posts below the threshold", async () => {
    await editBoard(t.ctx, demoGuildId, board.name, { removeBelow: false });
    const sent = await t.say("keeper");
    await t.reactMany(sent.id, 3);
    await t.react(t.general, sent.id, t.members[2] ?? "", "⭐", true);
    const posts = await t.postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**2**");
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id });
    expect(check.checks.find((c) => c.board.id === board.id)).toMatchObject({
      posted: true,
      standing: { reason: "below" },
    });
  });

  it("deletes the post when the original is deleted, and forgets the message", async () => {
    const sent = await t.say("soon gone");
    await t.reactMany(sent.id, 3);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    await t.sandbox.simulateMessageDelete(t.general, sent.id);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toBeNull();
  });

  it("keeps a message off the board for good once a moderator deletes its post", async () => {
    const sent = await t.say("moderated");
    await t.reactMany(sent.id, 3);
    const [post] = await t.postsIn(board.channelId);
    await t.sandbox.simulateMessageDelete(board.channelId, post?.id ?? "");
    await t.reactMany(sent.id, 3, 20);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({
      dismissed: true,
      reactionCount: 6,
    });
  });

  it("never counts reactions on board posts or in the board channel", async () => {
    const sent = await t.say("meta");
    await t.reactMany(sent.id, 3);
    const [post] = await t.postsIn(board.channelId);
    await t.reactMany(post?.id ?? "", 5, 1, "⭐", board.channelId);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    expect(await messageStore.rowsOfMessage(db(), demoGuildId, post?.id ?? "")).toEqual([]);
  });

  it("takes the post down when the reactions are cleared", async () => {
    const sent = await t.say("cleared");
    await t.reactMany(sent.id, 4);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    await t.sandbox.simulateReactionClear({ channelId: t.general, messageId: sent.id, emoji: "⭐" });
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect((await messageStore.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(0);
  });

  it("counts reactions made before the bot saw the message", async () => {
    const sent = await t.say("old favourite");
    // Stored reactions without events, as when the bot was offline.
    await db()
      .insertInto("sandbox_reactions")
      .values(
        [5, 6].map((i) => ({
          channel_id: t.general,
          message_id: sent.id,
          emoji_key: "⭐",
          emoji_id: null,
          emoji_name: "⭐",
          animated: 0,
          user_id: t.members[i] ?? "",
          created_at: Date.now(),
        })),
      )
      .execute();
    await t.reactMany(sent.id, 1, 7);
    const posts = await t.postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**3**");
  });

  it("ignores reactions while the board is disabled", async () => {
    await editBoard(t.ctx, demoGuildId, board.name, { enabled: false });
    const sent = await t.say("paused");
    await t.reactMany(sent.id, 5);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toBeNull();
  });

  it("turns the board off when its channel is deleted, and on again with a new channel", async () => {
    const sent = await t.say("homeless");
    await t.reactMany(sent.id, 3);
    await t.sandbox.simulateChannelDelete(board.channelId);
    const off = await store.findBoard(db(), board.id);
    expect(off).toMatchObject({ enabled: false, disabledReason: "the board channel was deleted" });
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({ postMessageId: null });
    const fresh = await t.newChannel();
    const { board: moved } = await editBoard(t.ctx, demoGuildId, board.name, { channelId: fresh });
    expect(moved).toMatchObject({ enabled: true, disabledReason: null });
    await t.reactMany(sent.id, 1, 30);
    expect(await t.postsIn(fresh)).toHaveLength(1);
  });
});
