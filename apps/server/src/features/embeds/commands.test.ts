import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { bindCommands } from "../../bot/commands/registry.ts";
import { demoOwnerId } from "../../discord/demo-seed.ts";
import type { SandboxInteractionResponse } from "../../discord/sandbox-adapter.ts";
import { embedsBot } from "./commands.ts";

// /embed … and the builder's buttons, menus and forms through the sandbox.

let test: TestContext;
let bot: Bot;
let channels: Record<string, string>;
let roles: Record<string, string>;
let editor: string;
let plain: string;
/** Ephemeral replies aren't stored by the sandbox: clicks on the builder are hosted on this message. */
let host: string;
let files: Server;
let filesBase: string;

type Responses = SandboxInteractionResponse[];
const text = (responses: Responses) => JSON.stringify(responses);

const run = (
  subcommand: string,
  options: Record<string, string> = {},
  userId = demoOwnerId,
  attachments = {},
) =>
  test.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId,
    name: "embed",
    subcommand,
    options,
    attachments,
    channelId: channels["bot-commands"] ?? "",
  });
const click = (customId: string, userId = demoOwnerId) =>
  test.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: host, customId });
const choose = (customId: string, values: string[], userId = demoOwnerId) =>
  test.sandbox.simulateSelect({ guildId: demoGuildId, userId, messageId: host, customId, values });
const submit = (customId: string, fields: Record<string, string>, userId = demoOwnerId) =>
  test.sandbox.simulateModal({ guildId: demoGuildId, userId, messageId: host, customId, fields });

/** Opens a builder; answers its session id and reply. */
async function open(options: Record<string, string> = {}, userId = demoOwnerId, attachments = {}) {
  const responses = await run("create", options, userId, attachments);
  const session = /embed:b:body:([\w-]+)/.exec(text(responses))?.[1];
  if (!session) throw new Error(`no builder opened: ${text(responses)}`);
  return { session, reply: responses[0] };
}

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  bindCommands(bot, test.ctx, embedsBot.commands?.(test.ctx) ?? []);
  embedsBot.listen?.(bot, test.ctx);
  await bot.start();
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  editor = (
    await test.sandbox.simulateMemberJoin(
      demoGuildId,
      { username: "eventlead" },
      { roleIds: [roles["Event Manager"] ?? ""] },
    )
  ).user.id;
  plain = (await test.sandbox.simulateMemberJoin(demoGuildId, { username: "justamember" })).user.id;
  host = (await test.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "builder host" })).id;
  files = createServer((req, res) => {
    if (req.url === "/embed.json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ embeds: [{ title: "Imported", color: 255, fields: [{ name: "a", value: "b" }] }] }),
      );
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await bot.stop();
  await new Promise<void>((resolve) => files.close(() => resolve()));
  await test.cleanup();
});

describe("/embed create and the builder", () => {
  it("needs Manage Messages", async () => {
    const refused = await run("create", {}, plain);
    expect(refused[0]).toMatchObject({ ephemeral: true });
    expect(text(refused)).toContain("Manage Messages");
    await expect(open({}, editor)).resolves.toMatchObject({ reply: { type: "reply", ephemeral: true } });
  });

  it("opens privately with a live preview and every control", async () => {
    const { session, reply } = await open();
    expect(reply?.message?.embeds?.[0]).toMatchObject({ title: "New embed", color: 0xf97316 });
    const ids = JSON.stringify(reply?.message?.components);
    for (const action of [
      "body",
      "author",
      "footer",
      "colour",
      "images",
      "addfield",
      "timestamp",
      "save",
      "export",
      "import",
      "buttons",
      "send",
      "cancel",
    ]) {
      expect(ids).toContain(`embed:b:${action}:${session}`);
    }
    expect(ids).toContain(`embed:s:load:${session}`);
  });

  it("a form edits the draft and the preview updates in place, tags filled in for the member", async () => {
    const { session } = await open();
    const [form] = await click(`embed:b:body:${session}`);
    expect(form).toMatchObject({ type: "modal", modal: { customId: `embed:m:body:${session}` } });
    expect(form?.modal?.fields.find((f) => f.customId === "title")?.value).toBe("New embed");
    const [updated] = await submit(`embed:m:body:${session}`, {
      title: "Raid night",
      description: "Hosted by {user.mention} in {server.name}",
      url: "https://example.com/raid",
    });
    expect(updated?.type).toBe("update");
    expect(updated?.message?.embeds?.[0]).toMatchObject({
      title: "Raid night",
      description: `Hosted by <@${demoOwnerId}> in Ember Hollow`,
      url: "https://example.com/raid",
    });
    const [coloured] = await submit(`embed:m:colour:${session}`, { color: "22c55e" });
    expect(coloured?.message?.embeds?.[0]?.color).toBe(0x22c55e);
    const [timed] = await click(`embed:b:timestamp:${session}`);
    expect(text([timed as SandboxInteractionResponse])).toContain("Timestamp: on");
    expect(timed?.message?.embeds?.[0]?.timestamp).toBeDefined();
  });

  it("a form past a limit answers with the limit named, keeps the draft, and Fix it reopens what was typed", async () => {
    const { session } = await open();
    const long = "y".repeat(300);
    const [refused] = await submit(`embed:m:body:${session}`, { title: long, description: "d", url: "" });
    expect(refused).toMatchObject({ type: "reply", ephemeral: true });
    expect(refused?.message?.content).toContain("The title is 300 characters; the limit is 256.");
    expect(text([refused as SandboxInteractionResponse])).toContain(`embed:b:retry:${session}`);
    const [bad] = await submit(`embed:m:colour:${session}`, { color: "orange" });
    expect(bad?.message?.content).toContain("Colours are written #RRGGBB");
    const [fix] = await click(`embed:b:retry:${session}`);
    expect(fix?.modal?.fields[0]).toMatchObject({ customId: "color", value: "orange" });
    const [badLink] = await submit(`embed:m:images:${session}`, { thumbnailUrl: "not a link", imageUrl: "" });
    expect(badLink?.message?.content).toContain(
      "The thumbnail must be a web address starting with http:// or https://.",
    );
    const [badTag] = await submit(`embed:m:footer:${session}`, { text: "{server.nmae}", iconUrl: "" });
    expect(badTag?.message?.content).toContain("Did you mean {server.name}?");
    const [preview] = await click(`embed:b:timestamp:${session}`);
    expect(preview?.message?.embeds?.[0]).toMatchObject({ title: "New embed" });
  });

  it("adds, edits and removes fields through the field menu", async () => {
    const { session } = await open();
    const [added] = await submit(`embed:m:addfield:${session}`, {
      name: "When",
      value: "Saturday",
      inline: "yes",
    });
    expect(added?.message?.embeds?.[0]?.fields).toEqual([{ name: "When", value: "Saturday", inline: true }]);
    expect(text([added as SandboxInteractionResponse])).toContain(`embed:s:field:${session}`);
    const [form] = await choose(`embed:s:field:${session}`, ["0"]);
    expect(form).toMatchObject({ type: "modal", modal: { title: "Field 1" } });
    const [edited] = await submit(`embed:m:field:0:${session}`, {
      name: "When",
      value: "Sunday",
      inline: "no",
      remove: "",
    });
    expect(edited?.message?.embeds?.[0]?.fields).toEqual([{ name: "When", value: "Sunday" }]);
    const [badInline] = await submit(`embed:m:addfield:${session}`, {
      name: "a",
      value: "b",
      inline: "maybe",
    });
    expect(badInline?.message?.content).toContain("Answer **yes** or **no** for side by side.");
    const [removed] = await submit(`embed:m:field:0:${session}`, {
      name: "When",
      value: "Sunday",
      inline: "no",
      remove: "REMOVE",
    });
    expect(removed?.message?.embeds?.[0]?.fields).toBeUndefined();
  });

  it("Link buttons opens a five-line form; the builder lists the buttons, and a bad line can be fixed", async () => {
    const { session } = await open();
    const [form] = await click(`embed:b:buttons:${session}`);
    expect(form).toMatchObject({ type: "modal", modal: { customId: `embed:m:buttons:${session}` } });
    expect(form?.modal?.fields).toHaveLength(5);
    const [added] = await submit(`embed:m:buttons:${session}`, {
      button1: "Website | https://example.com | 🌐",
      button2: "Rules of {server.name} | https://example.com/rules",
      button3: "",
      button4: "",
      button5: "",
    });
    expect(added?.type).toBe("update");
    expect(added?.message?.content).toContain(
      "🔗 **Link buttons** under the embed: [🌐 Website](<https://example.com>) · [Rules of Ember Hollow](<https://example.com/rules>)",
    );
    const [reopened] = await click(`embed:b:buttons:${session}`);
    expect(reopened?.modal?.fields.map((f) => f.value)).toEqual([
      "Website | https://example.com | 🌐",
      "Rules of {server.name} | https://example.com/rules",
      undefined,
      undefined,
      undefined,
    ]);
    const [refused] = await submit(`embed:m:buttons:${session}`, { button1: "Website | www.example.com" });
    expect(refused).toMatchObject({ type: "reply", ephemeral: true });
    expect(refused?.message?.content).toContain(
      "Link button 1's link must be a web address starting with http:// or https://.",
    );
    const [fix] = await click(`embed:b:retry:${session}`);
    expect(fix?.modal?.fields[0]).toMatchObject({ customId: "button1", value: "Website | www.example.com" });
    const [malformed] = await submit(`embed:m:buttons:${session}`, { button1: "just a label" });
    expect(malformed?.message?.content).toContain("Link button 1: write it as Website | https://example.com");
    const [cleared] = await submit(`embed:m:buttons:${session}`, { button1: "" });
    expect(cleared?.message?.content).not.toContain("Link buttons");
  });

  it("only the member who opened the builder can use it; a closed builder explains", async () => {
    const { session } = await open();
    const other = await click(`embed:b:body:${session}`, editor);
    expect(text(other)).toContain("Only the member who opened this embed builder can use it.");
    const [closed] = await click(`embed:b:cancel:${session}`);
    expect(closed).toMatchObject({ type: "update", message: { components: [] } });
    expect(text(await click(`embed:b:body:${session}`))).toContain("has expired");
  });

  it("Send asks for the channel and posts the embed there; tags are filled in for the sender", async () => {
    const { session } = await open({ template: "welcome" });
    const [form] = await click(`embed:b:send:${session}`);
    expect(form?.modal?.fields[0]).toMatchObject({ customId: "channel", value: "#bot-commands" });
    const [sent] = await submit(`embed:m:send:${session}`, {
      channel: "#events",
      content: "Hello {user.mention}",
    });
    expect(sent?.message?.content).toContain(`✅ Sent to <#${channels.events}>`);
    const messageId = /channels\/\d+\/\d+\/(\d+)/.exec(sent?.message?.content ?? "")?.[1] ?? "";
    const message = await test.ctx.discord.getMessage(channels.events ?? "", messageId);
    expect(message?.embeds[0]?.title).toBe("👋 Welcome to Ember Hollow!");
    expect(message?.content).toBe(`Hello <@${demoOwnerId}>`);
    const [missing] = await submit(`embed:m:send:${session}`, { channel: "#nowhere", content: "" });
    expect(missing?.message?.content).toContain("I can't find a channel “#nowhere” in this server.");
  });

  it("a member who can't post in a channel can't post there through Hearth", async () => {
    const { session } = await open({}, editor);
    const [refused] = await submit(`embed:m:send:${session}`, { channel: "#rules", content: "" }, editor);
    expect(refused?.message?.content).toContain(`You can't post in <#${channels.rules}> yourself`);
  });

  it("saves templates, loads them in the builder, lists them and deletes them after confirming", async () => {
    const { session } = await open();
    await submit(`embed:m:body:${session}`, { title: "Weekly quiz", description: "Every Friday", url: "" });
    const [saved] = await submit(`embed:m:save:${session}`, { name: "Quiz", replace: "no" });
    expect(saved?.message?.content).toContain("💾 Saved the template **Quiz**.");
    const [again] = await submit(`embed:m:save:${session}`, { name: "quiz", replace: "no" });
    expect(again?.message?.content).toContain("already has a template named “Quiz”");
    const [replaced] = await submit(`embed:m:save:${session}`, { name: "quiz", replace: "yes" });
    expect(replaced?.message?.content).toContain("Replaced the template **quiz**.");

    const fresh = await open();
    const load = fresh.reply?.message?.components
      ?.flat()
      .find((c) => c.type === "select" && c.customId.includes(":load:"));
    const option = load?.type === "select" ? load.options.find((o) => o.label === "quiz") : undefined;
    expect(option).toBeDefined();
    const [loaded] = await choose(`embed:s:load:${fresh.session}`, [option?.value ?? ""]);
    expect(loaded?.message?.embeds?.[0]).toMatchObject({ title: "Weekly quiz", description: "Every Friday" });
    expect(loaded?.message?.content).toContain("Loaded the template **quiz**.");

    const [list] = await run("templates");
    expect(list?.message?.embeds?.[0]?.description).toContain("**quiz**");
    const menu = list?.message?.components?.[0]?.[0];
    expect(menu).toMatchObject({ type: "select", customId: "embed:tdel:0" });
    const listed = await run("templates", {}, plain);
    expect(listed[0]?.message?.components).toEqual([]);
    const templateId =
      menu?.type === "select" ? menu.options.find((o) => o.label === "quiz")?.value : undefined;
    const [confirm] = await choose("embed:tdel:0", [templateId ?? ""]);
    expect(confirm?.message?.content).toContain("Delete the template **quiz**?");
    expect(text(await click(`embed:tdel-yes:${templateId}`, plain))).toContain("You need Manage Messages");
    const [deleted] = await click(`embed:tdel-yes:${templateId}`);
    expect(deleted?.message?.content).toBe("🗑️ Deleted the template **quiz**.");
    const [after] = await run("templates");
    expect(after?.message?.embeds?.[0]?.description).not.toContain("**quiz**");
  });

  it("exports the draft as JSON and imports JSON from the form or an uploaded file", async () => {
    const { session } = await open({ template: "rules" });
    const [exported] = await click(`embed:b:export:${session}`);
    expect(exported).toMatchObject({ type: "reply", ephemeral: true });
    const json = /```json\n([\s\S]*)\n```/.exec(exported?.message?.content ?? "")?.[1] ?? "";
    expect(JSON.parse(json)).toMatchObject({ version: 1, embed: { title: "📜 Rules of {server.name}" } });

    const other = await open();
    const [imported] = await submit(`embed:m:import:${other.session}`, { json });
    expect(imported?.message?.embeds?.[0]?.title).toBe("📜 Rules of Ember Hollow");
    const [bad] = await submit(`embed:m:import:${other.session}`, { json: '{"title": 5}' });
    expect(bad?.message?.content).toContain("That JSON can't be imported:\n• title must be text.");

    const file = {
      id: "900",
      url: `${filesBase}/embed.json`,
      filename: "embed.json",
      contentType: "application/json",
    };
    const fromFile = await open({}, demoOwnerId, { file });
    expect(fromFile.reply?.message?.embeds?.[0]).toMatchObject({ title: "Imported", color: 255 });
    expect(fromFile.reply?.message?.content).toContain("📥 Imported **embed.json**.");
    const both = await run("create", { template: "rules" }, demoOwnerId, { file });
    expect(text(both)).toContain("Give either **template** or **file**, not both.");
    const missing = await run("create", {}, demoOwnerId, {
      file: { ...file, url: `${filesBase}/gone.json` },
    });
    expect(text(missing)).toContain("Discord answered 404");
  });

  it("/embed create template: starts from a saved or built-in template, and names the choices otherwise", async () => {
    const { reply } = await open({ template: "Announcement" });
    expect(reply?.message?.embeds?.[0]?.title).toBe("📣 Announcement");
    expect(reply?.message?.content).toContain("built-in template **Announcement**");
    const missing = await run("create", { template: "nothing" });
    expect(text(missing)).toContain("No template named “nothing”");
  });
});

describe("/embed edit", () => {
  it("opens an embed Hearth posted and Update message changes it in place", async () => {
    const posted = await test.ctx.discord.sendMessage(channels.announcements ?? "", {
      embeds: [{ title: "Maintenance tonight", color: 0xef4444 }],
    });
    const responses = await run("edit", { message_id: posted.id, channel: channels.announcements ?? "" });
    const session = /embed:b:send:([\w-]+)/.exec(text(responses))?.[1] ?? "";
    expect(text(responses)).toContain("Update message");
    expect(responses[0]?.message?.embeds?.[0]).toMatchObject({ title: "Maintenance tonight" });
    await submit(`embed:m:body:${session}`, {
      title: "Maintenance moved to Sunday",
      description: "",
      url: "",
    });
    const [updated] = await click(`embed:b:send:${session}`);
    expect(updated?.message?.content).toContain("✅ Updated [the message]");
    const message = await test.ctx.discord.getMessage(channels.announcements ?? "", posted.id);
    expect(message?.embeds[0]).toEqual({ title: "Maintenance moved to Sunday", color: 0xef4444 });
  });

  it("refuses messages that aren't Hearth's", async () => {
    const theirs = await test.sandbox.simulateMessage(channels.general ?? "", plain, "hello");
    const refused = await run("edit", { message_id: theirs.id, channel: channels.general ?? "" });
    expect(text(refused)).toContain("I can only edit messages Hearth posted");
  });
});
