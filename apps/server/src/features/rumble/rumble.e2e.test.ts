import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { editSettings } from "../settings/service.ts";
import { rumbleBot } from "./commands.ts";
import { winnerEmbed } from "./fixtures.ts";
import { rumbleRoyaleBotId } from "./parser.ts";

// The Rumble tracker through the real discord.js client and the Discord stand-in: Rumble Royale's
// WINNER embed arrives as MESSAGE_CREATE, Hearth congratulates the winner and /rumble leaderboard
// shows the new count.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let winnerId: string;
let callerId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Rumble Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  const winner = standIn.state.addUser({ username: "morgan" });
  const caller = standIn.state.addUser({ username: "robin" });
  standIn.state.addUser({ id: rumbleRoyaleBotId, username: "Rumble Royale", bot: true });
  for (const id of [winner.id, caller.id, rumbleRoyaleBotId]) standIn.state.addMember(guild.id, id);
  winnerId = winner.id;
  callerId = caller.id;
  harness = await startStandInBot(standIn, rumbleBot, { commands: true });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const gameOver = () =>
  standIn.postMessage({
    channelId,
    authorId: rumbleRoyaleBotId,
    embeds: [
      { ...winnerEmbed, thumbnail: { url: `https://cdn.discordapp.com/avatars/${winnerId}/abc.png` } },
    ],
  });
const congratulations = () =>
  standIn
    .find("POST", `/channels/${channelId}/messages`)
    .filter((r) => String(r.body?.content).startsWith("🏆 Congratulations"));

describe("the Rumble tracker through the Discord stand-in", () => {
  it("ignores game overs while the switch is off", async () => {
    await gameOver();
    await harness.settle();
    expect(congratulations()).toHaveLength(0);
  });

  it("records a game over, congratulates with the total, and the leaderboard shows it", async () => {
    await editSettings(
      harness.ctx,
      guild.id,
      { rumbleTrackerEnabled: true },
      { tokenId: null, userId: null },
    );
    await gameOver();
    await harness.settle();
    await gameOver();
    await harness.settle();
    const posts = congratulations();
    expect(posts.map((p) => p.body.content)).toEqual([
      `🏆 Congratulations <@${winnerId}>, you won the rumble! That's **1** win in all (1 this month). See \`/rumble leaderboard\`.`,
      `🏆 Congratulations <@${winnerId}>, you won the rumble! That's **2** wins in all (2 this month). See \`/rumble leaderboard\`.`,
    ]);
    expect(posts[0]?.body.allowed_mentions).toMatchObject({ users: [winnerId] });

    const board = await standIn.runCommand({
      guildId: guild.id,
      channelId,
      userId: callerId,
      name: "rumble",
      subcommand: "leaderboard",
      options: { period: "monthly" },
    });
    const embed = board.callback.body.data.embeds[0];
    expect(embed.title).toBe("🏆 Rumble winners this month");
    expect(embed.description).toBe(`🥇 <@${winnerId}> · 2 wins\n\nYou haven't won a rumble yet.`);
    expect(board.callback.body.data.allowed_mentions).toEqual({ parse: [], users: [], roles: [] });
  });
});
