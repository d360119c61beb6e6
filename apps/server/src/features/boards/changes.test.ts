import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardsFixture, discordWith, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { cleanupBoards } from "./cleanup.ts";
import { sameEmoji } from "./match.ts";
import * as messageStore from "./message-store.ts";
import { checkMessage } from "./queries.ts";
import { type Board, createBoard } from "./service.ts";
import * as store from "./store.ts";
import { syncMessage } from "./sync.ts";

// What boards do when things change around a message: it is edited, its emoji is spelled another
// way or renamed, a channel becomes age-restricted, the board channel disappears or closes.

let t: BoardsFixture;
let general: string;
let afterDark: string;
let members: string[];

const db = () => t.ctx.storage.db;
/** Boards here need 2 reactions. */
const makeBoard = (options: { emoji?: string; nsfw?: boolean; minReactions?: number } = {}) =>
  t.makeBoard({ minReactions: 2, ...options });

const say = (content: string, channelId = general) =>
  t.sandbox.simulateMessage(channelId, members[0] ?? "", content);

/** Reactions from members[1..n] (never the author). */
async function reactMany(channelId: string, messageId: string, n: number, emoji: string | object = "⭐") {
  for (let i = 1; i <= n; i++) {
    await t.sandbox.simulateReaction({
      channelId,
      messageId,
      userId: members[i] ?? "",
      emoji: emoji as string,
    });
  }
}

const setNsfw = (channelId: string, nsfw: boolean) =>
  db()
    .updateTable("sandbox_channels")
    .set({ nsfw: nsfw ? 1 : 0 })
    .where("id", "=", channelId)
    .execute();

beforeAll(async () => {
  t = await openBoardsFixture();
  ({ general, members } = t);
  afterDark = t.channels["after-dark"] ?? "";
});
afterAll(() => t.close());

describe("an edited original", () => {
  it("rewrites the board post with the new text, keeping the count", async () => {
    const board = await makeBoard();
    const sent = await say("frist post");
    await reactMany(general, sent.id, 3);
    const [before] = await t.postsIn(board.channelId);
    expect(before?.message.embeds?.[0]?.description).toContain("frist post");
    await t.sandbox.simulateMessageEdit(general, sent.id, "first post (typo fixed)");
    const after = await t.postsIn(board.channelId);
    expect(after).toHaveLength(1);
    expect(after[0]?.id).toBe(before?.id);
    expect(after[0]?.message.content).toBe(`⭐ **3** · <#${general}>`);
    expect(after[0]?.message.embeds?.[0]?.description).toContain("first post (typo fixed)");
    expect((await messageStore.findMessage(db(), board.id, sent.id))?.content).toBe(
      "first post (typo fixed)",
    );
  });

  it("keeps the new text of a message not yet on the board for when it gets there", async () => {
    const board = await makeBoard({ minReactions: 3 });
    const sent = await say("draft");
    await reactMany(general, sent.id, 1);
    await t.sandbox.simulateMessageEdit(general, sent.id, "final");
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    await reactMany(general, sent.id, 3);
    const [post] = await t.postsIn(board.channelId);
    expect(post?.message.embeds?.[0]?.description).toContain("final");
    expect(post?.message.embeds?.[0]?.description).not.toContain("draft");
  });
});

describe("which reactions are the board's emoji", () => {
  it("matches unicode with or without the variation selector, and custom emojis by id", () => {
    expect(sameEmoji("⭐", { id: null, name: "⭐\uFE0F" })).toBe(true);
    expect(sameEmoji("❤\uFE0F", { id: null, name: "❤" })).toBe(true);
    expect(sameEmoji("⭐", { id: null, name: "🌟" })).toBe(false);
    expect(sameEmoji("fire:123456789012345678", { id: "123456789012345678", name: "blaze" })).toBe(true);
    expect(sameEmoji("fire:123456789012345678", { id: "223456789012345678", name: "fire" })).toBe(false);
    // A unicode board never matches a custom emoji that happens to be named like it.
    expect(sameEmoji("⭐", { id: "123456789012345678", name: "⭐" })).toBe(false);
  });

  it("counts ⭐️ reactions on a board made with ⭐ (and refuses a twin spelled the other way)", async () => {
    const board = await makeBoard({ emoji: "⭐" });
    await expect(
      createBoard(t.ctx, demoGuildId, {
        name: "twin spelling",
        emoji: "⭐\uFE0F",
        channelId: board.channelId,
        userId: demoOwnerId,
      }),
    ).rejects.toThrow(/already posts/);
    const sent = await say("variation");
    await reactMany(general, sent.id, 2, "⭐\uFE0F");
    const posts = await t.postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**2**");
  });

  it("keeps counting a custom emoji after it is renamed", async () => {
    const emoji = await t.sandbox.addEmoji(demoGuildId, "hearthfire");
    const board = await makeBoard({ emoji: `<:hearthfire:${emoji.id}>` });
    const sent = await say("renamed emoji");
    await reactMany(general, sent.id, 1, { id: emoji.id, name: "hearthfire" });
    // Renamed in the server settings: Discord now sends the new name with the same id.
    for (const userId of members.slice(2, 4)) {
      await t.sandbox.simulateReaction({
        channelId: general,
        messageId: sent.id,
        userId,
        emoji: { id: emoji.id, name: "campfire" },
      });
    }
    expect((await messageStore.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(3);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
  });
});

describe("age-restricted channels", () => {
  it("keeps a thread's messages off a board when the thread's parent is age-restricted", async () => {
    const board = await makeBoard();
    const thread = await t.ctx.discord.createChannel(demoGuildId, {
      name: "late-thread",
      type: 11,
      parentId: afterDark,
    });
    const sent = await say("in a thread", thread.id);
    await reactMany(thread.id, sent.id, 4);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id });
    expect(check.checks.find((c) => c.board.id === board.id)?.standing).toEqual({
      qualifies: false,
      reason: "nsfw",
    });
  });

  it("takes a post down when its source channel becomes age-restricted, and when the board's stops being", async () => {
    const board = await makeBoard();
    const source = await t.ctx.discord.createChannel(demoGuildId, { name: "turns-nsfw", type: 0 });
    const sent = await say("was fine", source.id);
    await reactMany(source.id, sent.id, 2);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    await setNsfw(source.id, true);
    await reactMany(source.id, sent.id, 3);
    expect(await t.postsIn(board.channelId)).toHaveLength(0);

    const nsfwBoard = await makeBoard({ nsfw: true });
    const late = await say("after hours", afterDark);
    await reactMany(afterDark, late.id, 2);
    expect(await t.postsIn(nsfwBoard.channelId)).toHaveLength(1);
    await setNsfw(nsfwBoard.channelId, false);
    await reactMany(afterDark, late.id, 3);
    expect(await t.postsIn(nsfwBoard.channelId)).toHaveLength(0);
  });
});

describe("a board channel that is unavailable", () => {
  it("disables the board with the reason when Hearth can no longer edit its posts", async () => {
    const board = await makeBoard();
    const sent = await say("locked out");
    await reactMany(general, sent.id, 2);
    await t.sandbox.simulateReaction({
      channelId: general,
      messageId: sent.id,
      userId: members[5] ?? "",
      emoji: "⭐",
    });
    const closed = discordWith(t.ctx.discord, {
      editMessage: () => Promise.reject(new DiscordError("missing_permissions", "Missing Permissions")),
    });
    // The counter's store already holds 3 reactors while the post shows 2: the next sync edits.
    await db()
      .updateTable("board_messages")
      .set({ posted_count: 2 })
      .where("board_id", "=", board.id)
      .execute();
    await syncMessage({ ...t.ctx, discord: closed }, board.id, sent.id);
    expect(await store.findBoard(db(), board.id)).toMatchObject({
      enabled: false,
      disabledReason: "Hearth can't post in the board channel (missing permissions)",
    });
  });

  it("cleanup disables a board whose channel was deleted while Hearth was offline", async () => {
    const board = await makeBoard();
    const sent = await say("orphaned by the channel");
    await reactMany(general, sent.id, 2);
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    // Deleted without the bot hearing it.
    await db().deleteFrom("sandbox_channels").where("id", "=", board.channelId).execute();
    const report = await cleanupBoards(t.ctx, demoGuildId, board.name);
    expect(report).toMatchObject({ unavailable: [board.name], missingPosts: 0, orphans: 0 });
    const off = (await store.findBoard(db(), board.id)) as Board;
    expect(off).toMatchObject({ enabled: false, disabledReason: "the board channel no longer exists" });
    // The message wasn't dismissed: it can reach the board again in a new channel.
    expect(await messageStore.findMessage(db(), board.id, sent.id)).toMatchObject({
      postMessageId: null,
      dismissed: false,
    });
  });

  it("cleanup leaves a message alone when Discord won't say whether it still exists", async () => {
    const board = await makeBoard();
    const sent = await say("unreadable");
    await reactMany(general, sent.id, 2);
    const failing = discordWith(t.ctx.discord, {
      getMessage: () => Promise.reject(new DiscordError("missing_permissions", "Missing Access")),
    });
    const report = await cleanupBoards({ ...t.ctx, discord: failing }, demoGuildId, board.name);
    expect(report).toMatchObject({ checked: 1, orphans: 0, missingPosts: 0 });
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    expect((await messageStore.findMessage(db(), board.id, sent.id))?.postMessageId).not.toBeNull();
  });
});
