import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { DiscordJsAdapter } from "../../discord/discordjs/adapter.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { createLogger } from "../../lib/logger.ts";
import { lotteryBot } from "./commands.ts";
import { registerLotteryJobs } from "./jobs.ts";
import { drawJobKey } from "./service.ts";
import * as store from "./store.ts";

// A lottery from /lottery start to its announced winner, through the real discord.js client and the
// Discord stand-in; the draw is made by the durable job after the bot's process is replaced.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let alice: StoredUser;
let bob: StoredUser;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Lucky Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "events", type: 0 }).id;
  alice = standIn.state.addUser({ username: "alice" });
  bob = standIn.state.addUser({ username: "bob" });
  standIn.state.addMember(guild.id, alice.id);
  standIn.state.addMember(guild.id, bob.id);
  harness = await startStandInBot(standIn, lotteryBot, {
    commands: true,
    config: { rateLimitMax: 0 },
    registerJobs: registerLotteryJobs,
  });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const run = (userId: string, subcommand: string, options: Record<string, string | number> = {}) =>
  standIn.runCommand({ guildId: guild.id, userId, channelId, name: "lottery", subcommand, options });

describe("a lottery through the Discord stand-in", () => {
  it("runs from /lottery start to an announced winner, drawn by the job after a restart", async () => {
    const started = await run(guild.ownerId, "start", { prize: "10m coins", duration: "1h", max_tickets: 3 });
    expect(started.callback.body.data.content).toContain("The lottery for **10m coins** is running");
    const posted = standIn.find("POST", `/channels/${channelId}/messages`).at(-1);
    expect(posted?.body.embeds[0].title).toBe("🎟️ Lottery: 10m coins");
    expect(posted?.body.components[0].components[0]).toMatchObject({ custom_id: "lottery:ticket", style: 1 });
    const lottery = await store.findRunning(harness.ctx.storage.db, guild.id);
    const messageId = lottery?.messageId ?? "";
    expect(messageId).not.toBe("");

    // Alice presses the button twice, Bob takes his whole allowance and one more by command.
    const click = () =>
      standIn.clickButton({ guildId: guild.id, userId: alice.id, messageId, customId: "lottery:ticket" });
    expect((await click()).callback.body.data).toMatchObject({
      flags: 64,
      content: expect.stringContaining("You took 1 ticket"),
    });
    expect((await click()).callback.body.data.content).toContain("You now hold 2 tickets");
    expect((await run(bob.id, "ticket", { count: 3 })).callback.body.data.content).toContain(
      "You now hold 3 tickets",
    );
    expect((await run(bob.id, "ticket")).callback.body.data.content).toContain("all 3 of your tickets");

    const status = await run(alice.id, "status");
    const fields = status.callback.body.data.embeds[0].fields as { name: string; value: string }[];
    expect(fields.find((field) => field.name === "Tickets taken")?.value).toBe("5 tickets by 2 members");
    expect(fields.find((field) => field.name === "Your tickets")?.value).toBe(
      "2 of 3 (40% chance right now)",
    );
    expect(fields.find((field) => field.name === "Draw")?.value).toContain(
      `<t:${Math.floor((lottery?.endTime ?? 0) / 1000)}:R>`,
    );

    // The bot's process goes away; a new one (new client, new queue, same database) runs the draw job.
    await harness.ctx.jobs.stop();
    const logger = createLogger({ logLevel: "silent" });
    const rest = new DiscordJsAdapter({
      token: standIn.token,
      apiUrl: standIn.apiUrl,
      gateway: false,
      logger,
    });
    const jobs = new DatabaseJobQueue(harness.ctx.storage, logger);
    registerLotteryJobs({ ...harness.ctx, discord: rest, jobs, logger });
    await harness.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1 })
      .where("dedupe_key", "=", drawJobKey(lottery?.id ?? 0))
      .execute();
    const after = standIn.requests.length;
    expect(await jobs.runDue()).toBe(1);
    await jobs.stop();

    const drawn = await store.findById(harness.ctx.storage.db, guild.id, lottery?.id ?? 0);
    expect(drawn).toMatchObject({ status: "ended", endedBy: "schedule", ticketsSold: 5, entrants: 2 });
    expect([alice.id, bob.id]).toContain(drawn?.winnerId);
    const announcement = standIn
      .find("POST", `/channels/${channelId}/messages`)
      .filter((request) => standIn.requests.indexOf(request) >= after);
    expect(announcement).toHaveLength(1);
    const odds =
      drawn?.winnerId === alice.id
        ? "2 tickets of 5 tickets sold to 2 members (40% odds)"
        : "3 tickets of 5 tickets sold to 2 members (60% odds)";
    expect(announcement[0]?.body.content).toContain(`<@${drawn?.winnerId}> won with ${odds}`);
    expect(announcement[0]?.body.allowed_mentions).toEqual({
      parse: [],
      users: [drawn?.winnerId],
      roles: [],
    });
    const edited = standIn.find("PATCH", `/channels/${channelId}/messages/${messageId}`).at(-1);
    expect(edited?.body.components[0].components[0].disabled).toBe(true);

    // Drawn once: a late /lottery draw finds nothing running.
    expect((await run(guild.ownerId, "draw")).callback.body.data.content).toContain("no lottery running");
  });
});
