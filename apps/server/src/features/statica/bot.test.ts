import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actor, openStaticaFixture, type StaticaFixture } from "../../../test/fixtures/statica.ts";
import { bindFeatureCommands, demoGuildId } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { staticaBot } from "./commands.ts";
import { createStaticaConfig, getStaticaConfig, updateStaticaConfig } from "./service.ts";
import { countRewarded, listRewards } from "./store.ts";

// Statica's bot part on the sandbox: presences give and take reward roles, the log channel and DMs
// follow the configuration, and the commands report and act on the same records.

let fx: StaticaFixture;
let bot: Bot;
let reward: string;
let supporter: string;
let other: string;

const roleIds = async (userId: string) =>
  (await fx.ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [];
const run = (subcommand: string, options: Record<string, string> = {}) =>
  fx.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId: demoOwnerId,
    name: "statica",
    subcommand,
    options,
  });

async function outbox(action: string) {
  const rows = await fx.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

beforeAll(async () => {
  fx = await openStaticaFixture();
  bot = createBot(fx.ctx, fx.sandbox);
  bindFeatureCommands(bot, fx.ctx, staticaBot.commands?.(fx.ctx) ?? []);
  staticaBot.listeners?.(bot, fx.ctx);
  await bot.start();
  reward = fx.role("Giveaway Ping");
  const members = await fx.ctx.storage.db
    .selectFrom("sandbox_members as m")
    .innerJoin("sandbox_users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.roles"])
    .where("m.guild_id", "=", demoGuildId)
    .where("u.dm_open", "=", 1)
    .where("m.user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("m.user_id")
    .execute();
  const without = members.filter((m) => !(JSON.parse(m.roles) as string[]).includes(reward));
  supporter = without[0]?.user_id ?? "";
  other = without[1]?.user_id ?? "";
  await createStaticaConfig(fx.ctx, demoGuildId, actor, {
    enabled: true,
    type: "status",
    roleConfig: { status: [reward] },
    conditions: { status: { keywords: ["hearth"] } },
    settings: { notifyUsers: true },
    logging: { enabled: true, channel: fx.channels["mod-logs"] ?? "" },
  });
});

afterAll(async () => {
  await bot.stop();
  await fx.cleanup();
});

describe("statica presence listener", () => {
  it("a keyword in the custom status gives the reward, logs it and DMs the member", async () => {
    await fx.sandbox.simulatePresence(demoGuildId, supporter, { customStatus: "Proud member of Hearth 🔥" });
    expect(await roleIds(supporter)).toContain(reward);
    expect(await listRewards(fx.ctx.storage.db, demoGuildId, supporter)).toEqual([
      expect.objectContaining({ roleId: reward, category: "status" }),
    ]);
    const log = (await outbox("message.send")).at(-1) as {
      channelId: string;
      message: { embeds: { description: string }[] };
    };
    expect(log.channelId).toBe(fx.channels["mod-logs"]);
    expect(log.message.embeds[0]?.description).toBe(`<@${supporter}> received <@&${reward}>.`);
    expect((await outbox("dm.send")).at(-1)).toMatchObject({
      userId: supporter,
      message: {
        content: expect.stringMatching(
          /Thanks for supporting \*\*Ember Hollow\*\*! You received \*\*Giveaway Ping\*\*/,
        ),
      },
    });
  });

  it("going offline takes nothing away; a status without the keyword does", async () => {
    await fx.sandbox.simulatePresence(demoGuildId, supporter, { status: "offline", customStatus: null });
    expect(await roleIds(supporter)).toContain(reward);
    await fx.sandbox.simulatePresence(demoGuildId, supporter, { customStatus: "just vibing" });
    expect(await roleIds(supporter)).not.toContain(reward);
    expect(await listRewards(fx.ctx.storage.db, demoGuildId, supporter)).toEqual([]);
  });

  it("a member who leaves is forgotten (removeOnLeave)", async () => {
    await fx.sandbox.simulatePresence(demoGuildId, other, { customStatus: "hearth!" });
    expect((await countRewarded(fx.ctx.storage.db, demoGuildId)).total).toBe(1);
    await fx.sandbox.simulateMemberLeave(demoGuildId, other);
    expect((await countRewarded(fx.ctx.storage.db, demoGuildId)).total).toBe(0);
  });
});

describe("statica commands", () => {
  it("test explains why a member does or doesn't qualify", async () => {
    const unseen = await run("test");
    expect(unseen[0]?.message?.embeds?.[0]?.description).toMatch(
      /Status keywords:\*\* ❌ not met \(status not seen yet\)/,
    );
    await fx.sandbox.simulatePresence(demoGuildId, supporter, { customStatus: "hearth forever" });
    const seen = await run("test", { user: supporter });
    const text = seen[0]?.message?.embeds?.[0]?.description ?? "";
    expect(text).toMatch(/Status keywords:\*\* ✅ met \("hearth forever"\)/);
    expect(text).toContain("**Qualifies:** yes");
    expect(text).toContain(`**Holds now:** <@&${reward}>`);
  });

  it('test posts "User Checked" to the log channel only while that log event is on', async () => {
    const checkedPosts = async () =>
      ((await outbox("message.send")) as { message: { embeds?: { footer?: { text: string } }[] } }[]).filter(
        (post) => post.message.embeds?.[0]?.footer?.text === "Statica · User Checked",
      );
    const before = (await checkedPosts()).length;
    await run("test", { user: supporter });
    expect(await checkedPosts()).toHaveLength(before);

    const config = await getStaticaConfig(fx.ctx, demoGuildId);
    await updateStaticaConfig(fx.ctx, demoGuildId, actor, {
      enabled: config.enabled,
      type: config.type,
      roleConfig: config.roleConfig,
      conditions: config.conditions,
      settings: config.settings,
      logging: { ...config.logging, events: { ...config.logging.events, "User Checked": true } },
    });
    await run("test", { user: supporter });
    const posts = (await outbox("message.send")) as {
      channelId: string;
      message: { embeds: { description: string; footer?: { text: string } }[] };
    }[];
    const last = posts.at(-1);
    expect(last?.channelId).toBe(fx.channels["mod-logs"]);
    expect(last?.message.embeds[0]).toMatchObject({
      description: `<@${demoOwnerId}> checked <@${supporter}>: qualifies for a supporter reward.`,
      footer: { text: "Statica · User Checked" },
    });
    expect(await checkedPosts()).toHaveLength(before + 1);
  });

  it("stats counts rewarded members; refresh re-checks the members it knows", async () => {
    const stats = await run("stats");
    expect(stats[0]?.message?.embeds?.[0]?.fields).toContainEqual({
      name: "Rewarded members",
      value: "1",
      inline: true,
    });
    await fx.ctx.discord.removeMemberRole(demoGuildId, supporter, reward);
    const refreshed = await run("refresh");
    expect(refreshed[0]?.message?.content).toMatch(
      /Re-checked \d+ members? I know about: 1 role given, 0 taken back/,
    );
    expect(await roleIds(supporter)).toContain(reward);
  });

  it("disable pauses rewards (then presences change nothing); remove deletes the configuration", async () => {
    expect((await run("disable"))[0]?.message?.content).toMatch(/Paused supporter rewards/);
    expect((await getStaticaConfig(fx.ctx, demoGuildId)).enabled).toBe(false);
    expect((await run("disable"))[0]?.message?.content).toMatch(/already paused/);
    await fx.sandbox.simulatePresence(demoGuildId, supporter, { customStatus: "nothing" });
    expect(await roleIds(supporter)).toContain(reward);
    expect((await run("remove"))[0]?.message?.content).toMatch(/Deleted the Statica configuration/);
    expect((await run("stats"))[0]?.message?.content).toMatch(/no Statica configuration/);
  });
});
