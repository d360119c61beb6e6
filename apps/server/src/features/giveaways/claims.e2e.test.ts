import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { AppContext } from "../../context.ts";
import { claimButtonId } from "./claim-button.ts";
import { giveawaysBot } from "./commands.ts";
import { getGiveawayDetail } from "./queries.ts";

// Claims and control through the real discord.js client and the Discord stand-in: `/giveaway start`
// with claim, reminder and max_entries; the Claim button on the winners announcement pressed by a
// winner (twice) and by someone else; `/giveaway claims` for the host. The stand-in refuses any
// payload Discord would refuse.

let standIn: DiscordStandIn;
let ctx: AppContext;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Claim Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "giveaways", type: 0 }).id;
  harness = await startStandInBot(standIn, giveawaysBot, { commands: true });
  ({ ctx } = harness);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

async function click(userId: string, messageId: string, customId: string) {
  const result = await standIn.interact(
    standIn.buttonClick({ guildId: guild.id, userId, messageId, customId, channelId }),
  );
  await harness.settle();
  return result.callback.body.data as { content: string; flags: number };
}

const command = (
  subcommand: string,
  options: Record<string, string | number | boolean | { channel: string }>,
) =>
  standIn.runCommand({
    guildId: guild.id,
    userId: guild.ownerId,
    channelId,
    name: "giveaway",
    subcommand,
    options,
  });

describe("giveaway claims through the Discord stand-in", () => {
  it("starts with claim, reminder and max entries; winners claim once on the announcement; the host sees it", async () => {
    const after = standIn.requests.length;
    const started = await command("start", {
      prize: "Game key",
      duration: "2h",
      winners: 1,
      channel: { channel: channelId },
      claim: "24h",
      reminder: "30m",
      max_entries: 10,
    });
    await harness.settle();
    const reply = started.callback.body.data.content as string;
    expect(reply).toContain("It ends once 10 members have entered.");
    expect(reply).toContain("A last-chance reminder is posted");
    expect(reply).toContain("Winners have 1 day to claim");
    const messageId = String(reply.match(/Message ID: `(\d+)`/)?.[1]);
    const detail = await getGiveawayDetail(ctx, guild.id, messageId);
    expect(detail).toMatchObject({ claimWindow: 86_400, reminderBefore: 1800, maxEntries: 10 });

    const people = Array.from({ length: 3 }, (_, index) => {
      const user = standIn.state.addUser({ username: `claimer${index}` });
      standIn.state.addMember(guild.id, user.id);
      return user.id;
    });
    for (const userId of people) await click(userId, messageId, "giveaway:enter");

    await command("end", { message_id: messageId });
    await harness.settle();
    const announcement = standIn
      .find("POST", `/channels/${channelId}/messages`)
      .filter((r) => standIn.requests.indexOf(r) >= after)
      .find((r) => JSON.stringify(r.body.components ?? []).includes("giveaway:claim:"));
    expect(announcement?.status).toBe(200);
    const button = announcement?.body.components[0].components[0];
    expect(button).toMatchObject({ custom_id: claimButtonId(guild.id, messageId), label: "Claim prize" });
    expect(announcement?.body.embeds[0].description).toMatch(/press \*\*Claim\*\* by/);

    const ended = await getGiveawayDetail(ctx, guild.id, messageId);
    const winner = (Array.isArray(ended.winners) ? ended.winners : [])[0]?.userId as string;
    const other = people.find((id) => id !== winner) as string;
    const held = [...standIn.state.messages.values()].find((message) =>
      JSON.stringify(message).includes(claimButtonId(guild.id, messageId)),
    );
    const announcementId = String(held?.id);

    const refused = await click(other, announcementId, claimButtonId(guild.id, messageId));
    expect(refused.flags & 64).toBe(64);
    expect(refused.content).toMatch(/Only the winners of this giveaway can claim it/);
    const claimed = await click(winner, announcementId, claimButtonId(guild.id, messageId));
    expect(claimed.flags & 64).toBe(64);
    expect(claimed.content).toMatch(/^✅ Claimed! \*\*Game key\*\* is yours/);
    const again = await click(winner, announcementId, claimButtonId(guild.id, messageId));
    expect(again.content).toMatch(/^✅ You already claimed \*\*Game key\*\*/);

    const claims = await command("claims", { message_id: messageId });
    await harness.settle();
    expect(claims.callback.body.data.embeds[0].description).toContain(`✅ <@${winner}> claimed`);
    expect(standIn.refusals(after)).toEqual([]);
  });

  it("a winner claims from the Claim button in their DM (no server in the interaction); the host sees it", async () => {
    const after = standIn.requests.length;
    const started = await command("start", {
      prize: "DM prize",
      duration: "2h",
      winners: 1,
      channel: { channel: channelId },
      claim: "24h",
      dm_winners: true,
    });
    await harness.settle();
    const messageId = String(
      (started.callback.body.data.content as string).match(/Message ID: `(\d+)`/)?.[1],
    );
    const entrant = standIn.state.addUser({ username: "dm-claimer" });
    standIn.state.addMember(guild.id, entrant.id);
    await click(entrant.id, messageId, "giveaway:enter");
    await command("end", { message_id: messageId });
    await harness.settle();

    const ended = await getGiveawayDetail(ctx, guild.id, messageId);
    expect((Array.isArray(ended.winners) ? ended.winners : [])[0]?.userId).toBe(entrant.id);
    const dm = [...standIn.state.messages.values()].find(
      (message) =>
        standIn.state.dmChannels.get(message.channel_id) === entrant.id &&
        JSON.stringify(message).includes(claimButtonId(guild.id, messageId)),
    );
    expect(dm, "the winner's DM carries the Claim button").toBeDefined();

    const result = await standIn.interact(
      standIn.dmButtonClick({
        userId: entrant.id,
        messageId: String(dm?.id),
        customId: claimButtonId(guild.id, messageId),
      }),
    );
    await harness.settle();
    const answer = result.callback.body.data as { content: string; flags: number };
    expect(answer.flags & 64).toBe(64);
    expect(answer.content).toMatch(/^✅ Claimed! \*\*DM prize\*\* is yours/);

    const claims = await command("claims", { message_id: messageId });
    await harness.settle();
    expect(claims.callback.body.data.embeds[0].description).toContain(`✅ <@${entrant.id}> claimed`);
    expect(standIn.refusals(after)).toEqual([]);
  });

  it("answers a claim window out of bounds with a friendly message naming the option", async () => {
    const result = await command("start", { prize: "Too quick", duration: "1h", claim: "5m" });
    await harness.settle();
    expect(result.callback.body.data.content).toMatch(/claim must be between 10 minutes and 7 days/);
    const reminder = await command("start", { prize: "Too late", duration: "1h", reminder: "2h" });
    await harness.settle();
    expect(reminder.callback.body.data.content).toMatch(
      /reminder must be shorter than the giveaway's duration/,
    );
  });
});
