import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { triggersBot } from "./commands.ts";

// Server triggers through the real discord.js client and the Discord stand-in: a member adds a
// trigger with /trigger add, the keyword said twice in a row is answered once (the cooldown), a bot
// saying it is never answered, and another channel has its own cooldown.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let general: string;
let memberId: string;
let botId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Trigger Hollow" });
  general = [...guild.channels.keys()][0] ?? "";
  memberId = standIn.state.addUser({ username: "grinder" }).id;
  botId = standIn.state.addUser({ username: "chatty-bot", bot: true }).id;
  for (const id of [memberId, botId]) standIn.state.addMember(guild.id, id);
  harness = await startStandInBot(standIn, triggersBot, { commands: true });
});
afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const answers = (channelId: string) =>
  standIn
    .find("POST", `/channels/${channelId}/messages`)
    .filter((r) => String(r.body?.content).startsWith("Heists start"));

describe("server triggers through the Discord stand-in", () => {
  it("a member's trigger is answered once per cooldown, never for bots", async () => {
    const added = await standIn.runCommand({
      guildId: guild.id,
      channelId: general,
      userId: memberId,
      name: "trigger",
      subcommand: "add",
      options: { keyword: "heist", response: "Heists start at 8pm UTC, {user.mention}!" },
    });
    expect(added.callback.body.data.content).toBe(
      "✅ Added the trigger **heist** (whole word, text reply). It counts toward your own trigger limit.",
    );
    expect(added.callback.body.data.flags).toBe(64);

    await standIn.postMessage({ channelId: general, authorId: botId, content: "heist time" });
    await standIn.postMessage({ channelId: general, authorId: memberId, content: "when is the HEIST?" });
    await standIn.postMessage({ channelId: general, authorId: memberId, content: "heist heist heist" });
    await harness.settle();
    const sent = answers(general);
    expect(sent.map((r) => r.body.content)).toEqual([`Heists start at 8pm UTC, <@${memberId}>!`]);
    expect(sent[0]?.body.allowed_mentions).toMatchObject({ users: [memberId] });
  });
});
