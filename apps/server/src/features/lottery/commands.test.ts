import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, channelId, roleId } from "../../../test/fixtures/giveaways.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { raffleBot } from "../raffle/commands.ts";
import { updateSetup } from "../setup/service.ts";
import { lotteryBot } from "./commands.ts";

// /lottery and /raffle through the sandbox: the friendly refusals and the event manager role.

describe("lottery and raffle commands on the bot", () => {
  let t: TestContext;
  let bot: Bot;
  let events: string;
  let member: string;
  let eventManager: string;

  const run = (
    name: string,
    subcommand: string,
    options: Record<string, string | number> = {},
    userId = demoOwnerId,
  ) =>
    t.sandbox.simulateCommand({ guildId: demoGuildId, userId, channelId: events, name, subcommand, options });
  const text = async (responses: Promise<{ message?: { content?: string }; ephemeral?: boolean }[]>) => {
    const [first] = await responses;
    return { content: first?.message?.content ?? "", ephemeral: first?.ephemeral };
  };

  beforeAll(async () => {
    t = await createTestContext();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, [
      ...(lotteryBot.commands?.(t.ctx) ?? []),
      ...(raffleBot.commands?.(t.ctx) ?? []),
    ]);
    await bot.start();
    events = await channelId(t.ctx, "events");
    const managerRole = await roleId(t.ctx, "Event Manager");
    await updateSetup(
      t.ctx,
      demoGuildId,
      { events: { manager: managerRole } },
      { tokenId: null, userId: demoOwnerId },
    );
    member = await addMember(t.ctx);
    eventManager = await addMember(t.ctx, { roleIds: [managerRole] });
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("says there is no lottery, and refuses a ticket, before one starts", async () => {
    expect((await text(run("lottery", "status", {}, member))).content).toBe(
      "There is no lottery in this server yet. Staff start one with `/lottery start`.",
    );
    expect(await text(run("lottery", "ticket", {}, member))).toEqual({
      content: "There is no lottery running in this server right now.",
      ephemeral: true,
    });
  });

  it("explains a duration it can't read, and one out of bounds", async () => {
    expect((await text(run("lottery", "start", { prize: "x", duration: "soon" }))).content).toBe(
      "Duration must look like 30m, 12h, 1h30m, 3d or 1w.",
    );
    expect((await text(run("lottery", "start", { prize: "x", duration: "100d" }))).content).toBe(
      "Duration must be between 1 minute and 90 days.",
    );
  });

  it("lets the event manager role start and draw, and refuses a plain member", async () => {
    expect((await text(run("lottery", "start", { prize: "Coins", duration: "1d" }, member))).content).toBe(
      "You need Manage Server (or this server's event manager role) to use /lottery start.",
    );
    const started = await text(
      run("lottery", "start", { prize: "Coins", duration: "1d", max_tickets: 2 }, eventManager),
    );
    expect(started.content).toContain(
      `The lottery for **Coins** is running in <#${events}>: up to 2 tickets per member`,
    );
    expect(
      (await text(run("lottery", "start", { prize: "Again", duration: "1d" }, eventManager))).content,
    ).toContain("A lottery for **Coins** is already running");
    expect((await text(run("lottery", "ticket", { count: 5 }, member))).content).toContain(
      "You took 2 tickets (the limit is 2 tickets per member)",
    );
    const drawn = await text(run("lottery", "draw", {}, eventManager));
    expect(drawn.content).toContain(
      `<@${member}> won with 2 tickets of 2 tickets sold to 1 member (100% odds).`,
    );
    const status = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: member,
      channelId: events,
      name: "lottery",
      subcommand: "status",
    });
    expect(status[0]?.message?.embeds?.[0]?.title).toBe("🎟️ Last lottery (ended)");
  });

  it("answers raffle refusals in words: no raffle open, a bot as holder", async () => {
    expect((await text(run("raffle", "tickets", {}, member))).content).toBe(
      "There has been no raffle in this server yet.",
    );
    expect((await text(run("raffle", "draw", {}, eventManager))).content).toBe(
      "There is no open raffle in this server. Staff open one with `/raffle start`.",
    );
    await run("raffle", "start", { prize: "Role", winners: 1 }, eventManager);
    const bot = await addMember(t.ctx, { bot: true });
    expect((await text(run("raffle", "add", { user: bot, tickets: 2 }, eventManager))).content).toBe(
      "Bots can't hold raffle tickets.",
    );
    expect((await text(run("raffle", "tickets", { user: member }, eventManager))).content).toContain(
      `<@${member}> holds 0 tickets of 0 tickets`,
    );
  });
});
