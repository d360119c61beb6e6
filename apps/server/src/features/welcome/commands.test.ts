import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  dialects,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { testConfig } from "../../config.ts";
import type { Button, Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { pickEmojis } from "../message-designer/service.ts";
import { welcomeBot } from "./commands.ts";
import { registerWelcomeJobs } from "./jobs.ts";
import { getPingOnJoin } from "./ping.ts";
import { getWelcomeConfig, resetWelcome } from "./service.ts";

// /welcome … through the sandbox, and the member-join listener.

describe.each(dialects)("welcome on the bot (%s)", (dialect) => {
  let t: TestContext;
  let bot: Bot;
  let ids: Record<string, string>;
  let memberId: string;

  async function outbox(action: string) {
    const rows = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .selectAll()
      .where("action", "=", action)
      .orderBy("id")
      .execute();
    return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
  }

  const run = (subcommand: string, options: Record<string, string> = {}, userId = demoOwnerId) =>
    t.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "welcome", subcommand, options });
  // Ephemeral previews aren't stored by the sandbox: their buttons are clicked on a channel message.
  let host: string;
  const click = (customId: string, userId = demoOwnerId) =>
    t.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: host, customId });
  const buttonOf = (message: OutgoingMessage | undefined, label: string) =>
    (message?.components ?? [])
      .flat()
      .find((component): component is Button => component.type === "button" && component.label === label)
      ?.customId ?? "";
  /** `/welcome setup`, then Save on its preview: the config is written only then. */
  async function setupAndSave(options: Record<string, string>) {
    const [preview] = await run("setup", options);
    return click(buttonOf(preview?.message, "Save"));
  }

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerWelcomeJobs(t.ctx);
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, welcomeBot.commands?.(t.ctx) ?? []);
    welcomeBot.listeners?.(bot, t.ctx);
    await bot.start();
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    ids = Object.fromEntries(channels.map((channel) => [channel.name, channel.id]));
    const member = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .executeTakeFirstOrThrow();
    memberId = member.user_id;
    host = (await t.ctx.discord.sendMessage(ids.general ?? "", { content: "host" })).id;
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(async () => {
    await resetWelcome(t.ctx, demoGuildId, { tokenId: null, userId: null });
    await t.ctx.storage.db.deleteFrom("welcome_ping_channels").execute();
    await t.ctx.storage.db.deleteFrom("welcome_ping_configs").execute();
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
  });

  describe("/welcome setup", () => {
    it("composes offline and previews it privately; only Save turns it on in the channel", async () => {
      const responses = await run("setup", {
        instructions: `Fun hype welcome, pink embed, point to <#${ids.rules}>`,
        channel: ids.welcome ?? "",
      });
      expect(responses).toHaveLength(1);
      const [reply] = responses;
      expect(reply).toMatchObject({ type: "reply", ephemeral: true });
      const embeds = reply?.message?.embeds ?? [];
      const embed = embeds[0];
      // Rendered for the caller: the tags are filled in, and the server's emoji is used.
      expect(embed?.description).toContain(`<@${demoOwnerId}>`);
      expect(embed?.description).toContain(`<#${ids.rules}>`);
      const [firstEmoji] = pickEmojis(await t.ctx.discord.listEmojis(demoGuildId));
      expect(embed?.description).toContain(firstEmoji);
      expect(embed?.color).toBe(0xeb459e);
      const note = embeds.at(-1);
      expect(note?.title).toBe("👀 Preview: not saved yet");
      expect(note?.description).toContain(`in <#${ids.welcome}>`);
      expect(note?.description).not.toContain("Written by AI");
      // The welcome's own button is shown but disabled; the preview's buttons follow.
      const rows = reply?.message?.components ?? [];
      expect(rows[0]?.[0]).toMatchObject({ type: "button", disabled: true });
      expect(rows[1]?.map((button) => (button.type === "button" ? button.label : ""))).toEqual([
        "Save",
        "Try again",
        "Edit text",
        "Cancel",
      ]);
      expect((await getWelcomeConfig(t.ctx, demoGuildId)).enabled).toBe(false);

      const saved = await click(buttonOf(reply?.message, "Save"));
      expect(saved[0]?.type).toBe("update");
      expect(saved[0]?.message?.content).toContain(`**on** in <#${ids.welcome}>`);
      expect(saved[0]?.message?.components).toEqual([]);
      const config = await getWelcomeConfig(t.ctx, demoGuildId);
      expect(config).toMatchObject({ enabled: true, channelId: ids.welcome, embed: { color: "#EB459E" } });
      expect(config.embed.description).toContain("{user.mention}");
    });

    it("Edit text changes the words before saving; Try again gives another version; Cancel saves nothing", async () => {
      const [reply] = await run("setup", { instructions: "warm", channel: ids.welcome ?? "" });
      const [retryForm] = await click(buttonOf(reply?.message, "Try again"));
      expect(retryForm?.modal?.fields[0]?.value).toBe("warm");
      const again = await t.sandbox.simulateModal({
        guildId: demoGuildId,
        userId: demoOwnerId,
        customId: retryForm?.modal?.customId ?? "",
        fields: { instructions: "warm" },
        messageId: host,
      });
      expect(again[0]?.message?.embeds?.[0]?.title).not.toBe(reply?.message?.embeds?.[0]?.title);

      const [editForm] = await click(buttonOf(reply?.message, "Edit text"));
      const fields = Object.fromEntries(
        (editForm?.modal?.fields ?? []).map((field) => [field.customId, field.value ?? ""]),
      );
      expect(Object.keys(fields)).toEqual(["title", "description", "color", "footer", "button"]);
      const edit = (changes: Record<string, string>) =>
        t.sandbox.simulateModal({
          guildId: demoGuildId,
          userId: demoOwnerId,
          customId: editForm?.modal?.customId ?? "",
          fields: { ...fields, ...changes },
          messageId: host,
        });
      expect(JSON.stringify(await edit({ title: "Hi {user.mentoin}" }))).toContain(
        "did you mean {user.mention}?",
      );
      expect(JSON.stringify(await edit({ color: "blue" }))).toContain("#RRGGBB");
      const edited = await edit({ title: "Hello {user.displayName}", button: "" });
      expect(edited[0]?.message?.embeds?.[0]?.title).toMatch(/^Hello /);
      expect((await getWelcomeConfig(t.ctx, demoGuildId)).enabled).toBe(false);

      // Someone else can't press the buttons of this preview.
      expect(JSON.stringify(await click(buttonOf(reply?.message, "Save"), memberId))).toContain(
        "Manage Server",
      );
      const cancelled = await click(buttonOf(reply?.message, "Cancel"));
      expect(cancelled[0]?.message?.content).toBe("Cancelled: nothing was saved.");
      expect((await getWelcomeConfig(t.ctx, demoGuildId)).enabled).toBe(false);
      expect(JSON.stringify(await click(buttonOf(reply?.message, "Save")))).toContain("expired");
    });

    it("without a channel, keeps the current welcome channel", async () => {
      await setupAndSave({ instructions: "warm", channel: ids.general ?? "" });
      await setupAndSave({ instructions: "formal" });
      expect(await getWelcomeConfig(t.ctx, demoGuildId)).toMatchObject({
        channelId: ids.general,
        button: { label: "Say hello" },
      });
    });

    it("refuses a channel that isn't a text channel of the server, saving nothing", async () => {
      const responses = await run("setup", { instructions: "warm", channel: "999999999999999999" });
      expect(responses).toEqual([expect.objectContaining({ type: "reply", ephemeral: true })]);
      expect(responses[0]?.message?.embeds).toBeUndefined();
      expect((await getWelcomeConfig(t.ctx, demoGuildId)).enabled).toBe(false);
    });

    it("asks the configured AI endpoint, and says the welcome was written by AI", async () => {
      const requests: Record<string, unknown>[] = [];
      const server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
          const content = JSON.stringify({
            title: "Ahoy {user.displayName}!",
            description: "Welcome aboard {server.name}, {user.mention}.",
            color: "#123456",
            button: { enabled: true, label: "Ahoy", emoji: "⚓" },
          });
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ choices: [{ message: { content } }] }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const original = t.ctx.config;
      t.ctx.config = testConfig({
        aiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        aiApiKey: "key",
      });
      try {
        const responses = await run("setup", { instructions: "pirate theme", channel: ids.welcome ?? "" });
        expect(requests).toHaveLength(1);
        expect(requests[0]?.model).toBe("gpt-4o-mini");
        // The model is told the server's name.
        const messages = requests[0]?.messages as { content: string }[];
        expect(messages[0]?.content).toContain('"Ember Hollow"');
        // Deferred first (the model may be slow), then the preview replaces "thinking…".
        expect(responses.map((response) => response.type)).toEqual(["defer", "edit"]);
        const preview = responses[1]?.message;
        expect(preview?.embeds?.at(-1)?.description).toContain("Written by AI");
        expect(preview?.embeds?.[0]?.title).toMatch(/^Ahoy /);
        await click(buttonOf(preview, "Save"));
        const saved = await getWelcomeConfig(t.ctx, demoGuildId);
        expect(saved.embed).toMatchObject({ title: "Ahoy {user.displayName}!", color: "#123456" });
        expect(saved.button).toEqual({ enabled: true, label: "Ahoy", emoji: "⚓" });
      } finally {
        t.ctx.config = original;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });

  describe("/welcome test and toggle", () => {
    it("without a channel, answers privately how to set one up", async () => {
      const responses = await run("test");
      expect(responses).toEqual([
        {
          type: "reply",
          ephemeral: true,
          message: { content: "There's no welcome channel yet: run `/welcome setup` first." },
        },
      ]);
      expect(await outbox("message.send")).toEqual([]);
    });

    it("sends the welcome rendered for the given member to the welcome channel", async () => {
      await setupAndSave({ instructions: "warm", channel: ids.welcome ?? "" });
      const responses = await run("test", { user: memberId });
      expect(responses[0]?.message?.content).toBe(
        `📨 Test welcome for <@${memberId}> sent to <#${ids.welcome}>.`,
      );
      const sent = await outbox("message.send");
      expect(sent).toHaveLength(1);
      expect(sent[0]?.channelId).toBe(ids.welcome);
      const message = sent[0]?.message as { content: string; embeds: Embed[]; allowedMentions: unknown };
      expect(message.content).toBe(`<@${memberId}>`);
      expect(message.allowedMentions).toEqual({ users: [memberId] });
    });

    it("toggles off and on, keeping the configuration", async () => {
      expect((await run("toggle"))[0]?.message?.content).toMatch(/no welcome channel yet/);
      await setupAndSave({ instructions: "calm", channel: ids.welcome ?? "" });
      const before = await getWelcomeConfig(t.ctx, demoGuildId);
      expect((await run("toggle"))[0]?.message?.content).toMatch(/^⏸️ Welcome messages are \*\*off\*\*/);
      expect(await getWelcomeConfig(t.ctx, demoGuildId)).toEqual({ ...before, enabled: false });
      // Testing while off still works, and says it's off.
      expect((await run("test"))[0]?.message?.content).toContain("**off**");
      expect((await run("toggle"))[0]?.message?.content).toContain(
        `**on**: new members are greeted in <#${ids.welcome}>`,
      );
      expect((await getWelcomeConfig(t.ctx, demoGuildId)).enabled).toBe(true);
    });

    it("is refused to a member without Manage Server", async () => {
      const responses = await run("toggle", {}, memberId);
      expect(responses[0]?.message?.content).toMatch(/Manage Server/);
    });
  });

  describe("ping on join", () => {
    it("adds channels (turning the feature on), refuses duplicates and unknown tags, removes them", async () => {
      const added = await run("ping_add", {
        channel: ids.rules ?? "",
        message: "Read these, {user.mention}!",
      });
      expect(added[0]?.message?.content).toMatch(/^🔔 New members will be pinged in/);
      expect(await getPingOnJoin(t.ctx, demoGuildId)).toEqual({
        enabled: true,
        channels: [ids.rules],
        messages: { [ids.rules ?? ""]: "Read these, {user.mention}!" },
      });
      expect((await run("ping_add", { channel: ids.rules ?? "" }))[0]?.message?.content).toBe(
        "Channel is already in the list",
      );
      const typo = await run("ping_add", { channel: ids.general ?? "", message: "Hi {user.mentoin}" });
      expect(typo[0]?.message?.content).toMatch(
        /Unknown tag `\{user\.mentoin\}` \(did you mean `\{user\.mention\}`\?\)/,
      );
      await run("ping_add", { channel: ids["self-roles"] ?? "" });

      const removed = await run("ping_remove", { channel: ids.rules ?? "" });
      expect(removed[0]?.message?.content).toContain(`Still pinging in <#${ids["self-roles"]}>`);
      expect((await run("ping_remove", { channel: ids.rules ?? "" }))[0]?.message?.content).toBe(
        `<#${ids.rules}> isn't a ping-on-join channel.`,
      );
      const last = await run("ping_remove", { channel: ids["self-roles"] ?? "" });
      expect(last[0]?.message?.content).toContain("ping on join is off");
      expect((await getPingOnJoin(t.ctx, demoGuildId)).enabled).toBe(false);
    });
  });

  it("/welcome guide explains every tag in one embed within Discord's limits", async () => {
    const responses = await run("guide", {}, memberId);
    const embed = responses[0]?.message?.embeds?.[0];
    expect(responses[0]?.ephemeral).toBe(true);
    const fields = embed?.fields ?? [];
    const text = fields.map((field) => field.value).join("\n");
    for (const tag of [
      "{user.mention}",
      "{server.memberCount}",
      "{random(1,10)}",
      "{if(user.accountAge < 7):text}",
    ]) {
      expect(text).toContain(tag);
    }
    expect(fields.every((field) => field.value.length <= 1024 && field.name.length <= 256)).toBe(true);
    const total =
      (embed?.title?.length ?? 0) +
      (embed?.description?.length ?? 0) +
      (embed?.footer?.text.length ?? 0) +
      fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    expect(fields.length).toBeLessThanOrEqual(25);
  });

  describe("a member joins", () => {
    it("gets the welcome and a ping that is deleted once the job runs", async () => {
      await setupAndSave({ instructions: "warm", channel: ids.welcome ?? "" });
      await run("ping_add", { channel: ids.rules ?? "" });
      await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();

      const member = await t.sandbox.simulateMemberJoin(demoGuildId, { username: "newbie" });
      const sent = await outbox("message.send");
      const welcome = sent.find((payload) => payload.channelId === ids.welcome);
      const ping = sent.find((payload) => payload.channelId === ids.rules);
      expect(welcome?.message).toMatchObject({
        content: `<@${member.user.id}>`,
        allowedMentions: { users: [member.user.id] },
        components: [[{ type: "button", customId: `welcome:wave:${member.user.id}` }]],
      });
      expect(ping?.message).toEqual({
        content: `<@${member.user.id}>`,
        allowedMentions: { users: [member.user.id] },
      });
      await t.ctx.storage.db
        .updateTable("jobs")
        .set({ run_at: 0 })
        .where("kind", "=", "welcome.ping.delete")
        .execute();
      await t.ctx.jobs.runDue();
      expect(await outbox("message.delete")).toEqual([{ channelId: ids.rules, messageId: ping?.messageId }]);

      // Others can wave at the newcomer (once each); the newcomer can't wave at themselves.
      const wave = {
        guildId: demoGuildId,
        messageId: welcome?.messageId as string,
        customId: `welcome:wave:${member.user.id}`,
      };
      const waved = await t.sandbox.simulateButton({ ...wave, userId: memberId });
      expect(waved).toEqual([
        {
          type: "reply",
          ephemeral: false,
          message: {
            content: `👋 <@${memberId}> waves hello to <@${member.user.id}>!`,
            allowedMentions: { users: [member.user.id] },
          },
        },
      ]);
      expect((await t.sandbox.simulateButton({ ...wave, userId: memberId }))[0]).toMatchObject({
        ephemeral: true,
      });
      expect((await t.sandbox.simulateButton({ ...wave, userId: member.user.id }))[0]).toMatchObject({
        ephemeral: true,
      });
    });

    it("bots are neither welcomed nor pinged", async () => {
      await setupAndSave({ instructions: "warm", channel: ids.welcome ?? "" });
      await run("ping_add", { channel: ids.rules ?? "" });
      await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
      await t.sandbox.simulateMemberJoin(demoGuildId, { username: "helperbot", bot: true });
      expect(await outbox("message.send")).toEqual([]);
    });

    it("a broken welcome channel is logged, and the ping still goes out", async () => {
      await setupAndSave({ instructions: "warm", channel: ids.welcome ?? "" });
      await run("ping_add", { channel: ids.rules ?? "" });
      await t.ctx.storage.db
        .deleteFrom("sandbox_channels")
        .where("id", "=", ids.welcome ?? "")
        .execute();
      await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
      await expect(t.sandbox.simulateMemberJoin(demoGuildId, { username: "unlucky" })).resolves.toBeDefined();
      const sent = await outbox("message.send");
      expect(sent.map((payload) => payload.channelId)).toEqual([ids.rules]);
    });
  });
});
