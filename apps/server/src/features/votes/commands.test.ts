import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { votesBot } from "./commands.ts";
import { recordVote } from "./service.ts";
import { findStats } from "./store.ts";

let test: TestContext;
let bot: Bot;
let roles: Record<string, string>;
let channels: Record<string, string>;
let voter: string;

const run = (
  subcommand: string,
  options: Record<string, string | number | boolean> = {},
  group?: string,
  userId = demoOwnerId,
) =>
  test.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId,
    name: "votetracker",
    ...(group ? { subcommandGroup: group } : {}),
    subcommand,
    options,
  });
const text = (responses: Awaited<ReturnType<typeof run>>) => JSON.stringify(responses);

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(bot, test.ctx, votesBot.commands?.(test.ctx) ?? []);
  votesBot.listeners?.(bot, test.ctx);
  await bot.start();
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const member = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .executeTakeFirstOrThrow();
  voter = member.user_id;
});
afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("/votetracker", () => {
  it("admin setup shows the webhook URL and secret privately, and names a bad option", async () => {
    const [reply] = await run(
      "setup",
      {
        mode: "quick",
        channel: channels["bot-commands"] ?? "",
        reward_role: roles["Events Ping"] ?? "",
        reward_hours: 48,
        leaderboards: true,
      },
      "admin",
    );
    expect(reply).toMatchObject({ type: "reply", ephemeral: true });
    const body = JSON.stringify(reply);
    expect(body).toMatch(/\/api\/votes\/[A-Za-z0-9_-]{32}/);
    expect(body).toContain("48 hours");
    expect(body).toContain("AI message designer");
    const bad = await run("setup", { reward_hours: 500 }, "admin");
    expect(bad[0]).toMatchObject({ ephemeral: true });
    expect(text(bad)).toContain("reward_hours");
    const risky = await run("setup", { reward_role: roles.Moderator ?? "" }, "admin");
    expect(text(risky)).toContain("can't carry moderation or admin permissions");
  });

  it("admin commands are refused to members without Administrator or Manage Server", async () => {
    const replies = await run("setup", {}, "admin", voter);
    expect(replies[0]).toMatchObject({ ephemeral: true });
    expect(text(replies)).not.toContain("/api/votes/");
  });

  it("user shows stats; leaderboard shows the top with ranks", async () => {
    const now = Date.now();
    await recordVote(test.ctx, demoGuildId, {
      userId: voter,
      platform: "top.gg",
      voteId: "c1",
      weight: 1,
      at: now - 1000,
    });
    await recordVote(test.ctx, demoGuildId, {
      userId: voter,
      platform: "top.gg",
      voteId: "c2",
      weight: 1,
      at: now,
    });
    const stats = await run("user", { user: voter });
    expect(stats[0]).toMatchObject({ type: "reply", ephemeral: false });
    expect(text(stats)).toContain("Total votes");
    expect(text(stats)).toContain("rank **#1**");
    const board = await run("leaderboard", { type: "all-time" });
    expect(text(board)).toContain(`**1.** <@${voter}> · 2 votes`);
    expect(text(board)).toContain("Top voters of all time");
    // Without a type, the monthly board.
    const monthly = text(await run("leaderboard"));
    expect(monthly).toContain(`Top voters of ${new Date().toISOString().slice(0, 7)}`);
    expect(monthly).toContain(`**1.** <@${voter}> · 2 votes`);
    const mine = await run("user", {}, undefined, demoOwnerId);
    expect(text(mine)).toContain("hasn't voted yet");
  });

  it("admin deleteuser asks first; the Delete button wipes the member's history", async () => {
    const [ask] = await run("deleteuser", { user: voter }, "admin");
    expect(ask).toMatchObject({ ephemeral: true });
    expect(await findStats(test.ctx.storage.db, demoGuildId, voter)).not.toBeNull();
    // Ephemeral messages aren't stored by the sandbox: host the click on a message of the channel.
    const host = await test.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "confirm" });
    const customId = `votes:deleteuser:${voter}`;
    expect(JSON.stringify(ask)).toContain(customId);
    const refused = await test.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: voter,
      messageId: host.id,
      customId,
    });
    expect(text(refused)).toContain("Administrator or Manage Server");
    expect(await findStats(test.ctx.storage.db, demoGuildId, voter)).not.toBeNull();
    const done = await test.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: host.id,
      customId,
    });
    expect(text(done)).toContain("Deleted 2 votes");
    expect(await findStats(test.ctx.storage.db, demoGuildId, voter)).toBeNull();
    const board = await run("leaderboard", { type: "all-time" });
    expect(text(board)).not.toContain(voter);
    const again = await run("deleteuser", { user: voter }, "admin");
    const second = await test.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: host.id,
      customId,
    });
    expect(text(again)).toContain("Delete");
    expect(text(second)).toContain("no vote history");
  });
});
