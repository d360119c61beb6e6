import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { giveawaysBot } from "./commands.ts";
import { listParticipants } from "./queries.ts";
import { createGiveaway } from "./service.ts";

// Clicking a giveaway's Enter button, through the real discord.js client and the Discord stand-in:
// INTERACTION_CREATE of type 3 → the entry is stored → an ephemeral callback with the entry count.

let standIn: DiscordStandIn;
let ctx: AppContext;
let bot: Bot;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Stand-in Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "giveaways", type: 0 }).id;
  harness = await startStandInBot(standIn, giveawaysBot, {});
  ({ ctx, bot } = harness);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

/** Clicks a button and answers the interaction callback Discord received. */
async function click(userId: string, messageId: string, customId: string) {
  const payload = standIn.buttonClick({ guildId: guild.id, userId, messageId, customId });
  const after = standIn.requests.length;
  await standIn.dispatch("INTERACTION_CREATE", payload);
  return standIn.waitForRequest(
    (request) =>
      request.method === "POST" && request.path === `/interactions/${payload.id}/${payload.token}/callback`,
    { after },
  );
}

describe("the giveaway Enter button", () => {
  it("stores the entry and answers privately with the entry count and a Leave button", async () => {
    const giveaway = await createGiveaway(
      ctx,
      guild.id,
      { tokenId: null, userId: guild.ownerId },
      {
        channelId,
        prize: "Nitro",
        winnerCount: 1,
        duration: 3600,
      },
    );
    const posted = standIn.find("POST", `/channels/${channelId}/messages`).at(-1);
    expect(posted?.body.components[0].components[0]).toMatchObject({
      custom_id: "giveaway:enter",
      label: "Enter",
    });

    const alice = standIn.state.addUser({ username: "alice" });
    standIn.state.addMember(guild.id, alice.id);
    const callback = await click(alice.id, giveaway.messageId, "giveaway:enter");
    expect(callback.body.type).toBe(4);
    expect(callback.body.data.flags & 64).toBe(64);
    expect(callback.body.data.content).toBe("🎉 You're in! You have 1 entry. Good luck!");
    expect(callback.body.data.components[0].components[0]).toMatchObject({
      type: 2,
      style: 4,
      custom_id: `giveaway:leave:${giveaway.messageId}`,
    });
    await bot.events.idle();
    const entries = await listParticipants(ctx, guild.id, giveaway.messageId, { limit: 10, offset: 0 });
    expect(entries).toMatchObject([{ userId: alice.id, username: "alice", entries: 1 }]);

    // Leave, from the confirmation: the entry is withdrawn and the confirmation updated (type 7).
    const left = await click(alice.id, giveaway.messageId, `giveaway:leave:${giveaway.messageId}`);
    expect(left.body.type).toBe(7);
    expect(left.body.data.content).toMatch(/^You left the giveaway/);
    await bot.events.idle();
    expect(await listParticipants(ctx, guild.id, giveaway.messageId, { limit: 10, offset: 0 })).toEqual([]);
  });
});
