import { defaultWelcomeConfig } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { welcomeBot } from "./commands.ts";
import { registerWelcomeJobs } from "./jobs.ts";
import { addPingChannel, togglePingOnJoin } from "./ping.ts";
import { getWelcomeConfig, updateWelcomeConfig } from "./service.ts";

// A member joins, through the real discord.js client and the Discord stand-in: the welcome is
// POSTed to the welcome channel, the join ping to the ping channel, and the ping DELETEd by its job.

let standIn: DiscordStandIn;
let ctx: AppContext;
let bot: Bot;
let harness: StandInBot;
let guild: StoredGuild;
let welcomeChannel: string;
let rulesChannel: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Stand-in Hollow" });
  welcomeChannel = standIn.state.addChannel(guild.id, { name: "welcome", type: 0 }).id;
  rulesChannel = standIn.state.addChannel(guild.id, { name: "rules", type: 0 }).id;

  harness = await startStandInBot(standIn, welcomeBot, { commands: true, registerJobs: registerWelcomeJobs });
  ({ ctx, bot } = harness);

  const actor = { tokenId: null, userId: guild.ownerId };
  await updateWelcomeConfig(ctx, guild.id, actor, {
    ...defaultWelcomeConfig,
    enabled: true,
    channelId: welcomeChannel,
  });
  await addPingChannel(ctx, guild.id, actor, { channelId: rulesChannel });
  await togglePingOnJoin(ctx, guild.id, actor, true);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

// First in the file: the owner's user is not in the adapter's cache yet.
describe("a joining member is welcomed whatever Discord answers (issue 15, findings 6 and 11)", () => {
  it("an owner lookup that fails and a thumbnail link past 2,048 characters don't drop the welcome", async () => {
    const actor = { tokenId: null, userId: guild.ownerId };
    const saved = await getWelcomeConfig(ctx, guild.id);
    await updateWelcomeConfig(ctx, guild.id, actor, {
      ...saved,
      embed: {
        ...saved.embed,
        title: "Welcome! Owner: {server.owner}",
        // 2,038 characters of template; the avatar link filled in 155 times is far past 2,048.
        thumbnail: `https://cdn.example.co/${"{user.avatar}".repeat(155)}`,
      },
    });
    // Discord answers the owner lookup with a bare 404 (no error code), as the tester's did.
    standIn.failNext("GET", `/users/${guild.ownerId}`, { status: 404, times: 5 });
    const newcomer = standIn.state.addUser({ username: "unlucky" });
    const member = standIn.state.addMember(guild.id, newcomer.id);
    const after = standIn.requests.length;
    await standIn.dispatch("GUILD_MEMBER_ADD", { guild_id: guild.id, ...standIn.state.apiMember(member) });
    const welcome = await standIn.waitForRequest(
      (request) => request.method === "POST" && request.path === `/channels/${welcomeChannel}/messages`,
      { after },
    );
    expect(welcome.status).toBe(200);
    expect(welcome.body.embeds[0].title).toBe("Welcome! Owner: Unknown user");
    expect(welcome.body.embeds[0].thumbnail).toBeUndefined();
    expect(welcome.body.content).toBe(`<@${newcomer.id}>`);
    await harness.settle();
    await updateWelcomeConfig(ctx, guild.id, actor, saved);
  });
});

describe("GUILD_MEMBER_ADD", () => {
  it("posts the welcome (embed, button, mention) and a join ping, which its job deletes", async () => {
    const newcomer = standIn.state.addUser({ username: "newcomer", global_name: "Newcomer" });
    const member = standIn.state.addMember(guild.id, newcomer.id);
    const after = standIn.requests.length;
    await standIn.dispatch("GUILD_MEMBER_ADD", { guild_id: guild.id, ...standIn.state.apiMember(member) });

    const welcome = await standIn.waitForRequest(
      (request) => request.method === "POST" && request.path === `/channels/${welcomeChannel}/messages`,
      { after },
    );
    expect(welcome.body.content).toBe(`<@${newcomer.id}>`);
    expect(welcome.body.allowed_mentions).toMatchObject({ users: [newcomer.id] });
    expect(welcome.body.embeds[0].title).toBe("Welcome to Stand-in Hollow!");
    expect(welcome.body.embeds[0].description).toContain(`Hey <@${newcomer.id}>, you're our`);
    expect(welcome.body.components[0].components[0]).toMatchObject({
      type: 2,
      custom_id: `welcome:wave:${newcomer.id}`,
      label: "Wave to say hi!",
    });

    const ping = await standIn.waitForRequest(
      (request) => request.method === "POST" && request.path === `/channels/${rulesChannel}/messages`,
      { after },
    );
    expect(ping.body.content).toBe(`<@${newcomer.id}>`);
    expect(ping.body.allowed_mentions).toMatchObject({ users: [newcomer.id] });
    await bot.events.idle();

    // The delete job is due in a few seconds; bring it forward instead of sleeping.
    const pingId = [...standIn.state.messages.values()].find(
      (message) => message.channel_id === rulesChannel,
    )?.id;
    expect(pingId).toBeDefined();
    expect(standIn.find("DELETE", `/channels/${rulesChannel}/messages/${pingId}`)).toHaveLength(0);
    await ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: 0 })
      .where("kind", "=", "welcome.ping.delete")
      .execute();
    await ctx.jobs.runDue();
    expect(standIn.find("DELETE", `/channels/${rulesChannel}/messages/${pingId}`)).toHaveLength(1);
  });

  it("a bot joining is neither welcomed nor pinged", async () => {
    const helper = standIn.state.addUser({ username: "helperbot", bot: true });
    const member = standIn.state.addMember(guild.id, helper.id);
    const after = standIn.requests.length;
    const heard = new Promise<void>((resolve) => {
      const stop = bot.events.on("memberAdd", () => {
        stop();
        resolve();
      });
    });
    await standIn.dispatch("GUILD_MEMBER_ADD", { guild_id: guild.id, ...standIn.state.apiMember(member) });
    await heard;
    await bot.events.idle();
    expect(standIn.requests.slice(after).filter((request) => request.method === "POST")).toEqual([]);
  });
});

describe("/welcome setup", () => {
  it("answers a private preview (type 4, flags 64); Save edits it (type 7) and only then saves", async () => {
    const before = await getWelcomeConfig(ctx, guild.id);
    const asked = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId: rulesChannel,
      name: "welcome",
      subcommand: "setup",
      options: { instructions: "Calm and minimal, green embed", channel: { channel: rulesChannel } },
    });
    expect(asked.callback.body.type).toBe(4);
    const data = asked.callback.body.data;
    expect(data.flags & 64).toBe(64);
    expect(data.embeds[0].color).toBe(0x57f287);
    expect(data.embeds[0].description).toContain(`<@${guild.ownerId}>`);
    expect(data.embeds.at(-1).title).toBe("👀 Preview: not saved yet");
    expect(await getWelcomeConfig(ctx, guild.id)).toEqual(before);

    const rows = data.components as {
      components: { label?: string; custom_id: string; disabled?: boolean }[];
    }[];
    expect(rows[0]?.components[0]?.disabled).toBe(true);
    const save = rows.at(-1)?.components.find((button) => button.label === "Save");
    const preview = [...standIn.state.messages.values()].filter((m) => m.channel_id === rulesChannel).at(-1);
    const saved = await standIn.clickButton({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId: rulesChannel,
      messageId: preview?.id ?? "",
      customId: save?.custom_id ?? "",
    });
    expect(saved.callback.body.type).toBe(7);
    expect(saved.callback.body.data.content).toContain(`**on** in <#${rulesChannel}>`);
    expect(await getWelcomeConfig(ctx, guild.id)).toMatchObject({
      enabled: true,
      channelId: rulesChannel,
      embed: { color: "#57F287" },
    });
  });
});
