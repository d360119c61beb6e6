import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { readVoteDesign } from "../message-designer/service.ts";
import { votesBot } from "./commands.ts";
import { registerVoteJobs } from "./jobs.ts";
import { recordVote } from "./service.ts";
import { findSettings } from "./store.ts";

// Custom Setup with AI through discord.js and the Discord stand-in: the command opens a form (type
// 9), the submitted form answers with a private preview (type 4, flags 64) made with the server's
// emojis, Save edits it into the setup (type 7) and only then is the design stored; the next vote's
// notification is POSTed with it.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let rewardRoleId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Vote Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "votes", type: 0 }).id;
  const botRole = [...guild.roles.values()].find((role) => role.name === "Hearth");
  if (botRole) botRole.position = 5;
  rewardRoleId = standIn.state.addRole(guild.id, { name: "Voter", position: 2 }).id;
  standIn.addEmoji(guild.id, "hollow_star");
  harness = await startStandInBot(standIn, votesBot, { commands: true, registerJobs: registerVoteJobs });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("vote tracker setup through the stand-in", () => {
  it("Custom Setup with AI: form → private preview → Save stores the design and the setup", async () => {
    const owner = guild.ownerId;
    const opened = await standIn.runCommand({
      guildId: guild.id,
      userId: owner,
      channelId,
      name: "votetracker",
      subcommandGroup: "admin",
      subcommand: "setup",
      options: { mode: "custom", channel: { channel: channelId }, reward_role: { role: rewardRoleId } },
    });
    expect(opened.callback.body.type).toBe(9);
    const formId = String(opened.modal?.custom_id);
    expect(formId).toBe(`votes:setup:form:${channelId}:${rewardRoleId}:-:-`);

    const previewed = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId,
      customId: formId,
      fields: { instructions: "Hype and pink! Thank them and use our emojis" },
    });
    expect(previewed.callback.body.type).toBe(4);
    const data = previewed.callback.body.data;
    expect(data.flags & 64).toBe(64);
    expect(data.embeds[0].color).toBe(0xeb459e);
    expect(data.embeds[0].description).toMatch(/<:hollow_star:\d+>/);
    expect(data.embeds.at(-1).title).toBe("👀 Preview: not saved yet");
    expect(data.allowed_mentions).toMatchObject({ users: [] });
    const save = data.components.at(-1).components.find((c: { label: string }) => c.label === "Save");
    expect(await findSettings(harness.ctx.storage.db, guild.id)).toBeUndefined();

    const preview = [...standIn.state.messages.values()].filter((m) => m.channel_id === channelId).at(-1);
    const saved = await standIn.clickButton({
      guildId: guild.id,
      userId: owner,
      channelId,
      messageId: preview?.id ?? "",
      customId: save.custom_id,
    });
    expect(saved.callback.body.type).toBe(7);
    expect(saved.callback.body.data.embeds[0].title).toBe("🗳️ Vote tracking is set up");
    expect(JSON.stringify(saved.callback.body.data)).toMatch(/\/api\/votes\/[A-Za-z0-9_-]{32}/);
    const settings = await findSettings(harness.ctx.storage.db, guild.id);
    expect(settings).toMatchObject({ channel_id: channelId, reward_role_id: rewardRoleId });
    expect(readVoteDesign(settings?.design ?? null)?.color).toBe("#EB459E");

    // The next vote's notification uses the saved design.
    const voter = standIn.state.addUser({ username: "morgan" });
    standIn.state.addMember(guild.id, voter.id);
    const after = standIn.requests.length;
    await recordVote(harness.ctx, guild.id, {
      userId: voter.id,
      platform: "top.gg",
      voteId: "e2e-design-1",
      weight: 1,
      at: Date.now(),
    });
    await harness.ctx.jobs.runDue();
    const post = await standIn.waitForRequest(
      (request) => request.method === "POST" && request.path === `/channels/${channelId}/messages`,
      { after },
    );
    expect(post.body.embeds[0].color).toBe(0xeb459e);
    expect(post.body.embeds[0].description).toContain(`<@${voter.id}>`);
    expect(post.body.allowed_mentions).toMatchObject({ users: [voter.id] });
  });
});
