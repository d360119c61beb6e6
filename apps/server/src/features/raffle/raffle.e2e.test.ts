import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { raffleBot } from "./commands.ts";

// Raffle tickets and the draw through the real discord.js client and the Discord stand-in: staff
// hand out tickets, a holder leaves the server, and the draw names only members still here.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
const users: StoredUser[] = [];

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Raffle Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "events", type: 0 }).id;
  for (const name of ["ana", "ben", "cat"]) {
    const user = standIn.state.addUser({ username: name });
    standIn.state.addMember(guild.id, user.id);
    users.push(user);
  }
  harness = await startStandInBot(standIn, raffleBot, { commands: true, config: { rateLimitMax: 0 } });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const run = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  standIn.runCommand({
    guildId: guild.id,
    userId,
    channelId,
    name: "raffle",
    subcommand,
    options: options as never,
  });

describe("a raffle through the Discord stand-in", () => {
  it("hands out tickets, shows them, and draws the winners from members still here", async () => {
    const [ana, ben, cat] = users as [StoredUser, StoredUser, StoredUser];
    const opened = await run(guild.ownerId, "start", { prize: "Gold tier", winners: 2 });
    expect(opened.callback.body.data.content).toContain("The raffle for **Gold tier** is open (2 winners)");
    expect(standIn.find("POST", `/channels/${channelId}/messages`).at(-1)?.body.embeds[0].title).toBe(
      "🎫 Raffle: Gold tier",
    );

    const added = await run(guild.ownerId, "add", { user: { user: ana.id }, tickets: 5 });
    expect(added.callback.body.data).toMatchObject({
      content: `🎫 <@${ana.id}> got 5 tickets in the raffle for **Gold tier** and now holds 5 tickets (100% of 5 tickets).`,
      allowed_mentions: { parse: [], users: [], roles: [] },
    });
    await run(guild.ownerId, "add", { user: { user: ben.id }, tickets: 3 });
    await run(guild.ownerId, "add", { user: { user: cat.id }, tickets: 50 });
    // A member can't hand out tickets (Manage Server or the event manager role is needed).
    const refused = await run(ben.id, "add", { user: { user: ben.id }, tickets: 100 });
    expect(refused.callback.body.data.flags & 64).toBe(64);
    expect(refused.callback.body.data.content).toBe(
      "You need Manage Server (or this server's event manager role) to use /raffle add.",
    );

    const mine = await run(ben.id, "tickets");
    expect(mine.callback.body.data.content).toBe(
      "Raffle for **Gold tier** (2 winners): You hold 3 tickets of 58 tickets held by 3 members (5.2% of the tickets).\nStaff hand out tickets with `/raffle add`.",
    );

    // Cat, who holds most tickets, leaves the server.
    guild.members.delete(cat.id);
    await standIn.dispatch("GUILD_MEMBER_REMOVE", {
      guild_id: guild.id,
      user: standIn.state.apiUser(cat.id),
    });
    await harness.settle();

    const after = standIn.requests.length;
    const drawn = await run(guild.ownerId, "draw");
    const content = drawn.callback.body.data.content as string;
    expect(content).toContain("Drew the raffle for **Gold tier** (final");
    expect(content).toContain(`<@${ana.id}>`);
    expect(content).toContain(`<@${ben.id}>`);
    expect(content).not.toContain(`<@${cat.id}>`);
    const announcement = standIn
      .find("POST", `/channels/${channelId}/messages`)
      .filter((request) => standIn.requests.indexOf(request) >= after);
    expect(announcement).toHaveLength(1);
    expect([...(announcement[0]?.body.allowed_mentions.users ?? [])].sort()).toEqual([ana.id, ben.id].sort());
    expect(announcement[0]?.body.embeds[0].description).toContain("Drawn from 8 tickets held by 2 members.");

    // The draw is final.
    expect((await run(guild.ownerId, "draw")).callback.body.data.content).toContain("draws are final");
    expect((await run(ana.id, "tickets")).callback.body.data.content).toContain("was drawn");
  });
});
