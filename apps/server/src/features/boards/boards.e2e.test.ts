import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { boardsBot } from "./commands.ts";
import * as messageStore from "./message-store.ts";
import * as store from "./store.ts";

// Boards through the real discord.js client and the Discord stand-in: /boards create over an
// interaction, then a burst of MESSAGE_REACTION_ADD frames puts the message on the board once (one
// POST to the board channel) with the final count; an edit of the original (MESSAGE_UPDATE) edits
// the post's text; removals below the threshold DELETE the post.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let generalId: string;
let boardChannelId: string;
let author: StoredUser;
let fans: StoredUser[];

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Board Hollow" });
  generalId = [...guild.channels.keys()][0] ?? "";
  boardChannelId = standIn.state.addChannel(guild.id, { name: "starboard", type: 0 }).id;
  author = standIn.state.addUser({ username: "poet" });
  standIn.state.addMember(guild.id, author.id);
  fans = Array.from({ length: 30 }, (_, i) => {
    const fan = standIn.state.addUser({ username: `fan${i}` });
    standIn.state.addMember(guild.id, fan.id);
    return fan;
  });
  harness = await startStandInBot(standIn, boardsBot, { commands: true });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const boardPosts = () => standIn.find("POST", `/channels/${boardChannelId}/messages`);

describe("boards through the Discord stand-in", () => {
  it("a burst of 30 reactions puts the message on the board once, with the final count", async () => {
    const created = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId: generalId,
      name: "boards",
      subcommand: "create",
      options: { name: "Starboard", emoji: "⭐", channel: { channel: boardChannelId }, min_reactions: 5 },
    });
    await harness.settle();
    const reply = JSON.stringify(created.callback.body);
    expect(reply).toContain("Created the board **Starboard**");
    const board = await store.findBoardByName(harness.ctx.storage.db, guild.id, "starboard");
    expect(board).toMatchObject({ minReactions: 5, channelId: boardChannelId });

    const message = await standIn.postMessage({
      channelId: generalId,
      authorId: author.id,
      content: "The hearth burns brightest at midnight.",
      attachments: [{ filename: "fire.png", contentType: "image/png" }],
    });
    await Promise.all(
      fans.map((fan) =>
        standIn.addReaction({ channelId: generalId, messageId: message.id, userId: fan.id, emoji: "⭐" }),
      ),
    );
    // The author's own star doesn't count.
    await standIn.addReaction({
      channelId: generalId,
      messageId: message.id,
      userId: author.id,
      emoji: "⭐",
    });
    await harness.settle();

    expect(boardPosts()).toHaveLength(1);
    const post = boardPosts()[0]?.body;
    expect(post.embeds[0].author.name).toBe("poet");
    expect(post.embeds[0].description).toContain("The hearth burns brightest at midnight.");
    expect(post.embeds[0].description).toContain(
      `https://discord.com/channels/${guild.id}/${generalId}/${message.id}`,
    );
    expect(post.embeds[0].image.url).toMatch(/fire\.png/);
    const row = await messageStore.findMessage(harness.ctx.storage.db, board?.id ?? 0, message.id);
    expect(row).toMatchObject({ reactionCount: 30, postedCount: 30 });
    // What the board channel shows now: the post, edited to the final count.
    const shown = standIn.state.messages.get(row?.postMessageId ?? "");
    expect(shown?.content).toBe(`⭐ **30** · <#${generalId}>`);

    // The author edits the original (MESSAGE_UPDATE): the post is edited to the new text (PATCH).
    const original = standIn.state.messages.get(message.id);
    if (!original) throw new Error("the original is stored");
    original.content = "The hearth burns brightest at dawn.";
    original.edited_timestamp = new Date().toISOString();
    await standIn.dispatch("MESSAGE_UPDATE", {
      id: message.id,
      channel_id: generalId,
      guild_id: guild.id,
      content: original.content,
    });
    await harness.settle();
    const edited = standIn.state.messages.get(row?.postMessageId ?? "");
    expect(edited?.content).toBe(`⭐ **30** · <#${generalId}>`);
    expect(JSON.stringify(edited?.embeds)).toContain("The hearth burns brightest at dawn.");

    // Falling below the threshold takes the post down (DELETE).
    await Promise.all(
      fans.slice(0, 26).map((fan) =>
        standIn.removeReaction({
          channelId: generalId,
          messageId: message.id,
          userId: fan.id,
          emoji: "⭐",
        }),
      ),
    );
    await harness.settle();
    expect(standIn.find("DELETE", `/channels/${boardChannelId}/messages/${row?.postMessageId}`)).toHaveLength(
      1,
    );
    expect(await messageStore.findMessage(harness.ctx.storage.db, board?.id ?? 0, message.id)).toMatchObject({
      reactionCount: 4,
      postMessageId: null,
    });
    expect(boardPosts()).toHaveLength(1);
  });
});
