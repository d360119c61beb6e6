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
  harness = await startStandInBot(standIn, giveawaysBot, { commands: true });
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

describe("a giveaway at the product's own maxima", () => {
  it("a 256-character prize, 50 winners and every requirement post and end in payloads Discord accepts", async () => {
    const prize = `${"Grand prize ".repeat(21)}1234`;
    expect(prize).toHaveLength(256);
    const role = standIn.state.addRole(guild.id, { name: "Regulars" }).id;
    const donor = standIn.state.addUser({ username: "donor" });
    standIn.state.addMember(guild.id, donor.id);
    const entrants = Array.from({ length: 3 }, (_, index) => {
      const user = standIn.state.addUser({ username: `entrant${index}` });
      standIn.state.addMember(guild.id, user.id, [role]);
      return user.id;
    });
    const after = standIn.requests.length;
    const started = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId,
      name: "giveaway",
      subcommand: "start",
      options: {
        prize,
        duration: "4w",
        winners: 50,
        channel: { channel: channelId },
        donor: { user: donor.id },
        min_account_age: 0,
        min_member_age: 0,
        min_invites: 0,
        required_role: { role },
      },
    });
    await harness.settle();
    expect(started.callback.status).toBe(204);
    const posted = standIn
      .find("POST", `/channels/${channelId}/messages`)
      .filter((r) => standIn.requests.indexOf(r) >= after);
    expect(posted).toHaveLength(1);
    const embed = posted[0]?.body.embeds[0];
    // "🎉 " and the prize were 258 characters; Discord's limit for a title is 256.
    expect(Array.from(embed.title as string)).toHaveLength(256);
    expect(embed.title).toMatch(/^🎉 Grand prize .*…$/);
    expect(embed.description).toContain(`**Prize:** ${prize}`);
    const messageId = String(started.callback.body.data.content.match(/Message ID: `(\d+)`/)?.[1]);
    for (const userId of entrants) await click(userId, messageId, "giveaway:enter");
    await harness.settle();

    const ended = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId,
      name: "giveaway",
      subcommand: "end",
      options: { message_id: messageId },
    });
    await harness.settle();
    expect(ended.callback.status).toBe(204);
    expect(ended.callback.body.data.content).toMatch(/^🏁 Ended the giveaway/);
    const edit = standIn.find("PATCH", `/channels/${channelId}/messages/${messageId}`).at(-1);
    expect(Array.from(edit?.body.embeds[0].title as string)).toHaveLength(256);
    const announcement = standIn.find("POST", `/channels/${channelId}/messages`).at(-1);
    expect(announcement?.body.content).toContain(prize);
    expect(announcement?.status).toBe(200);
    expect(standIn.refusals(after)).toEqual([]);
  });
});
