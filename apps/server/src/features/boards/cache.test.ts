import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { countQueries } from "../../../test/query-counter.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { forgetServerConfig } from "../../lib/server-config-cache.ts";
import { boardsBot } from "./commands.ts";
import * as messageStore from "./message-store.ts";
import { createBoard, deleteBoard, editBoard } from "./service.ts";
import * as store from "./store.ts";

// Reactions and edits decide from the server's boards held in memory (boards/cache.ts): one with no
// board's emoji, or an edit in a server without boards, reads nothing. A change made here is seen by
// the very next reaction; one made by another process when its Redis message arrives (simulated:
// the row written directly, then the server forgotten as the subscriber does).

let t: TestContext;
let ctx: AppContext;
let bot: Bot;
let general: string;
let members: string[];
/** Queries on the boards' tables since the last reset. */
const boardQueries: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const counting = countQueries((label) => {
    if (label.split(" ")[1]?.startsWith("board")) boardQueries.push(label);
  });
  ctx = { ...t.ctx, storage: { ...t.ctx.storage, db: t.ctx.storage.db.withPlugin(counting) } };
  bot = createBot(ctx, t.sandbox);
  boardsBot.listeners?.(bot, ctx);
  await bot.start();
  general = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id ?? "";
  members = (
    await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .orderBy("joined_at")
      .limit(8)
      .execute()
  ).map((row) => row.user_id);
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

const say = (content: string) => t.sandbox.simulateMessage(general, members[0] ?? "", content);
const react = (messageId: string, emoji: string, member = 1) =>
  t.sandbox.simulateReaction({ channelId: general, messageId, userId: members[member] ?? "", emoji });
const edit = (messageId: string) =>
  bot.events.emit("messageUpdate", { guildId: demoGuildId, channelId: general, messageId });
const stored = async (boardId: number, messageId: string) =>
  (await messageStore.findMessage(t.ctx.storage.db, boardId, messageId)) !== null;

describe("boards held in memory", () => {
  it("reads nothing for reactions with no board's emoji, or for edits in a server without boards", async () => {
    const first = await say("priming");
    await react(first.id, "👍");
    boardQueries.length = 0;
    for (let n = 0; n < 5; n++) {
      const message = await say(`chat ${n}`);
      await react(message.id, "👍");
      await react(message.id, "⭐", 2);
      await edit(message.id);
    }
    expect(boardQueries).toEqual([]);
  });

  it("sees a board made, changed or deleted here from the very next reaction", async () => {
    const board = await createBoard(ctx, demoGuildId, {
      name: "Stars",
      emoji: "⭐",
      channelId: (await ctx.discord.createChannel(demoGuildId, { name: "stars", type: 0 })).id,
      minReactions: 3,
      userId: members[0] ?? "",
    });
    const starred = await say("a star for this");
    await react(starred.id, "⭐");
    expect(await stored(board.id, starred.id)).toBe(true);

    // Another emoji matches no board: still nothing read.
    boardQueries.length = 0;
    await react(starred.id, "👍", 2);
    expect(boardQueries).toEqual([]);

    await editBoard(ctx, demoGuildId, "Stars", { emoji: "🔥" });
    const fired = await say("fire or star?");
    await react(fired.id, "⭐");
    expect(await stored(board.id, fired.id)).toBe(false);
    await react(fired.id, "🔥");
    expect(await stored(board.id, fired.id)).toBe(true);

    await deleteBoard(ctx, demoGuildId, board.id);
    const after = await say("after the board");
    await react(after.id, "🔥");
    expect(await store.listBoards(t.ctx.storage.db, demoGuildId)).toEqual([]);
  });

  it("sees another process's change once it is heard, and not before", async () => {
    const board = await createBoard(ctx, demoGuildId, {
      name: "Skulls",
      emoji: "💀",
      channelId: (await ctx.discord.createChannel(demoGuildId, { name: "skulls", type: 0 })).id,
      minReactions: 3,
      userId: members[0] ?? "",
    });
    const before = await say("skull me");
    await react(before.id, "💀");
    expect(await stored(board.id, before.id)).toBe(true);

    // Turned off by another process: written behind this one's back.
    await store.updateBoard(t.ctx.storage.db, board.id, { enabled: false }, Date.now());
    const unheard = await say("still counted here");
    await react(unheard.id, "💀");
    expect(await stored(board.id, unheard.id)).toBe(true);

    forgetServerConfig(demoGuildId);
    const heard = await say("not counted any more");
    await react(heard.id, "💀");
    expect(await stored(board.id, heard.id)).toBe(false);
  });
});
