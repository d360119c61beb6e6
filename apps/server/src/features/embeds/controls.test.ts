import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuilderBotFixture, openBuilderBot, text } from "../../../test/fixtures/embeds.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import type { SandboxInteractionResponse } from "../../discord/sandbox/interaction-answers.ts";

// The builder's buttons, menus and forms through the sandbox.

let t: BuilderBotFixture;

beforeAll(async () => {
  t = await openBuilderBot();
});
afterAll(() => t.close());

describe("/embed create and the builder", () => {
  it("opens privately with a live preview and every control", async () => {
    const { session, reply } = await t.open();
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
    const { session } = await t.open();
    const [form] = await t.click(`embed:b:body:${session}`);
    expect(form).toMatchObject({ type: "modal", modal: { customId: `embed:m:body:${session}` } });
    expect(form?.modal?.fields.find((f) => f.customId === "title")?.value).toBe("New embed");
    const [updated] = await t.submit(`embed:m:body:${session}`, {
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
    const [coloured] = await t.submit(`embed:m:colour:${session}`, { color: "22c55e" });
    expect(coloured?.message?.embeds?.[0]?.color).toBe(0x22c55e);
    const [timed] = await t.click(`embed:b:timestamp:${session}`);
    expect(text([timed as SandboxInteractionResponse])).toContain("Timestamp: on");
    expect(timed?.message?.embeds?.[0]?.timestamp).toBeDefined();
  });

  it("a form past a limit answers with the limit named, keeps the draft, and Fix it reopens what was typed", async () => {
    const { session } = await t.open();
    const long = "y".repeat(300);
    const [refused] = await t.submit(`embed:m:body:${session}`, { title: long, description: "d", url: "" });
    expect(refused).toMatchObject({ type: "reply", ephemeral: true });
    expect(refused?.message?.content).toContain("The title is 300 characters; the limit is 256.");
    expect(text([refused as SandboxInteractionResponse])).toContain(`embed:b:retry:${session}`);
    const [bad] = await t.submit(`embed:m:colour:${session}`, { color: "orange" });
    expect(bad?.message?.content).toContain("Colours are written #RRGGBB");
    const [fix] = await t.click(`embed:b:retry:${session}`);
    expect(fix?.modal?.fields[0]).toMatchObject({ customId: "color", value: "orange" });
    const [badLink] = await t.submit(`embed:m:images:${session}`, {
      thumbnailUrl: "not a link",
      imageUrl: "",
    });
    expect(badLink?.message?.content).toContain(
      "The thumbnail must be a web address starting with http:// or https://.",
    );
    const [badTag] = await t.submit(`embed:m:footer:${session}`, { text: "{server.nmae}", iconUrl: "" });
    expect(badTag?.message?.content).toContain("Did you mean {server.name}?");
    const [preview] = await t.click(`embed:b:timestamp:${session}`);
    expect(preview?.message?.embeds?.[0]).toMatchObject({ title: "New embed" });
  });

  it("adds, edits and removes fields through the field menu", async () => {
    const { session } = await t.open();
    const [added] = await t.submit(`embed:m:addfield:${session}`, {
      name: "When",
      value: "Saturday",
      inline: "yes",
    });
    expect(added?.message?.embeds?.[0]?.fields).toEqual([{ name: "When", value: "Saturday", inline: true }]);
    expect(text([added as SandboxInteractionResponse])).toContain(`embed:s:field:${session}`);
    const [form] = await t.choose(`embed:s:field:${session}`, ["0"]);
    expect(form).toMatchObject({ type: "modal", modal: { title: "Field 1" } });
    const [edited] = await t.submit(`embed:m:field:0:${session}`, {
      name: "When",
      value: "Sunday",
      inline: "no",
      remove: "",
    });
    expect(edited?.message?.embeds?.[0]?.fields).toEqual([{ name: "When", value: "Sunday" }]);
    const [badInline] = await t.submit(`embed:m:addfield:${session}`, {
      name: "a",
      value: "b",
      inline: "maybe",
    });
    expect(badInline?.message?.content).toContain("Answer **yes** or **no** for side by side.");
    const [removed] = await t.submit(`embed:m:field:0:${session}`, {
      name: "When",
      value: "Sunday",
      inline: "no",
      remove: "REMOVE",
    });
    expect(removed?.message?.embeds?.[0]?.fields).toBeUndefined();
  });

  it("Link buttons opens a five-line form; the builder lists the buttons, and a bad line can be fixed", async () => {
    const { session } = await t.open();
    const [form] = await t.click(`embed:b:buttons:${session}`);
    expect(form).toMatchObject({ type: "modal", modal: { customId: `embed:m:buttons:${session}` } });
    expect(form?.modal?.fields).toHaveLength(5);
    const [added] = await t.submit(`embed:m:buttons:${session}`, {
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
    const [reopened] = await t.click(`embed:b:buttons:${session}`);
    expect(reopened?.modal?.fields.map((f) => f.value)).toEqual([
      "Website | https://example.com | 🌐",
      "Rules of {server.name} | https://example.com/rules",
      undefined,
      undefined,
      undefined,
    ]);
    const [refused] = await t.submit(`embed:m:buttons:${session}`, { button1: "Website | www.example.com" });
    expect(refused).toMatchObject({ type: "reply", ephemeral: true });
    expect(refused?.message?.content).toContain(
      "Link button 1's link must be a web address starting with http:// or https://.",
    );
    const [fix] = await t.click(`embed:b:retry:${session}`);
    expect(fix?.modal?.fields[0]).toMatchObject({ customId: "button1", value: "Website | www.example.com" });
    const [malformed] = await t.submit(`embed:m:buttons:${session}`, { button1: "just a label" });
    expect(malformed?.message?.content).toContain("Link button 1: write it as Website | https://example.com");
    const [cleared] = await t.submit(`embed:m:buttons:${session}`, { button1: "" });
    expect(cleared?.message?.content).not.toContain("Link buttons");
  });

  it("only the member who opened the builder can use it; a closed builder explains", async () => {
    const { session } = await t.open();
    const other = await t.click(`embed:b:body:${session}`, t.editor);
    expect(text(other)).toContain("Only the member who opened this embed builder can use it.");
    const [closed] = await t.click(`embed:b:cancel:${session}`);
    expect(closed).toMatchObject({ type: "update", message: { components: [] } });
    expect(text(await t.click(`embed:b:body:${session}`))).toContain("has expired");
  });

  it("Send asks for the channel and posts the embed there; tags are filled in for the sender", async () => {
    const { session } = await t.open({ template: "welcome" });
    const [form] = await t.click(`embed:b:send:${session}`);
    expect(form?.modal?.fields[0]).toMatchObject({ customId: "channel", value: "#bot-commands" });
    const [sent] = await t.submit(`embed:m:send:${session}`, {
      channel: "#events",
      content: "Hello {user.mention}",
    });
    expect(sent?.message?.content).toContain(`✅ Sent to <#${t.channels.events}>`);
    const messageId = /channels\/\d+\/\d+\/(\d+)/.exec(sent?.message?.content ?? "")?.[1] ?? "";
    const message = await t.ctx.discord.getMessage(t.channels.events ?? "", messageId);
    expect(message?.embeds[0]?.title).toBe("👋 Welcome to Ember Hollow!");
    expect(message?.content).toBe(`Hello <@${demoOwnerId}>`);
    const [missing] = await t.submit(`embed:m:send:${session}`, { channel: "#nowhere", content: "" });
    expect(missing?.message?.content).toContain("I can't find a channel “#nowhere” in this server.");
  });

  it("a member who can't post in a channel can't post there through Hearth", async () => {
    const { session } = await t.open({}, t.editor);
    const [refused] = await t.submit(`embed:m:send:${session}`, { channel: "#rules", content: "" }, t.editor);
    expect(refused?.message?.content).toContain(`You can't post in <#${t.channels.rules}> yourself`);
  });
});
