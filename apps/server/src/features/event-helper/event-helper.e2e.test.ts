import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { editSettings } from "../settings/service.ts";
import { eventHelperBot } from "./commands.ts";
import { gameEvents } from "./fixtures.ts";
import { dankMemerBotId } from "./parser.ts";

// The Event helper through the real discord.js client and the Discord stand-in: Dank Memer posts an
// event embed, Hearth posts the answer within a second, only while the switch is on and only for
// the configured game bots.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let otherBotId: string;
let memberId: string;
const actor = { tokenId: null, userId: null };

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Grind Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  standIn.state.addUser({ id: dankMemerBotId, username: "Dank Memer", bot: true });
  otherBotId = standIn.state.addUser({ username: "OwO", bot: true }).id;
  memberId = standIn.state.addUser({ username: "grinder" }).id;
  for (const id of [dankMemerBotId, otherBotId, memberId]) standIn.state.addMember(guild.id, id);
  harness = await startStandInBot(standIn, eventHelperBot);
});
afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const answers = () =>
  standIn
    .find("POST", `/channels/${channelId}/messages`)
    .map((r) => String(r.body?.content))
    .filter((content) => content.startsWith("🎯"));
const post = (authorId: string, event: { content: string; embeds: readonly object[] }) =>
  standIn.postMessage({ channelId, authorId, content: event.content, embeds: [...event.embeds] });

describe("the Event helper through the Discord stand-in", () => {
  it("stays quiet while the switch is off", async () => {
    await post(dankMemerBotId, gameEvents.typeEmbed);
    await harness.settle();
    expect(answers()).toEqual([]);
  });

  it("answers each kind of event within a second while on, and nothing else", async () => {
    await editSettings(harness.ctx, guild.id, { eventsCheatEnabled: true }, actor);
    const started = Date.now();
    const after = standIn.requests.length;
    await post(dankMemerBotId, gameEvents.typeEmbed);
    await standIn.waitForRequest((r) => r.method === "POST" && String(r.body?.content).startsWith("🎯"), {
      after,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    for (const event of [
      gameEvents.reverse,
      gameEvents.unscramble,
      gameEvents.unscrambleAmbiguous,
      gameEvents.sum,
      gameEvents.shop,
    ]) {
      await post(dankMemerBotId, event);
    }
    // The same event from a member or from a bot that isn't a configured game bot: ignored.
    await post(memberId, gameEvents.typeEmbed);
    await post(otherBotId, gameEvents.reverse);
    await harness.settle();
    expect(answers()).toEqual([
      "🎯 **Type:** `dank memer is the best bot`",
      "🎯 **Backwards:** `dank meme`",
      "🎯 **Unscrambled:** `padlock`",
      "🎯 **Unscrambled:** `danger` (or `garden`)",
      "🎯 **Answer:** `75`",
    ]);
  });

  it("follows the game bot list and the switch at once", async () => {
    await editSettings(harness.ctx, guild.id, { gameBotIds: [otherBotId] }, actor);
    await post(otherBotId, gameEvents.sumTimes);
    await post(dankMemerBotId, gameEvents.sum);
    await harness.settle();
    expect(answers().slice(5)).toEqual(["🎯 **Answer:** `144`"]);
    await editSettings(harness.ctx, guild.id, { eventsCheatEnabled: false }, actor);
    await post(otherBotId, gameEvents.sumTimes);
    await harness.settle();
    expect(answers()).toHaveLength(6);
  });
});
