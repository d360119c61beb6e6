import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { selfrolesBot } from "./commands.ts";
import { addToWhitelist } from "./whitelist.ts";

// A self-role button through the real discord.js client and the Discord stand-in: /selfroles quick
// posts the panel (POST /channels/:id/messages with the buttons), a member's click (INTERACTION_CREATE
// type 3) gives the role over REST (PUT …/roles/:role) and answers privately; a second click takes it.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let redId: string;
let blueId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Stand-in Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "self-roles", type: 0 }).id;
  redId = standIn.state.addRole(guild.id, { name: "Red", position: 1 }).id;
  blueId = standIn.state.addRole(guild.id, { name: "Blue", position: 2 }).id;
  // The bot's own role sits above the colour roles, as an admin would arrange it.
  const botRole = [...guild.roles.values()].find((role) => role.name === "Hearth");
  if (botRole) botRole.position = 10;
  harness = await startStandInBot(standIn, selfrolesBot, { commands: true });
  for (const roleId of [redId, blueId]) await addToWhitelist(harness.ctx, guild.id, guild.ownerId, roleId);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("a self-role panel through the stand-in", () => {
  it("posts the panel, and its button gives and then takes the role", async () => {
    const quick = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId,
      name: "selfroles",
      subcommand: "quick",
      options: { channel: { channel: channelId }, roles: `🔴 <@&${redId}> <@&${blueId}>`, title: "Colours" },
    });
    expect(quick.callback.body.type).toBe(4);
    expect(quick.callback.body.data.flags & 64).toBe(64);
    expect(quick.callback.body.data.content).toContain("Posted the **Colours** panel (2 roles, buttons)");

    const posted = standIn.find("POST", `/channels/${channelId}/messages`).at(-1);
    const [red, blue] = posted?.body.components[0].components ?? [];
    expect(red).toMatchObject({ type: 2, label: "Red", emoji: { name: "🔴" } });
    expect(blue).toMatchObject({ type: 2, label: "Blue" });
    expect(posted?.body.embeds[0].title).toBe("Colours");
    const panel = [...standIn.state.messages.values()].filter((m) => m.channel_id === channelId).at(-1);
    expect(panel?.author.id).toBe(standIn.state.botUser.id);
    const messageId = panel?.id ?? "";

    const alice = standIn.state.addUser({ username: "alice" });
    standIn.state.addMember(guild.id, alice.id);
    const click = () =>
      standIn.clickButton({ guildId: guild.id, userId: alice.id, messageId, customId: red.custom_id });

    const added = await click();
    expect(added.callback.body.type).toBe(4);
    expect(added.callback.body.data.flags & 64).toBe(64);
    expect(added.callback.body.data.content).toBe(`Added <@&${redId}>`);
    expect(standIn.find("PUT", `/guilds/${guild.id}/members/${alice.id}/roles/${redId}`)).toHaveLength(1);
    expect(guild.members.get(alice.id)?.roles).toContain(redId);

    const removed = await click();
    expect(removed.callback.body.data.content).toBe(`Removed <@&${redId}>`);
    expect(standIn.find("DELETE", `/guilds/${guild.id}/members/${alice.id}/roles/${redId}`)).toHaveLength(1);
    expect(guild.members.get(alice.id)?.roles).not.toContain(redId);
  });

  it("pulls a role that gains Administrator off the posted panel and DMs the owner a Restore button", async () => {
    const after = standIn.requests.length;
    await standIn.updateRole(guild.id, blueId, { permissions: "8" });
    const dm = await standIn.waitForRequest(
      (request) =>
        request.method === "POST" &&
        /^\/channels\/\d+\/messages$/.test(request.path) &&
        request.path !== `/channels/${channelId}/messages`,
      { after },
    );
    expect(standIn.state.dmChannels.get(dm.path.split("/")[2] ?? "")).toBe(guild.ownerId);
    expect(dm.body.embeds[0].title).toBe("🛡️ Self-role blacklisted");
    expect(dm.body.components[0].components[0]).toMatchObject({
      label: "Restore",
      custom_id: `sr:restore:${guild.id}:${blueId}`,
    });
    const edit = standIn.find("PATCH", new RegExp(`^/channels/${channelId}/messages/`)).at(-1);
    expect(edit?.body.components[0].components.map((b: { label: string }) => b.label)).toEqual(["Red"]);
  });
});
