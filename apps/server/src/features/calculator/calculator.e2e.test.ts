import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { BotFeature } from "../feature.ts";
import { marketBot } from "../market/commands.ts";
import { setItemPrice } from "../market/service.ts";
import { settingsBot } from "../settings/commands.ts";
import { editSettings } from "../settings/service.ts";
import { calculatorBot } from "./commands.ts";

// The economy helpers through the real discord.js client and the Discord stand-in: a sum typed in
// chat is answered as a reply only while the Calculator switch is on (switched with /settings, at
// once); the market's CSV export arrives as an uploaded file, and a price question typed in chat is
// answered once the Market checker switch is on.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let memberId: string;

const helpers: BotFeature = {
  commands: (ctx) => [
    ...(calculatorBot.commands?.(ctx) ?? []),
    ...(settingsBot.commands?.(ctx) ?? []),
    ...(marketBot.commands?.(ctx) ?? []),
  ],
  listeners: (bot, ctx) => {
    const stops = [calculatorBot.listeners?.(bot, ctx), marketBot.listeners?.(bot, ctx)];
    return () => {
      for (const stop of stops) stop?.();
    };
  },
};

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Calc Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  memberId = standIn.state.addUser({ username: "grinder" }).id;
  standIn.state.addMember(guild.id, memberId);
  harness = await startStandInBot(standIn, helpers, { commands: true });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const answers = () =>
  standIn
    .find("POST", `/channels/${channelId}/messages`)
    .filter((r) => String(r.body?.content).includes("**"));

async function say(content: string) {
  const message = await standIn.postMessage({ channelId, authorId: memberId, content });
  await harness.settle();
  return message;
}

async function switchCalculator(on: boolean) {
  const result = await standIn.runCommand({
    guildId: guild.id,
    channelId,
    userId: guild.ownerId,
    name: "settings",
    options: { feature: "calculator", toggle: on },
  });
  await harness.settle();
  return result;
}

describe("the calculator through the Discord stand-in", () => {
  it("answers an expression message as a reply while the switch is on, pinging no one", async () => {
    const message = await say("(250k+1.2m)/4");
    const [reply, ...rest] = answers();
    expect(rest).toEqual([]);
    expect(reply?.body).toMatchObject({
      content: "= **362.5K** (362,500)",
      message_reference: { message_id: message.id, fail_if_not_exists: false },
      allowed_mentions: { parse: [], users: [], roles: [] },
    });
    await say("gg everyone");
    expect(answers()).toHaveLength(1);
  });

  it("stops at once when /settings switches it off, and starts again when switched on", async () => {
    const off = await switchCalculator(false);
    expect(JSON.stringify(off.callback.body)).toContain("is now ⛔ Off");
    await say("1.5m*3");
    expect(answers()).toHaveLength(1);

    await switchCalculator(true);
    await say("15% of 2b");
    expect(answers().map((r) => r.body.content)).toEqual([
      "= **362.5K** (362,500)",
      "= **300M** (300,000,000)",
    ]);
  });

  it("sends the market's CSV export as an uploaded file", async () => {
    await setItemPrice(
      harness.ctx,
      guild.id,
      { name: "Gold Bar", price: "1.5m" },
      { tokenId: null, userId: null },
    );
    const result = await standIn.runCommand({
      guildId: guild.id,
      channelId,
      userId: guild.ownerId,
      name: "market",
      subcommand: "export",
    });
    await harness.settle();
    const upload = [result.callback, ...standIn.find("PATCH", /\/webhooks\/.*\/messages\/@original$/)].find(
      (request) => request.files?.length,
    );
    expect(upload?.files).toEqual([
      {
        name: "market-prices.csv",
        contentType: "text/csv; charset=utf-8",
        data: "item,price\nGold Bar,1500000\n",
      },
    ]);
  });

  it("answers a price question in chat while the Market checker switch is on", async () => {
    const before = answers().length;
    await say("pc gold bars?");
    expect(answers()).toHaveLength(before);
    await editSettings(
      harness.ctx,
      guild.id,
      { marketCheckerEnabled: true },
      { tokenId: null, userId: null },
    );
    const question = await say("pc gold bars?");
    const reply = answers().at(-1);
    expect(reply?.body).toMatchObject({
      content: "💰 **Gold Bar**: **1.5M** (1,500,000)",
      message_reference: { message_id: question.id },
    });
  });
});
