import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { perksBot } from "./commands.ts";
import { registerPerksJobs } from "./jobs.ts";
import { setEmojis, setKeywords } from "./member-perks.ts";
import { createTier } from "./tiers.ts";

// Perks through the real discord.js client and the Discord stand-in: a keyword in #general ends in
// a highlight DM (POST to the watcher's DM channel), /afk and a mention end in the AFK note in the
// channel, and the AFK member's next message in the welcome-back summary.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let general: string;
let vipRole: string;
let watcher: StoredUser;
let author: StoredUser;
let away: StoredUser;

const channelPosts = (channelId: string, after: number) =>
  standIn.waitForRequest((r) => r.method === "POST" && r.path === `/channels/${channelId}/messages`, {
    after,
  });

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Perk Hollow" });
  general = [...guild.channels.keys()][0] ?? "";
  vipRole = standIn.state.addRole(guild.id, { name: "VIP", position: 1 }).id;
  watcher = standIn.state.addUser({ username: "watcher" });
  author = standIn.state.addUser({ username: "chatty" });
  away = standIn.state.addUser({ username: "sleepy" });
  standIn.state.addMember(guild.id, watcher.id, [vipRole]);
  standIn.state.addMember(guild.id, author.id);
  standIn.state.addMember(guild.id, away.id, [vipRole]);
  harness = await startStandInBot(standIn, perksBot, { commands: true, registerJobs: registerPerksJobs });
  await createTier(harness.ctx, guild.id, { name: "VIP", roleId: vipRole, emojis: 2 });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("perks through the Discord stand-in", () => {
  it("a keyword in a channel the watcher can read sends them a highlight DM", async () => {
    await setKeywords(harness.ctx, guild.id, { userId: watcher.id, roleIds: [vipRole] }, "dragon");
    const after = standIn.requests.length;
    const posted = await standIn.postMessage({
      channelId: general,
      authorId: author.id,
      content: "A DRAGON appeared in the valley!",
    });
    const opened = await standIn.waitForRequest(
      (r) => r.method === "POST" && r.path === "/users/@me/channels" && r.body?.recipient_id === watcher.id,
      { after },
    );
    expect(opened).toBeDefined();
    const dmChannel = [...standIn.state.dmChannels].find(([, user]) => user === watcher.id)?.[0] ?? "";
    const dm = await channelPosts(dmChannel, after);
    const embed = dm.body.embeds?.[0];
    expect(embed.title).toContain('"dragon"');
    expect(embed.description).toContain("A DRAGON appeared");
    expect(embed.url).toBe(`https://discord.com/channels/${guild.id}/${general}/${posted.id}`);
  });

  it("auto-reacts to the member's messages (PUT reaction)", async () => {
    await setEmojis(harness.ctx, guild.id, { userId: watcher.id, roleIds: [vipRole] }, "🔥");
    const after = standIn.requests.length;
    const posted = await standIn.postMessage({ channelId: general, authorId: watcher.id, content: "hello" });
    const put = await standIn.waitForRequest(
      (r) => r.method === "PUT" && r.path.startsWith(`/channels/${general}/messages/${posted.id}/reactions/`),
      { after },
    );
    expect(decodeURIComponent(put.path)).toContain("🔥");
  });

  it("/afk, then a mention gets the AFK note, and the member's next message the welcome back", async () => {
    const command = await standIn.runCommand({
      guildId: guild.id,
      channelId: general,
      userId: away.id,
      name: "afk",
      options: { message: "Walking the dog" },
    });
    expect(command.callback.body.data.content).toContain("is now AFK: Walking the dog");

    let after = standIn.requests.length;
    await standIn.postMessage({
      channelId: general,
      authorId: author.id,
      content: `<@${away.id}> are you there?`,
    });
    const note = await standIn.waitForRequest(
      (r) =>
        r.method === "POST" &&
        r.path === `/channels/${general}/messages` &&
        String(r.body?.content).includes("is AFK"),
      { after },
    );
    expect(note.body.content).toContain("**sleepy** is AFK: Walking the dog");
    expect(note.body.content).toMatch(/since <t:\d+:R>/);

    after = standIn.requests.length;
    await standIn.postMessage({ channelId: general, authorId: away.id, content: "back now" });
    const back = await standIn.waitForRequest(
      (r) =>
        r.method === "POST" &&
        r.path === `/channels/${general}/messages` &&
        String(r.body?.content).includes("Welcome back"),
      { after },
    );
    expect(back.body.content).toContain("mentioned once");
    expect(back.body.content).toContain(`<@${author.id}> in <#${general}>`);
  });
});
