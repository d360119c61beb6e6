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

describe("the /perks panel's forms at the product's own maxima", () => {
  it("every form opens (Discord accepts it), filled with the most a tier allows", async () => {
    const added = standIn.state.addRole(guild.id, { name: "Max", position: 2 });
    // Roles made after start-up reach the bot's cache as Discord sends them: GUILD_ROLE_CREATE.
    await standIn.dispatch("GUILD_ROLE_CREATE", { guild_id: guild.id, role: added });
    await harness.settle();
    const maxRole = added.id;
    const maxed = standIn.state.addUser({ username: "maxed" });
    standIn.state.addMember(guild.id, maxed.id, [maxRole]);
    await createTier(harness.ctx, guild.id, {
      name: "Max",
      roleId: maxRole,
      emojis: 20,
      channelMembers: 100,
      roleMembers: 100,
      responders: 25,
    });
    // 20 animated custom emojis with 32-character names: the longest auto-reaction list there is.
    const emojis = Array.from({ length: 20 }, (_, index) =>
      standIn.addEmoji(guild.id, `e${String(index).padStart(2, "0")}${"x".repeat(29)}`, { animated: true }),
    );
    const owner = { userId: maxed.id, roleIds: [maxRole] };
    await setEmojis(harness.ctx, guild.id, owner, emojis.map((e) => `<a:${e.name}:${e.id}>`).join(" "));
    const keywords = Array.from({ length: 25 }, (_, index) => `keyword${index}${"k".repeat(20)}`);
    await setKeywords(harness.ctx, guild.id, owner, keywords.join("\n"));

    const after = standIn.requests.length;
    const panel = await standIn.runCommand({
      guildId: guild.id,
      channelId: general,
      userId: maxed.id,
      name: "perks",
    });
    expect(panel.callback.status).toBe(204);
    const panelId = standIn.interactions.get(panel.id)?.originalId ?? "";
    const open = async (customId: string) => {
      const result = await standIn.clickButton({
        guildId: guild.id,
        channelId: general,
        userId: maxed.id,
        messageId: panelId,
        customId,
      });
      expect(result.callback.status).toBe(204);
      expect(result.modal).not.toBeNull();
      return result.modal;
    };

    const emojiForm = await open("perks:emojis");
    expect(emojiForm?.fields[0]?.value?.length).toBeGreaterThan(1000);
    expect(emojiForm?.fields[0]?.value?.length).toBeLessThanOrEqual(emojiForm?.fields[0]?.max_length ?? 0);
    await open("perks:keywords");
    await open("perks:responder-add");
    const createChannel = await open("perks:channel");
    expect(createChannel?.fields.map((f) => f.label)).toEqual([
      "Channel name",
      "Other members (up to 100): mentions or ids",
    ]);

    // Create the channel and the role at their longest names, then the forms that edit them.
    const channelName = "c".repeat(100);
    const created = await standIn.submitModal({
      guildId: guild.id,
      channelId: general,
      userId: maxed.id,
      messageId: panelId,
      customId: "perks:m:channel",
      fields: { name: channelName, members: "" },
    });
    expect(created.callback.status).toBe(204);
    await harness.settle();
    const members = await open("perks:channel");
    expect(members?.title).toBe("Private channel");
    expect(members?.fields.map((f) => f.label)).toEqual(["Other members (up to 100): mentions or ids"]);

    await open("perks:role");
    const roleName = "r".repeat(100);
    const role = await standIn.submitModal({
      guildId: guild.id,
      channelId: general,
      userId: maxed.id,
      messageId: panelId,
      customId: "perks:m:role",
      fields: { name: roleName, colour: "#F97316", members: "" },
    });
    expect(role.callback.status).toBe(204);
    await harness.settle();
    const editRole = await open("perks:role");
    expect(editRole?.fields[0]?.value).toBe(roleName);
    expect(editRole?.fields.map((f) => f.label)).toEqual([
      "Role name",
      "Colour (#RRGGBB)",
      "Other members (up to 100): mentions or ids",
    ]);
    expect(standIn.refusals(after)).toEqual([]);
  });
});
