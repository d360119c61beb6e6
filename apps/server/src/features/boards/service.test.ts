import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardsFixture, expectError, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import * as messageStore from "./message-store.ts";
import { createBoard, deleteBoard, editBoard } from "./service.ts";
import * as store from "./store.ts";

let t: BoardsFixture;
const db = () => t.ctx.storage.db;

beforeAll(async () => {
  t = await openBoardsFixture();
});
afterAll(() => t.close());

describe("creating and editing boards", () => {
  it("validates the name, threshold, emoji and channel with errors naming the field", async () => {
    const channelId = await t.newChannel();
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
      createBoard(t.ctx, demoGuildId, { ...base, channelId: t.channels.Lounge ?? "" }),
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
      createBoard(t.ctx, demoGuildId, { ...base, name: "Y".repeat(50), channelId: await t.newChannel() }),
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
    const star = await t.makeBoard({ emoji: "⭐" });
    expect(star).toMatchObject({
      type: "starboard",
      minReactions: 3,
      allowSelf: false,
      allowBots: false,
      removeBelow: true,
    });
    const skull = await t.makeBoard({ emoji: null, type: "skullboard" });
    expect(skull).toMatchObject({ type: "skullboard", emojiKey: "💀", emojiMarkup: "💀" });
    const emoji = await t.sandbox.addEmoji(demoGuildId, "hearthfire");
    const custom = await t.makeBoard({ emoji: `<:hearthfire:${emoji.id}>` });
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
    await t.makeBoard({ channelId: hidden.id });
    const botRole = (await t.ctx.discord.listRoles(demoGuildId)).find((role) => role.name === "Hearth");
    if (!botRole) throw new Error("the demo bot role");
    await t.ctx.discord.editRole(demoGuildId, botRole.id, { permissions: String((1n << 10n) | (1n << 11n)) });
    try {
      await expectError(
        t.makeBoard({ channelId: hidden.id }),
        400,
        /^channel: Hearth can't post board messages in <#\d+>: it lacks Send Messages/,
      );
    } finally {
      await t.ctx.discord.editRole(demoGuildId, botRole.id, { permissions: "8" });
    }
  });

  it("edits a board and reports what changed", async () => {
    const board = await t.makeBoard({ name: "Editable" });
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

describe("board reports and admin actions", () => {
  it("delete removes the board, its stored messages and its posts", async () => {
    const board = await t.makeBoard({ name: "Doomed" });
    for (const text of ["one", "two"]) {
      const sent = await t.say(text);
      await t.reactMany(sent.id, 3);
    }
    const below = await t.say("three");
    await t.reactMany(below.id, 1);
    expect(await t.postsIn(board.channelId)).toHaveLength(2);
    const result = await deleteBoard(t.ctx, demoGuildId, board.id);
    expect(result).toMatchObject({ posts: 2, messages: 3 });
    expect(await t.postsIn(board.channelId)).toHaveLength(0);
    expect(await store.findBoard(db(), board.id)).toBeNull();
    expect(await messageStore.findMessage(db(), board.id, below.id)).toBeNull();
    await expectError(deleteBoard(t.ctx, demoGuildId, board.id), 404, /doesn't exist/);
  });
});
