import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardsFixture, expectError, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import type { BoardMessage } from "./board-message.ts";
import { boardPost, descriptionLimit } from "./post.ts";
import { createBoard, editBoard, listBoards } from "./service.ts";

// Claims of the boards docs page that no other test pinned down.

let t: BoardsFixture;

beforeAll(async () => {
  t = await openBoardsFixture({ commands: true });
});
afterAll(() => t.close());

describe("what the boards page promises", () => {
  it("accepts an announcement channel as the board channel", async () => {
    const news = await t.ctx.discord.createChannel(demoGuildId, { name: "board-news", type: 5 });
    const board = await t.makeBoard({ name: "News board", channelId: news.id });
    expect(board.channelId).toBe(news.id);
  });

  it("cuts a long text so the post fits Discord's 4,096-character description", async () => {
    const board = await t.makeBoard({ name: "Long" });
    // Only the fields a post shows.
    const row = {
      serverId: demoGuildId,
      channelId: t.general,
      messageId: "223456789012345678",
      content: "a".repeat(6000),
      authorName: "Someone",
      authorAvatar: null,
      imageUrl: null,
      messageCreatedAt: Date.now(),
    };
    const post = boardPost(board, row as BoardMessage, 4);
    const description = post.embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(descriptionLimit);
    expect(description).toContain("…");
    expect(description).toContain("[Jump to message](https://discord.com/channels/");
  });

  it("deletes the board posts of a source channel's messages when that channel is deleted", async () => {
    const board = await t.makeBoard({ name: "Source gone" });
    const source = await t.newChannel();
    const sent = await t.say("from a doomed channel", t.members[0], source);
    await t.reactMany(sent.id, 3, 1, "⭐", source);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    await t.sandbox.simulateChannelDelete(source);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
  });

  it("never counts Hearth's own reaction", async () => {
    const board = await t.makeBoard({ name: "Bot reacts", minReactions: 2 });
    const sent = await t.say("react to me");
    await t.reactMany(sent.id, 1);
    await t.react(t.general, sent.id, t.sandbox.botUserId);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    await t.reactMany(sent.id, 1, 2);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
  });

  it("/boards list shows ⚠️ and the reason for a board Hearth turned off", async () => {
    const board = await t.makeBoard({ name: "Orphan" });
    await t.sandbox.simulateChannelDelete(board.channelId);
    const list = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "boards",
      subcommand: "list",
      options: {},
      channelId: t.general,
    });
    expect(JSON.stringify(list)).toContain("⚠️ disabled: the board channel was deleted");
    // Turning it back on by hand clears the reason.
    const { board: back } = await editBoard(t.ctx, demoGuildId, board.name, { enabled: true });
    expect(back).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("allows up to 25 boards in a server", async () => {
    const existing = (await listBoards(t.ctx, demoGuildId)).length;
    for (let i = existing; i < 25; i++) await t.makeBoard({ name: `filler ${i}` });
    expect(await listBoards(t.ctx, demoGuildId)).toHaveLength(25);
    await expectError(
      createBoard(t.ctx, demoGuildId, {
        name: "one too many",
        emoji: "⭐",
        channelId: await t.newChannel(),
        userId: demoOwnerId,
      }),
      409,
      /^This server has reached its cap of 25 boards; delete one with \/boards delete first\.$/,
    );
  });
});
