import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../test/helpers.ts";
import type { MemberEvent, MessageEvent, PresenceEvent } from "../discord/port/events.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { listenForLeavers } from "../features/auth/listeners.ts";
import { createDashboardToken, listDashboardTokens } from "../features/auth/service.ts";
import { listenForGuilds } from "../features/guilds/listeners.ts";
import { conflict } from "../lib/errors.ts";
import { type Bot, createBot } from "./bot.ts";

// The bot runtime on the sandbox adapter: the same events and interactions as on Discord, simulated.

let test: TestContext;
let bot: Bot;

async function outbox(action: string) {
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .selectAll()
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(row.payload));
}

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  // The guilds and auth features' listeners, bound as the program binds every feature's.
  listenForGuilds(bot, test.ctx);
  listenForLeavers(bot, test.ctx);
  await bot.start();
});

afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("the bot on the sandbox", () => {
  it("starting announces the sandbox's guilds, which fill the guilds table", async () => {
    const row = await test.ctx.storage.db
      .selectFrom("guilds")
      .selectAll()
      .where("id", "=", demoGuildId)
      .executeTakeFirst();
    expect(row).toMatchObject({ name: "Ember Hollow", owner_id: demoOwnerId, left_at: null });
  });

  it("a member joining is written to the directory and heard by listeners", async () => {
    const heard: MemberEvent[] = [];
    const stop = bot.events.on("memberAdd", (member) => {
      heard.push(member);
    });
    const member = await test.sandbox.simulateMemberJoin(demoGuildId, { username: "newbie" });
    stop();
    expect(heard).toEqual([member]);
    expect(await test.sandbox.getMember(demoGuildId, member.user.id)).toMatchObject({
      user: { username: "newbie" },
    });
  });

  it("a member leaving loses their dashboard token and is told by DM", async () => {
    const member = await test.sandbox.simulateMemberJoin(demoGuildId, { username: "leaver" });
    const { record } = await createDashboardToken(test.ctx, {
      serverId: demoGuildId,
      userId: member.user.id,
      permission: "manager",
    });
    await test.sandbox.simulateMemberLeave(demoGuildId, member.user.id);
    const tokens = await listDashboardTokens(test.ctx, demoGuildId);
    expect(tokens.find((token) => token.id === record.id)?.revokedAt).toEqual(expect.any(Number));
    expect((await outbox("dm.send")).at(-1)).toMatchObject({
      userId: member.user.id,
      message: {
        content: "Your Hearth dashboard token for Ember Hollow was revoked because you left the server.",
      },
    });
    expect(await test.sandbox.getMember(demoGuildId, member.user.id)).toBeNull();
  });

  it("a member with DMs closed still loses the token, and nothing fails", async () => {
    const member = await test.sandbox.simulateMemberJoin(demoGuildId, { username: "private", dmOpen: false });
    const { record } = await createDashboardToken(test.ctx, {
      serverId: demoGuildId,
      userId: member.user.id,
      permission: "manager",
    });
    const dmsBefore = (await outbox("dm.send")).length;
    await test.sandbox.simulateMemberLeave(demoGuildId, member.user.id);
    const tokens = await listDashboardTokens(test.ctx, demoGuildId);
    expect(tokens.find((token) => token.id === record.id)?.revokedAt).toEqual(expect.any(Number));
    expect(await outbox("dm.send")).toHaveLength(dmsBefore);
  });

  it("presence and messages reach listeners; a failing listener doesn't stop the others", async () => {
    const presences: PresenceEvent[] = [];
    const messages: MessageEvent[] = [];
    const stops = [
      bot.events.on("presenceUpdate", () => {
        throw new Error("a broken feature");
      }),
      bot.events.on("presenceUpdate", (presence) => {
        presences.push(presence);
      }),
      bot.events.on("messageCreate", (message) => {
        messages.push(message);
      }),
    ];
    await test.sandbox.simulatePresence(demoGuildId, demoOwnerId, {
      customStatus: "keeper of the hearth",
      primaryGuild: { guildId: demoGuildId, tag: "EMBR", enabled: true },
    });
    const channel = (await test.sandbox.listChannels(demoGuildId)).find((c) => c.type === 0);
    const sent = await test.sandbox.simulateMessage(channel?.id ?? "", demoOwnerId, "hello");
    for (const stop of stops) stop();
    expect(presences).toEqual([
      {
        guildId: demoGuildId,
        userId: demoOwnerId,
        status: "online",
        customStatus: "keeper of the hearth",
        primaryGuild: { guildId: demoGuildId, tag: "EMBR", enabled: true },
      },
    ]);
    expect(messages).toMatchObject([{ id: sent.id, content: "hello", author: { id: demoOwnerId } }]);
  });

  it("a slash command reaches its handler; replies and expected failures are recorded", async () => {
    bot.onCommand("dashboard", async (interaction) => {
      if (interaction.data.subcommand === "create")
        throw conflict("You already have a dashboard token here.");
      await interaction.reply(`Revoked <@${interaction.data.options.user}>`);
    });
    const revoke = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "dashboard",
      subcommand: "revoke",
      options: { user: demoOwnerId },
    });
    expect(revoke).toEqual([
      { type: "reply", message: { content: `Revoked <@${demoOwnerId}>` }, ephemeral: false },
    ]);
    const create = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "dashboard",
      subcommand: "create",
    });
    expect(create).toEqual([
      { type: "reply", message: { content: "You already have a dashboard token here." }, ephemeral: true },
    ]);
    expect((await outbox("interaction.reply")).length).toBeGreaterThanOrEqual(2);
  });

  it("a button click reaches its handler, and an update edits the message it is on", async () => {
    const channel = (await test.sandbox.listChannels(demoGuildId)).find((c) => c.type === 0);
    const sent = await test.sandbox.sendMessage(channel?.id ?? "", {
      content: "Entries: 0",
      components: [[{ type: "button", style: "primary", label: "Enter", customId: "giveaway:enter:1" }]],
    });
    bot.onButton("giveaway:enter:", async (interaction) => {
      await interaction.update(`Entries: 1 (${interaction.data.user.username})`);
    });
    const responses = await test.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: sent.id,
      customId: "giveaway:enter:1",
    });
    expect(responses).toEqual([{ type: "update", message: { content: "Entries: 1 (emberkeeper)" } }]);
    const message = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("content")
      .where("id", "=", sent.id)
      .executeTakeFirst();
    expect(message?.content).toBe("Entries: 1 (emberkeeper)");
  });
});
