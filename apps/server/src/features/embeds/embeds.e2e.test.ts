import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { embedsBot } from "./commands.ts";
import { registerEmbedsJobs } from "./jobs.ts";

// The embed builder through discord.js and the Discord stand-in: /embed create answers privately
// (type 4, flags 64) with the preview; a button opens a pre-filled form (type 9); the submitted form
// updates the builder in place (type 7); Send opens the channel form and the embed is POSTed there
// with the tags filled in for the sender.

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let commandsChannel: string;
let newsChannel: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Embed Hollow" });
  commandsChannel = standIn.state.addChannel(guild.id, { name: "bot-commands", type: 0 }).id;
  newsChannel = standIn.state.addChannel(guild.id, { name: "news", type: 0 }).id;
  harness = await startStandInBot(standIn, embedsBot, { commands: true, registerJobs: registerEmbedsJobs });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("embed builder through the stand-in", () => {
  it("create → form → preview updated in place → Send posts the embed", async () => {
    const owner = guild.ownerId;
    const opened = await standIn.runCommand({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      name: "embed",
      subcommand: "create",
    });
    expect(opened.callback.body.type).toBe(4);
    const data = opened.callback.body.data;
    expect(data.flags & 64).toBe(64);
    expect(data.embeds[0]).toMatchObject({ title: "New embed", color: 0xf97316 });
    const buttons = data.components.flatMap(
      (row: { components: { custom_id?: string }[] }) => row.components,
    );
    const body = buttons.find((c: { custom_id?: string }) => c.custom_id?.startsWith("embed:b:body:"));
    const session = String(body.custom_id).split(":").at(-1);
    await harness.settle();
    const builder = [...standIn.state.messages.values()]
      .filter((m) => m.channel_id === commandsChannel)
      .at(-1);
    expect(builder).toBeDefined();

    const form = await standIn.clickButton({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:b:body:${session}`,
    });
    expect(form.callback.body.type).toBe(9);
    expect(form.modal?.custom_id).toBe(`embed:m:body:${session}`);
    expect(JSON.stringify(form.modal)).toContain("New embed");

    const updated = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:body:${session}`,
      fields: { title: "Patch 2.0 is live", description: "Thanks for playing in {server.name}!", url: "" },
    });
    expect(updated.callback.body.type).toBe(7);
    expect(updated.callback.body.data.embeds[0]).toMatchObject({
      title: "Patch 2.0 is live",
      description: "Thanks for playing in Embed Hollow!",
    });

    const tooLong = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:body:${session}`,
      fields: { title: "t".repeat(257), description: "", url: "" },
    });
    expect(tooLong.callback.body.type).toBe(4);
    expect(tooLong.callback.body.data.flags & 64).toBe(64);
    expect(tooLong.callback.body.data.content).toContain("The title is 257 characters; the limit is 256.");

    const sendForm = await standIn.clickButton({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:b:send:${session}`,
    });
    expect(sendForm.callback.body.type).toBe(9);
    expect(JSON.stringify(sendForm.modal)).toContain("#bot-commands");

    const after = standIn.requests.length;
    const sent = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:send:${session}`,
      fields: { channel: "#news", content: "" },
    });
    const post = await standIn.waitForRequest(
      (request) => request.method === "POST" && request.path === `/channels/${newsChannel}/messages`,
      { after },
    );
    expect(post.body.embeds[0]).toMatchObject({
      title: "Patch 2.0 is live",
      description: "Thanks for playing in Embed Hollow!",
      color: 0xf97316,
    });
    expect(sent.callback.body.type).toBe(7);
    expect(sent.callback.body.data.content).toContain(`✅ Sent to <#${newsChannel}>`);
  });
});
