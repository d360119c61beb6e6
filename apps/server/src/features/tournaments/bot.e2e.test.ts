import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { AppContext } from "../../context.ts";
import { updateSetup } from "../setup/service.ts";
import { playableMatches } from "./bracket.ts";
import { tournamentsBot } from "./commands.ts";
import { tournamentView } from "./service.ts";

// A four-player tournament from sign-up to champion, through the real discord.js client and the
// Discord stand-in: create (the events ping role mentioned), sign-ups by button and by command, a
// withdrawal, the start, three reported results and the champion's announcement.

let standIn: DiscordStandIn;
let harness: StandInBot;
let ctx: AppContext;
let guild: StoredGuild;
let channelId: string;
let pingRole: string;
let managerRole: string;
let players: StoredUser[];

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Arena Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "events", type: 0 }).id;
  pingRole = standIn.state.addRole(guild.id, { name: "Events Ping" }).id;
  managerRole = standIn.state.addRole(guild.id, { name: "Event Manager" }).id;
  players = ["ana", "ben", "cai", "dee", "eli"].map((username) => {
    const user = standIn.state.addUser({ username });
    standIn.state.addMember(guild.id, user.id);
    return user;
  });
  harness = await startStandInBot(standIn, tournamentsBot, { commands: true, config: { rateLimitMax: 0 } });
  ({ ctx } = harness);
  await updateSetup(ctx, guild.id, { events: { pingRole } }, { tokenId: null, userId: guild.ownerId });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const command = (userId: string, subcommand: string, options = {}) =>
  standIn.runCommand({ guildId: guild.id, userId, channelId, name: "tournament", subcommand, options });
const click = (userId: string, messageId: string, customId: string) =>
  standIn.clickButton({ guildId: guild.id, userId, channelId, messageId, customId });
const user = (index: number) => players[index] as StoredUser;
const posts = () => standIn.find("POST", `/channels/${channelId}/messages`);

describe("a tournament through the Discord stand-in", () => {
  it("goes from sign-up to champion", async () => {
    const created = await command(guild.ownerId, "create", { name: "Stand-in Cup", size: "4" });
    expect(created.callback.body.data.content).toContain("**Stand-in Cup** is open for sign-ups");
    const signup = posts().at(-1);
    expect(signup?.body.content).toBe(`<@&${pingRole}>`);
    // Only the events ping role may ping: no @everyone, no other role, no member.
    expect(signup?.body.allowed_mentions).toMatchObject({ parse: [], roles: [pingRole] });
    expect(signup?.body.allowed_mentions.users ?? []).toEqual([]);
    const view = await tournamentView(ctx, guild.id);
    const id = view?.tournament.id as number;
    const messageId = view?.tournament.messageId as string;
    expect(messageId).toMatch(/^\d+$/);

    // Three sign up by button, one by command; a fifth joins and withdraws again.
    for (const index of [0, 1, 2]) {
      const joined = await click(user(index).id, messageId, `tournament:join:${id}`);
      expect(joined.callback.body).toMatchObject({
        type: 4,
        data: { flags: 64, content: expect.stringContaining("You're signed up for **Stand-in Cup**") },
      });
    }
    expect((await command(user(3).id, "join")).callback.body.data.content).toContain("(4/4 players)");
    const full = await click(user(4).id, messageId, `tournament:join:${id}`);
    expect(full.callback.body.data.content).toContain("full (4/4 players)");
    expect(
      (await click(user(3).id, messageId, `tournament:leave:${id}`)).callback.body.data.content,
    ).toContain("withdrawn");
    expect(
      (await click(user(4).id, messageId, `tournament:join:${id}`)).callback.body.data.content,
    ).toContain("(4/4 players)");
    // Only staff may cancel.
    const refused = await click(user(0).id, messageId, `tournament:cancel:${id}`);
    expect(refused.callback.body.data.content).toContain("Only staff can cancel a tournament");

    const started = await command(guild.ownerId, "start");
    expect(started.callback.body.data.content).toContain("**Stand-in Cup** has started");
    await harness.settle();
    const kickoff = posts().at(-1);
    expect(kickoff?.body.content).toContain("has started with 4 players");
    expect(kickoff?.body.embeds[0].title).toBe("🏆 Stand-in Cup — bracket");
    // The sign-up message lost its Join/Leave buttons; staff can still cancel.
    const edits = standIn.find("PATCH", `/channels/${channelId}/messages/${messageId}`);
    expect(edits.at(-1)?.body.components[0].components.map((c: { label: string }) => c.label)).toEqual([
      "Bracket",
      "Cancel (staff)",
    ]);

    // Reporting is for staff: a member is refused until they hold the event manager role.
    const first = playableMatches((await tournamentView(ctx, guild.id))?.matches ?? [])[0];
    const denied = await command(user(4).id, "report", {
      match: first?.number ?? 1,
      winner: { user: first?.player1 ?? "" },
    });
    expect(denied.callback.body.data.content).toContain(
      "You need Manage Server (or this server's event manager role)",
    );
    await standIn.updateMember(guild.id, user(4).id, { roles: [managerRole] });
    await updateSetup(
      ctx,
      guild.id,
      { events: { manager: managerRole } },
      { tokenId: null, userId: guild.ownerId },
    );

    // Results: two semi-finals (the first by the event manager), then the final.
    for (let round = 0; round < 3; round++) {
      const current = await tournamentView(ctx, guild.id);
      const [match] = playableMatches(current?.matches ?? []);
      if (!match) throw new Error("no match to play");
      const reported = await command(round === 0 ? user(4).id : guild.ownerId, "report", {
        match: match.number,
        winner: { user: match.player2 as string },
      });
      expect(reported.callback.body.data.content).toMatch(/^✅ Recorded/);
      await harness.settle();
      const announcement = posts().at(-1);
      expect(announcement?.body.allowed_mentions.users).toContain(match.player2);
      if (round === 2) {
        expect(announcement?.body.content).toMatch(
          new RegExp(`^🏆 <@${match.player2}> wins \\*\\*Stand-in Cup\\*\\*`),
        );
      } else {
        expect(announcement?.body.content).toContain(`✅ **Match ${match.number}** (Semi-finals)`);
      }
    }
    const finished = await tournamentView(ctx, guild.id);
    expect(finished?.tournament.status).toBe("finished");
    expect(finished?.tournament.championId).toMatch(/^\d+$/);

    // The bracket command shows the champion, and so does the sign-up message's Bracket button (privately).
    const bracket = await command(user(1).id, "bracket");
    expect(bracket.callback.body.data.embeds[0].description).toContain("🏆 Champion:");
    const button = await click(user(2).id, messageId, `tournament:round:${id}:0`);
    expect(button.callback.body).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(button.callback.body.data.embeds[0].description).toContain("🏆 Champion:");
    expect(button.callback.body.data.embeds[0].description).toContain("Final #3");
  });

  it("is cancelled by staff after a confirmation, and its buttons go away", async () => {
    await command(guild.ownerId, "create", { name: "Doomed Cup", size: "4" });
    const view = await tournamentView(ctx, guild.id);
    const id = view?.tournament.id as number;
    const messageId = view?.tournament.messageId as string;
    const asked = await click(guild.ownerId, messageId, `tournament:cancel:${id}`);
    expect(asked.callback.body).toMatchObject({
      type: 4,
      data: { flags: 64, content: expect.stringContaining("Cancel **Doomed Cup**?") },
    });
    expect(asked.callback.body.data.components[0].components[0]).toMatchObject({
      label: "Yes, cancel it",
      custom_id: `tournament:cancel-confirm:${id}`,
      style: 4,
    });
    expect((await tournamentView(ctx, guild.id))?.tournament.status).toBe("signup");
    // (The confirmation is ephemeral: the stand-in takes the click as coming from the sign-up message.)
    const confirmed = await click(guild.ownerId, messageId, `tournament:cancel-confirm:${id}`);
    expect(confirmed.callback.body).toMatchObject({
      type: 7,
      data: { content: "🛑 **Doomed Cup** is cancelled." },
    });
    expect((await tournamentView(ctx, guild.id, id))?.tournament.status).toBe("cancelled");
    await harness.settle();
    const edits = standIn.find("PATCH", `/channels/${channelId}/messages/${messageId}`);
    expect(edits.at(-1)?.body.components).toEqual([]);
  });
});
