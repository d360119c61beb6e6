import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/demo-seed.ts";
import type { DiscordPort, OutgoingMessage } from "../../discord/port.ts";
import { AppError } from "../../lib/errors.ts";
import { boardsBot } from "./commands.ts";
import {
  type Board,
  boardStats,
  checkMessage,
  cleanupBoards,
  createBoard,
  deleteBoard,
  editBoard,
  parseMessageRef,
  recentMessages,
  topMessages,
} from "./service.ts";
import * as store from "./store.ts";

let t: TestContext;
let bot: Bot;
let channels: Record<string, string>;
let members: string[];
let boardCount = 0;

const db = () => t.ctx.storage.db;

/** Live (not deleted) messages of a channel, oldest first, with their payloads. */
async function postsIn(channelId: string) {
  const rows = await db()
    .selectFrom("sandbox_messages")
    .select(["id", "author_id", "payload", "edited_at"])
    .where("channel_id", "=", channelId)
    .where("deleted_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, message: JSON.parse(row.payload) as OutgoingMessage }));
}

/** A fresh text channel for a board, so tests don't see each other's posts. */
async function boardChannel(nsfw = false): Promise<string> {
  const channel = await t.ctx.discord.createChannel(demoGuildId, {
    name: `board-${++boardCount}`,
    type: 0,
    nsfw,
  });
  return channel.id;
}

async function makeBoard(overrides: Partial<Parameters<typeof createBoard>[2]> = {}): Promise<Board> {
  return createBoard(t.ctx, demoGuildId, {
    name: `board ${++boardCount}`,
    emoji: "⭐",
    channelId: overrides.channelId ?? (await boardChannel()),
    minReactions: 3,
    userId: demoOwnerId,
    ...overrides,
  });
}

const general = () => channels.general ?? "";
const say = (content: string, author = members[0] ?? "", channelId = general(), attachments = []) =>
  t.sandbox.simulateMessage(channelId, author, content, { attachments });
const react = (channelId: string, messageId: string, userId: string, emoji = "⭐", remove = false) =>
  t.sandbox.simulateReaction({ channelId, messageId, userId, emoji, remove });
/** Reactions from members[from..from+count) on a message. */
const reactMany = (messageId: string, count: number, from = 1, emoji = "⭐", channelId = general()) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => react(channelId, messageId, members[from + i] ?? "", emoji)),
  );

async function expectError(promise: Promise<unknown>, status: number, text: RegExp | string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(status);
  expect((error as AppError).message).toMatch(text);
}

beforeAll(async () => {
  t = await createTestContext();
  bot = createBot(t.ctx, t.sandbox);
  boardsBot.listen?.(bot, t.ctx);
  await bot.start();
  channels = Object.fromEntries((await t.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));
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
  expect(members.length).toBeGreaterThanOrEqual(60);
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

describe("creating and editing boards", () => {
  it("validates the name, threshold, emoji and channel with errors naming the field", async () => {
    const channelId = await boardChannel();
    const base = { name: "ok", emoji: "⭐", channelId, userId: demoOwnerId };
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, name: "x".repeat(51) }),
      400,
      /^name: .*at most 50/,
    );
    await expectError(createBoard(t.ctx, demoGuildId, { ...base, name: "   " }), 400, /^name:/);
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, minReactions: 0 }),
      400,
      /min_reactions.*1 to 100/,
    );
    await expectError(createBoard(t.ctx, demoGuildId, { ...base, minReactions: 101 }), 400, /min_reactions/);
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, emoji: "star" }),
      400,
      /^emoji: "star" isn't an emoji/,
    );
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, emoji: "<:pepe:123456789012345678>" }),
      400,
      /isn't an emoji of this server/,
    );
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, type: "confetti" }),
      400,
      /^type must be one of/,
    );
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, channelId: channels.Lounge ?? "" }),
      400,
      /^channel: #Lounge is not a text channel/,
    );
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, channelId: "1" }),
      400,
      /^channel: no channel/,
    );
    // Exactly 50 characters is fine.
    const long = await createBoard(t.ctx, demoGuildId, { ...base, name: "y".repeat(50) });
    expect(long.name).toHaveLength(50);
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, name: "Y".repeat(50), channelId: await boardChannel() }),
      409,
      /already a board called/,
    );
    await expectError(
      createBoard(t.ctx, demoGuildId, { ...base, name: "twin" }),
      409,
      /already posts ⭐ messages/,
    );
  });

  it("infers the type from the emoji and the emoji from the type, and accepts server emojis", async () => {
    const star = await makeBoard({ emoji: "⭐" });
    expect(star).toMatchObject({
      type: "starboard",
      minReactions: 3,
      allowSelf: false,
      allowBots: false,
      removeBelow: true,
    });
    const skull = await makeBoard({ emoji: null, type: "skullboard" });
    expect(skull).toMatchObject({ type: "skullboard", emojiKey: "💀", emojiMarkup: "💀" });
    const emoji = await t.sandbox.addEmoji(demoGuildId, "hearthfire");
    const custom = await makeBoard({ emoji: `<:hearthfire:${emoji.id}>` });
    expect(custom).toMatchObject({
      type: "custom",
      emojiKey: `hearthfire:${emoji.id}`,
      emojiMarkup: `<:hearthfire:${emoji.id}>`,
    });
  });

  it("refuses a board channel where the bot can't post", async () => {
    const hidden = await t.ctx.discord.createChannel(demoGuildId, {
      name: "no-bot",
      type: 0,
      permissionOverwrites: [
        {
          id: (await t.ctx.discord.getBotMember(demoGuildId))?.user.id ?? demoBotId,
          type: "member",
          allow: "0",
          deny: String(1n << 11n),
        },
      ],
    });
    // The bot holds Administrator through its role, which overrides overwrites: allowed.
    await makeBoard({ channelId: hidden.id });
    const botRole = (await t.ctx.discord.listRoles(demoGuildId)).find((role) => role.name === "Hearth");
    if (!botRole) throw new Error("the demo bot role");
    await t.ctx.discord.editRole(demoGuildId, botRole.id, { permissions: String((1n << 10n) | (1n << 11n)) });
    try {
      await expectError(
        makeBoard({ channelId: hidden.id }),
        400,
        /^channel: Hearth can't post board messages in <#\d+>: it lacks Send Messages/,
      );
    } finally {
      await t.ctx.discord.editRole(demoGuildId, botRole.id, { permissions: "8" });
    }
  });

  it("edits a board and reports what changed", async () => {
    const board = await makeBoard({ name: "Editable" });
    await expectError(editBoard(t.ctx, demoGuildId, "editable", {}), 400, /Nothing to change/);
    await expectError(
      editBoard(t.ctx, demoGuildId, "nope", { minReactions: 2 }),
      404,
      /no board called "nope"/,
    );
    await expectError(editBoard(t.ctx, demoGuildId, "editable", { minReactions: 500 }), 400, /min_reactions/);
    const { board: edited, changed } = await editBoard(t.ctx, demoGuildId, "EDITABLE", {
      name: "Hall of Fame",
      minReactions: 7,
      allowSelf: true,
      enabled: false,
    });
    expect(edited).toMatchObject({
      id: board.id,
      name: "Hall of Fame",
      minReactions: 7,
      allowSelf: true,
      enabled: false,
    });
    expect(changed).toEqual([
      "name → **Hall of Fame**",
      "minimum reactions → 7",
      "self-reactions → on",
      "disabled",
    ]);
  });
});

describe("counting reactions", () => {
  let board: Board;
  beforeEach(async () => {
    board = await makeBoard();
  });

  it("posts a message once when it reaches the threshold, with author, text, image, link and count", async () => {
    const sent = await t.sandbox.simulateMessage(general(), members[0] ?? "", "Look at this sunset", {
      attachments: [
        { id: "a1", url: "https://cdn.example/notes.txt", filename: "notes.txt", contentType: "text/plain" },
        { id: "a2", url: "https://cdn.example/sunset.png", filename: "sunset.png", contentType: "image/png" },
      ],
    });
    await reactMany(sent.id, 2);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect((await store.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(2);
    await reactMany(sent.id, 1, 3);
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    const post = posts[0]?.message;
    expect(post?.content).toBe(`⭐ **3** · <#${general()}>`);
    const embed = post?.embeds?.[0];
    expect(embed?.author?.name).toBeTruthy();
    expect(embed?.author?.iconUrl).toMatch(/^https?:|^data:/);
    expect(embed?.description).toContain("Look at this sunset");
    expect(embed?.description).toContain(
      `https://discord.com/channels/${demoGuildId}/${general()}/${sent.id}`,
    );
    expect(embed?.image?.url).toBe("https://cdn.example/sunset.png");

    // More reactions edit the same post.
    await reactMany(sent.id, 2, 4);
    const after = await postsIn(board.channelId);
    expect(after).toHaveLength(1);
    expect(after[0]?.message.content).toBe(`⭐ **5** · <#${general()}>`);
    expect(after[0]?.edited_at).not.toBeNull();
  });

  it("doesn't count the author's own reaction unless the board allows it", async () => {
    const author = members[0] ?? "";
    const sent = await say("self-star");
    await react(general(), sent.id, author);
    await reactMany(sent.id, 2);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect((await store.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(2);
    await editBoard(t.ctx, demoGuildId, board.name, { allowSelf: true });
    await reactMany(sent.id, 1, 3);
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**4**");
  });

  it("ignores bot and webhook messages unless the board allows them", async () => {
    const fromBot = await t.ctx.discord.sendMessage(general(), { content: "beep boop" });
    await reactMany(fromBot.id, 5);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    const check = await checkMessage(t.ctx, demoGuildId, { message: fromBot.id });
    expect(check.checks.find((c) => c.board.id === board.id)?.standing).toEqual({
      qualifies: false,
      reason: "bot",
    });
    await editBoard(t.ctx, demoGuildId, board.name, { allowBots: true });
    await reactMany(fromBot.id, 1, 6);
    expect(await postsIn(board.channelId)).toHaveLength(1);
  });

  it("never carries a message from an age-restricted channel to a board channel that isn't", async () => {
    const afterDark = channels["after-dark"] ?? "";
    const sent = await say("late night thoughts", members[0], afterDark);
    await reactMany(sent.id, 5, 1, "⭐", afterDark);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id });
    expect(check.checks.find((c) => c.board.id === board.id)).toMatchObject({
      count: 5,
      standing: { reason: "nsfw" },
    });
    // A board whose channel is age-restricted too takes it.
    const nsfwBoard = await makeBoard({ emoji: "🔥", channelId: await boardChannel(true) });
    await reactMany(sent.id, 3, 1, "🔥", afterDark);
    expect(await postsIn(nsfwBoard.channelId)).toHaveLength(1);
  });

  it("removes a post that falls below the threshold, and posts it again when it climbs back", async () => {
    const sent = await say("up and down");
    await reactMany(sent.id, 3);
    const [first] = await postsIn(board.channelId);
    expect(first).toBeDefined();
    await react(general(), sent.id, members[1] ?? "", "⭐", true);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect(await store.findMessage(db(), board.id, sent.id)).toMatchObject({
      reactionCount: 2,
      postMessageId: null,
    });
    await reactMany(sent.id, 1, 10);
    const again = await postsIn(board.channelId);
    expect(again).toHaveLength(1);
    expect(again[0]?.id).not.toBe(first?.id);
  });

  it("keeps the post with its lower count when the board keeps posts below the threshold", async () => {
    await editBoard(t.ctx, demoGuildId, board.name, { removeBelow: false });
    const sent = await say("keeper");
    await reactMany(sent.id, 3);
    await react(general(), sent.id, members[2] ?? "", "⭐", true);
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**2**");
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id });
    expect(check.checks.find((c) => c.board.id === board.id)).toMatchObject({
      posted: true,
      standing: { reason: "below" },
    });
  });

  it("deletes the post when the original is deleted, and forgets the message", async () => {
    const sent = await say("soon gone");
    await reactMany(sent.id, 3);
    expect(await postsIn(board.channelId)).toHaveLength(1);
    await t.sandbox.simulateMessageDelete(general(), sent.id);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect(await store.findMessage(db(), board.id, sent.id)).toBeNull();
  });

  it("keeps a message off the board for good once a moderator deletes its post", async () => {
    const sent = await say("moderated");
    await reactMany(sent.id, 3);
    const [post] = await postsIn(board.channelId);
    await t.sandbox.simulateMessageDelete(board.channelId, post?.id ?? "");
    await reactMany(sent.id, 3, 20);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect(await store.findMessage(db(), board.id, sent.id)).toMatchObject({
      dismissed: true,
      reactionCount: 6,
    });
  });

  it("never counts reactions on board posts or in the board channel", async () => {
    const sent = await say("meta");
    await reactMany(sent.id, 3);
    const [post] = await postsIn(board.channelId);
    await reactMany(post?.id ?? "", 5, 1, "⭐", board.channelId);
    expect(await postsIn(board.channelId)).toHaveLength(1);
    expect(await store.rowsOfMessage(db(), demoGuildId, post?.id ?? "")).toEqual([]);
  });

  it("takes the post down when the reactions are cleared", async () => {
    const sent = await say("cleared");
    await reactMany(sent.id, 4);
    expect(await postsIn(board.channelId)).toHaveLength(1);
    await t.sandbox.simulateReactionClear({ channelId: general(), messageId: sent.id, emoji: "⭐" });
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect((await store.findMessage(db(), board.id, sent.id))?.reactionCount).toBe(0);
  });

  it("counts reactions made before the bot saw the message", async () => {
    const sent = await say("old favourite");
    // Stored reactions without events, as when the bot was offline.
    await db()
      .insertInto("sandbox_reactions")
      .values(
        [5, 6].map((i) => ({
          channel_id: general(),
          message_id: sent.id,
          emoji_key: "⭐",
          emoji_id: null,
          emoji_name: "⭐",
          animated: 0,
          user_id: members[i] ?? "",
          created_at: Date.now(),
        })),
      )
      .execute();
    await reactMany(sent.id, 1, 7);
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("**3**");
  });

  it("ignores reactions while the board is disabled", async () => {
    await editBoard(t.ctx, demoGuildId, board.name, { enabled: false });
    const sent = await say("paused");
    await reactMany(sent.id, 5);
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect(await store.findMessage(db(), board.id, sent.id)).toBeNull();
  });

  it("turns the board off when its channel is deleted, and on again with a new channel", async () => {
    const sent = await say("homeless");
    await reactMany(sent.id, 3);
    await t.sandbox.simulateChannelDelete(board.channelId);
    const off = await store.findBoard(db(), board.id);
    expect(off).toMatchObject({ enabled: false, disabledReason: "the board channel was deleted" });
    expect(await store.findMessage(db(), board.id, sent.id)).toMatchObject({ postMessageId: null });
    const fresh = await boardChannel();
    const { board: moved } = await editBoard(t.ctx, demoGuildId, board.name, { channelId: fresh });
    expect(moved).toMatchObject({ enabled: true, disabledReason: null });
    await reactMany(sent.id, 1, 30);
    expect(await postsIn(fresh)).toHaveLength(1);
  });
});

describe("board reports and admin actions", () => {
  it("answers stats, top, recent and check", async () => {
    const board = await makeBoard({ name: "Reports", minReactions: 2 });
    const messages = [];
    for (const [i, count] of [3, 6, 4, 1].entries()) {
      const sent = await say(`report ${i}`, members[i % 2]);
      await reactMany(sent.id, count, 2);
      messages.push(sent.id);
    }
    const [stats] = await boardStats(t.ctx, demoGuildId, "reports");
    expect(stats?.stats).toMatchObject({ posted: 3, tracked: 4, reactions: 14 });
    expect(stats?.stats.topAuthors[0]).toMatchObject({ authorId: members[0], posts: 2 });

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
      message: `https://discord.com/channels/${demoGuildId}/${general()}/${messages[1]}`,
    });
    expect(posted.checks.find((c) => c.board.id === board.id)).toMatchObject({ count: 6, posted: true });
  });

  it("checks a message no board has seen from Discord's reactions, and explains bad ids", async () => {
    const board = await makeBoard({ name: "Live", emoji: "🎉", minReactions: 2 });
    const sent = await say("unseen");
    await db()
      .insertInto("sandbox_reactions")
      .values(
        [members[0] ?? "", members[1] ?? "", members[2] ?? ""].map((user_id) => ({
          channel_id: general(),
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
    const check = await checkMessage(t.ctx, demoGuildId, { message: sent.id, channelId: general() });
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
        message: `https://discord.com/channels/1/${general()}/${sent.id}`,
      }),
      400,
      /another server/,
    );
    // A channel of another server the bot is in is never read for this one.
    const otherServer = new Proxy(t.ctx.discord, {
      get(target, key, receiver) {
        if (key === "getChannel") {
          return async (id: string) => {
            const channel = await target.getChannel(id);
            return channel && { ...channel, guildId: "999999999999999999" };
          };
        }
        if (key === "getMessage") return () => Promise.reject(new Error("must not be read"));
        return Reflect.get(target, key, receiver);
      },
    }) as DiscordPort;
    await expectError(
      checkMessage({ ...t.ctx, discord: otherServer }, demoGuildId, {
        message: sent.id,
        channelId: general(),
      }),
      404,
      /No channel \d+ in this server/,
    );
  });

  it("delete removes the board, its stored messages and its posts", async () => {
    const board = await makeBoard({ name: "Doomed" });
    for (const text of ["one", "two"]) {
      const sent = await say(text);
      await reactMany(sent.id, 3);
    }
    const below = await say("three");
    await reactMany(below.id, 1);
    expect(await postsIn(board.channelId)).toHaveLength(2);
    const result = await deleteBoard(t.ctx, demoGuildId, board.id);
    expect(result).toMatchObject({ posts: 2, messages: 3 });
    expect(await postsIn(board.channelId)).toHaveLength(0);
    expect(await store.findBoard(db(), board.id)).toBeNull();
    expect(await store.findMessage(db(), board.id, below.id)).toBeNull();
    await expectError(deleteBoard(t.ctx, demoGuildId, board.id), 404, /doesn't exist/);
  });

  it("cleanup removes posts whose original vanished and forgets posts deleted by hand", async () => {
    const board = await makeBoard({ name: "Tidy" });
    const gone = await say("deleted while offline");
    const kept = await say("post deleted while offline");
    const fine = await say("all good");
    for (const sent of [gone, kept, fine]) await reactMany(sent.id, 3);
    const posts = await postsIn(board.channelId);
    expect(posts).toHaveLength(3);
    // Deleted without the bot hearing it (no events).
    const silentlyDelete = (id: string) =>
      db().updateTable("sandbox_messages").set({ deleted_at: Date.now() }).where("id", "=", id).execute();
    await silentlyDelete(gone.id);
    const keptRow = await store.findMessage(db(), board.id, kept.id);
    await silentlyDelete(keptRow?.postMessageId ?? "");

    const report = await cleanupBoards(t.ctx, demoGuildId, "tidy");
    expect(report).toEqual({ boards: 1, checked: 3, orphans: 1, missingPosts: 1, unavailable: [] });
    expect(await postsIn(board.channelId)).toHaveLength(1);
    expect(await store.findMessage(db(), board.id, gone.id)).toBeNull();
    expect(await store.findMessage(db(), board.id, kept.id)).toMatchObject({
      dismissed: true,
      postMessageId: null,
    });
    expect(await cleanupBoards(t.ctx, demoGuildId, "tidy")).toEqual({
      boards: 1,
      checked: 1,
      orphans: 0,
      missingPosts: 0,
      unavailable: [],
    });
  });
});
