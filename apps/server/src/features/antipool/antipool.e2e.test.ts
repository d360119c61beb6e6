import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { BotFeature } from "../feature.ts";
import { giveawaysBot } from "../giveaways/commands.ts";
import { enterGiveaway } from "../giveaways/entries.ts";
import { createGiveaway, endGiveaway } from "../giveaways/service.ts";
import { editSettings } from "../settings/service.ts";
import { updateSetup } from "../setup/service.ts";
import { antipoolBot } from "./commands.ts";
import { recordPoolWin } from "./service.ts";

// Anti-pool through the real discord.js client and the Discord stand-in: a member who won an event
// an hour ago is drawn again; the draw skips them, the pool manager (DMs closed) is asked in the log
// channel, clicks Approve, and the member is awarded the win too.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let pooler: string;
let other: string;
let manager: string;

const both: BotFeature = {
  commands: (ctx) => [...(giveawaysBot.commands?.(ctx) ?? []), ...(antipoolBot.commands?.(ctx) ?? [])],
  listeners: (bot, ctx) => {
    const stops = [giveawaysBot.listeners?.(bot, ctx), antipoolBot.listeners?.(bot, ctx)];
    return () => {
      for (const stop of stops) stop?.();
    };
  },
};

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Pool Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  pooler = standIn.state.addUser({ username: "pooler" }).id;
  other = standIn.state.addUser({ username: "fair" }).id;
  manager = standIn.state.addUser({ username: "poolboss", dmClosed: true }).id;
  for (const id of [pooler, other, manager]) standIn.state.addMember(guild.id, id);
  harness = await startStandInBot(standIn, both, { commands: true });
});
afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("anti-pool through the Discord stand-in", () => {
  it("blocks a second win inside the window, asks the pool manager, and awards it on approval", async () => {
    const { ctx } = harness;
    const actor = { tokenId: null, userId: guild.ownerId };
    await updateSetup(ctx, guild.id, { logChannelId: channelId }, actor);
    await editSettings(ctx, guild.id, { antiPoolShow: { poolManagerId: manager } }, actor);
    // An hour ago the pooler won a raffle.
    await recordPoolWin(
      ctx,
      { serverId: guild.id, kind: "raffle", eventId: "1", label: "Gold tier", channelId, startedAt: 0 },
      pooler,
      Date.now() - 3_600_000,
    );
    const giveaway = await createGiveaway(ctx, guild.id, actor, {
      channelId,
      prize: "10m coins",
      winnerCount: 2,
      duration: 3600,
    });
    const messageId = giveaway.messageId;
    await enterGiveaway(ctx, guild.id, messageId, pooler);
    await enterGiveaway(ctx, guild.id, messageId, other);
    const ended = await endGiveaway(ctx, guild.id, messageId, { by: "manual" });
    expect((ended.winners as { userId: string }[]).map((w) => w.userId)).toEqual([other]);

    // The DM failed (closed), so the request landed in the log channel with the Approve button.
    const posts = standIn.find("POST", `/channels/${channelId}/messages`);
    const ask = posts.find((p) => String(p.body?.embeds?.[0]?.title).includes("Anti-pool"));
    expect(ask?.body.content).toBe(
      `<@${manager}> A win needs the pool manager's decision (the DM couldn't be delivered).`,
    );
    expect(ask?.body.embeds[0].description).toContain(`<@${pooler}> was drawn in the giveaway **10m coins**`);
    const button = ask?.body.components[0].components[0];
    expect(button).toMatchObject({ label: "Approve win", style: 3 });
    const announcement = posts.find((p) => String(p.body?.content).includes("won"));
    expect(String(announcement?.body.content)).not.toContain(pooler);

    const stored = standIn.state.messages;
    const askMessage = [...stored.values()].find(
      (m) =>
        m.components.length > 0 &&
        m.channel_id === channelId &&
        JSON.stringify(m.embeds).includes("Anti-pool"),
    );
    expect(askMessage?.id).toMatch(/^\d+$/);

    // Someone else can't approve; the pool manager can, once.
    const refused = await standIn.clickButton({
      guildId: guild.id,
      channelId,
      userId: other,
      messageId: askMessage?.id ?? "",
      customId: button.custom_id,
    });
    expect(refused.callback.body.data.content).toBe(
      "Only the server's pool manager can approve blocked wins.",
    );
    const after = standIn.requests.length;
    const approved = await standIn.clickButton({
      guildId: guild.id,
      channelId,
      userId: manager,
      messageId: askMessage?.id ?? "",
      customId: button.custom_id,
    });
    expect(approved.callback.body.type).toBe(7);
    expect(approved.callback.body.data.content).toBe(`✅ Approved: <@${pooler}> wins **10m coins** too.`);
    expect(approved.callback.body.data.components).toEqual([]);
    const told = await standIn.waitForRequest(
      (r) => r.method === "POST" && String(r.body?.content).startsWith("✅ The pool manager approved"),
      { after },
    );
    expect(told.body.content).toBe(
      `✅ The pool manager approved <@${pooler}>'s win of **10m coins**: they win it too. Congratulations!`,
    );
    expect(told.body.allowed_mentions).toMatchObject({ users: [pooler] });
    const wins = await ctx.storage.db
      .selectFrom("antipool_wins")
      .select(["user_id", "approved_by"])
      .where("event_id", "=", messageId)
      .orderBy("id")
      .execute();
    expect(wins).toEqual([
      { user_id: other, approved_by: null },
      { user_id: pooler, approved_by: manager },
    ]);
  });
});
