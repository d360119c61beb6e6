import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { embedsBot } from "./commands.ts";
import { registerEmbedsJobs } from "./jobs.ts";
import { changeDraft, requireSession } from "./service.ts";

// The embed builder through discord.js and the Discord stand-in: /embed create answers privately
// (type 4, flags 64) with the preview; a button opens a pre-filled form (type 9); the submitted form
// updates the builder in place (type 7); Send opens the channel form and the embed is POSTed there
// with the tags filled in for the sender and its link buttons in a row under it (style 5);
// /embed edit reads that row back and the update PATCHes the message with it.

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

const linkRow = (buttons: { label: string; url: string; emoji?: string }[]) => ({
  type: 1,
  components: buttons.map((button) => ({
    type: 2,
    style: 5,
    label: button.label,
    url: button.url,
    ...(button.emoji ? { emoji: { name: button.emoji } } : {}),
  })),
});

/** The builder's ephemeral message as the stand-in stored it: the last one in the channel. */
const lastMessageIn = (channelId: string) =>
  [...standIn.state.messages.values()].filter((m) => m.channel_id === channelId).at(-1);

describe("embed builder through the stand-in", () => {
  it("create → form → preview updated in place → Send posts the embed with its link button", async () => {
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

    const withButton = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:buttons:${session}`,
      fields: {
        button1: "Patch notes | https://example.com/patch-2 | 📜",
        button2: "",
        button3: "",
        button4: "",
        button5: "",
      },
    });
    expect(withButton.callback.body.type).toBe(7);
    expect(withButton.callback.body.data.content).toContain(
      "🔗 **Link buttons** under the embed: [📜 Patch notes](<https://example.com/patch-2>)",
    );

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
    expect(post.body.components).toEqual([
      linkRow([{ label: "Patch notes", url: "https://example.com/patch-2", emoji: "📜" }]),
    ]);
    expect(post.body.components[0].components[0].custom_id).toBeUndefined();
    expect(sent.callback.body.type).toBe(7);
    expect(sent.callback.body.data.content).toContain(`✅ Sent to <#${newsChannel}>`);
  });

  it("/embed edit reads the message's link buttons back, keeps them, and updates them", async () => {
    const owner = guild.ownerId;
    await harness.settle();
    const posted = lastMessageIn(newsChannel);
    expect(posted?.components).toEqual([
      linkRow([{ label: "Patch notes", url: "https://example.com/patch-2", emoji: "📜" }]),
    ]);
    const opened = await standIn.runCommand({
      guildId: guild.id,
      userId: owner,
      channelId: newsChannel,
      name: "embed",
      subcommand: "edit",
      options: { message_id: posted?.id ?? "" },
    });
    expect(opened.callback.body.data.content).toContain("[📜 Patch notes](<https://example.com/patch-2>)");
    const ids = JSON.stringify(opened.callback.body.data.components);
    const session = /embed:b:send:([\w-]+)/.exec(ids)?.[1] ?? "";
    await harness.settle();
    const builder = lastMessageIn(newsChannel);

    const form = await standIn.clickButton({
      guildId: guild.id,
      userId: owner,
      channelId: newsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:b:buttons:${session}`,
    });
    expect(JSON.stringify(form.modal)).toContain("Patch notes | https://example.com/patch-2 | 📜");
    await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: newsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:buttons:${session}`,
      fields: {
        button1: "Patch notes | https://example.com/patch-2 | 📜",
        button2: "Known issues | https://example.com/issues",
        button3: "",
        button4: "",
        button5: "",
      },
    });
    const after = standIn.requests.length;
    await standIn.clickButton({
      guildId: guild.id,
      userId: owner,
      channelId: newsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:b:send:${session}`,
    });
    const patch = await standIn.waitForRequest(
      (request) =>
        request.method === "PATCH" && request.path === `/channels/${newsChannel}/messages/${posted?.id}`,
      { after },
    );
    expect(patch.body.embeds[0]).toMatchObject({ title: "Patch 2.0 is live" });
    expect(patch.body.components).toEqual([
      linkRow([
        { label: "Patch notes", url: "https://example.com/patch-2", emoji: "📜" },
        { label: "Known issues", url: "https://example.com/issues" },
      ]),
    ]);
  });
});

describe("the embed builder at its own maxima", () => {
  it("a draft at every limit previews, exports and sends in payloads Discord accepts", async () => {
    const owner = guild.ownerId;
    const opened = await standIn.runCommand({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      name: "embed",
      subcommand: "create",
    });
    const ids = JSON.stringify(opened.callback.body.data.components);
    const sessionId = /embed:b:send:([\w-]+)/.exec(ids)?.[1] ?? "";
    await harness.settle();
    const builder = lastMessageIn(commandsChannel);
    const long = (prefix: string, length: number) => `${prefix}${"x".repeat(length - prefix.length)}`;
    const image = `https://cdn.example.com/${"i".repeat(2000)}.png`;
    const draft = {
      title: long("Title ", 256),
      description: long("Description ", 2788),
      url: "https://example.com/title",
      color: "#F97316",
      author: { name: long("Author ", 256), iconUrl: image, url: "https://example.com/author" },
      footer: { text: long("Footer ", 500), iconUrl: image },
      thumbnailUrl: image,
      imageUrl: image,
      fields: Array.from({ length: 25 }, (_, index) => ({
        name: long(`Field ${index} `, 40),
        value: long(`Value ${index} `, 48),
        inline: index % 2 === 0,
      })),
      timestamp: true,
      buttons: Array.from({ length: 5 }, (_, index) => ({
        label: long(`Button ${index} `, 80),
        url: long(`https://example.com/${index}/`, 512),
        emoji: "📜",
      })),
    };
    const session = await requireSession(harness.ctx, sessionId, owner);
    const change = await changeDraft(harness.ctx as never, session, draft);
    expect(change.ok ? [] : change.problems).toEqual([]);

    const after = standIn.requests.length;
    const click = (customId: string) =>
      standIn.clickButton({
        guildId: guild.id,
        userId: owner,
        channelId: commandsChannel,
        messageId: builder?.id ?? "",
        customId,
      });
    // The builder shows the full draft (its Link buttons form is the one that fills the builder most).
    const buttonsForm = await click(`embed:b:buttons:${sessionId}`);
    expect(buttonsForm.callback.status).toBe(204);
    const refreshed = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:buttons:${sessionId}`,
      fields: Object.fromEntries(
        draft.buttons.map((button, index) => [`button${index + 1}`, `${button.label} | ${button.url} | 📜`]),
      ),
    });
    expect(refreshed.callback.status).toBe(204);
    expect(refreshed.callback.body.type).toBe(7);

    const exported = await click(`embed:b:export:${sessionId}`);
    expect(exported.callback.status).toBe(204);
    // Every image at 2,000 characters makes JSON past what five messages carry: the member is told
    // to save it as a template, in one message Discord accepts.
    expect(exported.callback.body.data.content).toMatch(/more than 5 messages can carry/);
    expect(exported.callback.body.data.content.length).toBeLessThanOrEqual(2000);

    const sendForm = await click(`embed:b:send:${sessionId}`);
    expect(sendForm.callback.body.type).toBe(9);
    const sent = await standIn.submitModal({
      guildId: guild.id,
      userId: owner,
      channelId: commandsChannel,
      messageId: builder?.id ?? "",
      customId: `embed:m:send:${sessionId}`,
      fields: { channel: "#news", content: long("Above the embed ", 2000) },
    });
    expect(sent.callback.status).toBe(204);
    await harness.settle();
    const post = standIn.find("POST", `/channels/${newsChannel}/messages`).at(-1);
    expect(post?.status).toBe(200);
    expect(post?.body.embeds[0].title).toBe(draft.title);
    expect(post?.body.components[0].components).toHaveLength(5);
    expect(standIn.refusals(after)).toEqual([]);
  });
});
