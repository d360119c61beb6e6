import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { createInvite, joinViaInvite, setInvitesVisible } from "../../../test/discord-stand-in/invites.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { BotFeature } from "../feature.ts";
import { giveawaysBot } from "../giveaways/commands.ts";
import { createGiveaway } from "../giveaways/service.ts";
import { getInviteStanding } from "./service.ts";
import { listenForInvites } from "./tracker.ts";

// The min_invites requirement with invite tracking, through the real discord.js client and the
// Discord stand-in: the bot reads the invites when it connects; a user joins through Rita's invite;
// the comparison credits Rita, who can then enter a giveaway that asks for one invite.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let blind: StoredGuild;
let channelId: string;
let blindChannel: string;
let rita: StoredUser;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Invite Hollow" });
  blind = standIn.state.addGuild({ name: "No Manage Server" });
  setInvitesVisible(standIn.state, blind.id, false);
  channelId = standIn.state.addChannel(guild.id, { name: "giveaways", type: 0 }).id;
  blindChannel = standIn.state.addChannel(blind.id, { name: "giveaways", type: 0 }).id;
  rita = standIn.state.addUser({ username: "rita" });
  standIn.state.addMember(guild.id, rita.id);
  standIn.state.addMember(blind.id, rita.id);
  // Giveaways' buttons (entering) and this feature's listeners (reading invites, crediting joins).
  const giveawaysWithInvites: BotFeature = {
    listeners: (bot, ctx) => {
      const stops = [giveawaysBot.listeners?.(bot, ctx), listenForInvites(bot, ctx)];
      return () => {
        for (const stop of stops) stop?.();
      };
    },
  };
  harness = await startStandInBot(standIn, giveawaysWithInvites, { config: { rateLimitMax: 0 } });
  await harness.settle();
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const dispatch = (event: string, data: unknown) => standIn.dispatch(event, data);

async function enter(guildId: string, messageId: string) {
  const result = await standIn.clickButton({
    guildId,
    userId: rita.id,
    messageId,
    customId: "giveaway:enter",
  });
  return result.callback.body.data.content as string;
}

describe("min_invites with invite tracking", () => {
  it("credits the inviter when a member joins through their invite, and lets them enter", async () => {
    const { ctx } = harness;
    expect((await getInviteStanding(ctx, guild.id, rita.id)).tracking?.status).toBe("active");
    const giveaway = await createGiveaway(
      ctx,
      guild.id,
      { tokenId: null, userId: guild.ownerId },
      {
        channelId,
        prize: "Nitro",
        winnerCount: 1,
        duration: 3600,
        requirements: { minAccountAge: 0, minMemberAge: 0, minInvites: 1, requiredRoles: [] },
      },
    );
    expect(await enter(guild.id, giveaway.messageId)).toMatch(
      /^You need at least 1 invite to enter \(you have 0\)\./,
    );

    await createInvite(standIn.state, dispatch, {
      guildId: guild.id,
      channelId,
      inviterId: rita.id,
      code: "ritas",
    });
    const newcomer = standIn.state.addUser({ username: "newcomer" });
    await joinViaInvite(standIn.state, dispatch, { code: "ritas", userId: newcomer.id });
    await harness.settle();
    expect(standIn.find("GET", `/guilds/${guild.id}/invites`).length).toBeGreaterThanOrEqual(2);
    expect((await getInviteStanding(ctx, guild.id, rita.id)).invites).toBe(1);

    expect(await enter(guild.id, giveaway.messageId)).toBe("🎉 You're in! You have 1 entry. Good luck!");
  });

  it("explains the requirement where the bot can't see invites", async () => {
    const { ctx } = harness;
    expect((await getInviteStanding(ctx, blind.id, rita.id)).tracking?.status).toBe("unavailable");
    const giveaway = await createGiveaway(
      ctx,
      blind.id,
      { tokenId: null, userId: blind.ownerId },
      {
        channelId: blindChannel,
        prize: "Nitro",
        winnerCount: 1,
        duration: 3600,
        requirements: { minAccountAge: 0, minMemberAge: 0, minInvites: 2, requiredRoles: [] },
      },
    );
    expect(await enter(blind.id, giveaway.messageId)).toBe(
      "This giveaway asks for at least 2 invites, but invites can't be counted in this server yet: Hearth needs the Manage Server permission to see its invites. Ask the staff to grant it; invites are counted from then on.",
    );
  });
});
