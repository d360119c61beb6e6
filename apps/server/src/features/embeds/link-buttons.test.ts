import { type EmbedDraft, exportEmbedJson } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, openEmbedsFixture } from "../../../test/fixtures/embeds.ts";
import { demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import type { Button, MemberInfo } from "../../discord/port/port.ts";
import { AppError } from "../../lib/errors.ts";
import { importJson } from "./import-export.ts";
import {
  applyLinkButtonsForm,
  buttonLine,
  editedMessageRows,
  linkButtonsForm,
  readButtonLine,
} from "./link-buttons.ts";
import { openEditSession, previewMessage, sendSession } from "./sending.ts";
import { changeDraft, openSession } from "./service.ts";
import { resolveTemplate, saveTemplate } from "./templates.ts";

/** Runs an expected failure and answers the AppError it threw. */
function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

const linkButton = (label: string, url: string, emoji?: string): Button => ({
  type: "button",
  style: "link",
  label,
  url,
  ...(emoji ? { emoji } : {}),
});

describe("the link buttons form", () => {
  it("reads Label | link | emoji lines; an empty line is no button", () => {
    expect(readButtonLine(" Website | https://example.com | 🌐 ", 0)).toEqual({
      label: "Website",
      url: "https://example.com",
      emoji: "🌐",
    });
    expect(readButtonLine("Docs|https://docs.example.com", 1)).toEqual({
      label: "Docs",
      url: "https://docs.example.com",
    });
    // The link is the part that starts like one, so a label may hold "|".
    expect(readButtonLine("Rules | FAQ | https://e.com/faq", 2)).toEqual({
      label: "Rules | FAQ",
      url: "https://e.com/faq",
    });
    expect(readButtonLine("Avatar | {user.avatar}", 3)).toEqual({ label: "Avatar", url: "{user.avatar}" });
    expect(readButtonLine("Site | example.com | 🌐", 4)).toEqual({
      label: "Site",
      url: "example.com",
      emoji: "🌐",
    });
    expect(readButtonLine("   ", 0)).toBeNull();
    expect(thrown(() => readButtonLine("https://example.com", 1)).message).toBe(
      "Link button 2: write it as Website | https://example.com | 🌐 (the emoji is optional).",
    );
  });

  it("adds, changes and removes buttons in one go, keeping the order of the lines", () => {
    const draft: EmbedDraft = {
      title: "t",
      buttons: [
        { label: "A", url: "https://a.io" },
        { label: "B", url: "https://b.io" },
      ],
    };
    const next = applyLinkButtonsForm(draft, {
      button1: "",
      button2: "B2 | https://b.io/2 | ✨",
      button3: "C | https://c.io",
      button4: "",
      button5: "",
    });
    expect(next).toEqual({
      title: "t",
      buttons: [
        { label: "B2", url: "https://b.io/2", emoji: "✨" },
        { label: "C", url: "https://c.io" },
      ],
    });
  });

  it("offers five lines, pre-filled from the draft", () => {
    const modal = linkButtonsForm("embed:m:buttons:s", {
      title: "t",
      buttons: [{ label: "Site", url: "https://e.com", emoji: "🌐" }],
    });
    expect(modal.fields.map((f) => f.customId)).toEqual([
      "button1",
      "button2",
      "button3",
      "button4",
      "button5",
    ]);
    expect(modal.fields[0]?.value).toBe("Site | https://e.com | 🌐");
    expect(modal.fields[1]?.value).toBeUndefined();
    expect(modal.fields.every((f) => f.label.length <= 45)).toBe(true);
    expect(buttonLine({ label: "Docs", url: "https://d.io" })).toBe("Docs | https://d.io");
  });

  it("an edited message keeps its other rows, with the link row where it stood, within five rows", () => {
    const select = { type: "select" as const, customId: "menu", options: [{ label: "a", value: "a" }] };
    const rows = editedMessageRows([{ label: "New", url: "https://n.io" }], {
      components: [[select], [select]],
      buttonRowAt: 1,
    });
    expect(rows).toEqual([[select], [linkButton("New", "https://n.io")], [select]]);
    expect(editedMessageRows([], { components: [[select]], buttonRowAt: 0 })).toEqual([[select]]);
    const full = thrown(() =>
      editedMessageRows([{ label: "New", url: "https://n.io" }], {
        components: Array.from({ length: 5 }, () => [select]),
      }),
    );
    expect(full.message).toBe(
      "That message already has 5 rows of buttons and menus, Discord's limit of 5, so there's no row left for link buttons. Remove them to update the message.",
    );
  });
});

describe.each(dialects)("link buttons in the embed builder service (%s)", (dialect) => {
  let test: TestContext;
  let owner: MemberInfo;
  let channels: Record<string, string>;

  beforeAll(async () => {
    ({ test, owner, channels } = await openEmbedsFixture(dialect));
  });
  afterAll(async () => {
    await test.cleanup();
  });

  const open = (draft: EmbedDraft) =>
    openSession(test.ctx, { serverId: demoGuildId, userId: owner.user.id, draft });

  it("a change through the form is saved; one past a limit is refused with the limit named", async () => {
    const session = await open({ title: "Links" });
    const fields = {
      button1: "Site | https://example.com | 🌐",
      button2: `${"x".repeat(81)} | https://e.com`,
    };
    const refused = await changeDraft(test.ctx, session, applyLinkButtonsForm(session.draft, fields), {
      form: "buttons",
      fields,
    });
    expect(refused).toEqual({
      ok: false,
      problems: [
        { field: "buttons[1].label", message: "Link button 2's label is 81 characters; the limit is 80." },
      ],
    });
    const emoji = await changeDraft(
      test.ctx,
      session,
      applyLinkButtonsForm(session.draft, { button1: "Site | https://example.com | smile" }),
    );
    expect(emoji.ok ? [] : emoji.problems.map((p) => p.message)).toEqual([
      "Link button 1's emoji must be one emoji (🎉) or a custom emoji written <:name:id>; “smile” isn't one.",
    ]);
    const saved = await changeDraft(
      test.ctx,
      session,
      applyLinkButtonsForm(session.draft, { button1: "Site | https://example.com | 🌐" }),
    );
    expect(saved).toMatchObject({
      ok: true,
      session: { draft: { buttons: [{ label: "Site", url: "https://example.com", emoji: "🌐" }] } },
    });
  });

  it("templates keep the buttons, and refuse broken ones", async () => {
    const draft: EmbedDraft = {
      title: "Shop",
      buttons: [{ label: "Store", url: "https://shop.example.com", emoji: "🛒" }],
    };
    await saveTemplate(test.ctx, demoGuildId, { name: "Shop links", draft, userId: owner.user.id });
    expect((await resolveTemplate(test.ctx, demoGuildId, "shop links")).draft).toEqual(draft);
    const broken = await failure(
      saveTemplate(test.ctx, demoGuildId, {
        name: "Broken",
        draft: { title: "t", buttons: [{ label: "x", url: "ftp://files" }] },
        userId: null,
      }),
    );
    expect(broken.message).toBe(
      "That embed can't be saved as a template:\n• Link button 1's link must be a web address starting with http:// or https://.",
    );
  });

  it("export and import carry the buttons; an old export without them still imports", () => {
    const draft: EmbedDraft = { title: "Hi", buttons: [{ label: "Docs", url: "https://d.io" }] };
    expect(importJson(exportEmbedJson(draft, { pretty: true }))).toEqual({ draft, name: null, notes: [] });
    expect(importJson('{"version":1,"embed":{"title":"Old"}}').draft).toEqual({ title: "Old" });
    const tooMany = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: "https://a.io" }));
    expect(() => importJson(JSON.stringify({ embed: { title: "t", buttons: tooMany } }))).toThrow(
      "That JSON can't be imported:\n• The message has 6 link buttons; the limit is 5 (one row of Discord buttons).",
    );
  });

  it("sending puts the buttons in a row of link buttons, tags filled in for the sender", async () => {
    const session = await open({
      title: "Welcome",
      buttons: [
        { label: "About {server.name}", url: "https://example.com/about", emoji: "ℹ️" },
        { label: "Rules", url: "https://example.com/rules" },
      ],
    });
    const preview = await previewMessage(test.ctx, demoGuildId, owner, session.draft);
    expect(preview.buttons[0]?.label).toBe("About Ember Hollow");
    const sent = await sendSession(test.ctx, session, owner, { channel: "#general" });
    const message = await test.ctx.discord.getMessage(sent.channelId, sent.messageId);
    expect(message?.components).toEqual([
      [
        linkButton("About Ember Hollow", "https://example.com/about", "ℹ️"),
        linkButton("Rules", "https://example.com/rules"),
      ],
    ]);
    const plain = await sendSession(test.ctx, await open({ title: "No buttons" }), owner, {
      channel: "#general",
    });
    expect((await test.ctx.discord.getMessage(plain.channelId, plain.messageId))?.components).toBeUndefined();
  });

  it("/embed edit opens the message's link buttons, updates them, and keeps its other rows", async () => {
    const channelId = channels.events ?? "";
    const action: Button = { type: "button", style: "primary", label: "Join", customId: "panel:join" };
    const posted = await test.ctx.discord.sendMessage(channelId, {
      embeds: [{ title: "Event" }],
      components: [[linkButton("Old", "https://old.io", "🕰️")], [action]],
    });
    const edit = () =>
      openEditSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        member: owner,
        channelId,
        messageId: posted.id,
      });
    const session = await edit();
    expect(session.draft).toEqual({
      title: "Event",
      buttons: [{ label: "Old", url: "https://old.io", emoji: "🕰️" }],
    });
    const changed = await changeDraft(test.ctx, session, {
      ...session.draft,
      buttons: [
        { label: "New", url: "https://new.io" },
        { label: "More", url: "https://more.io", emoji: "➕" },
      ],
    });
    if (!changed.ok) throw new Error("change refused");
    await sendSession(test.ctx, changed.session, owner);
    const updated = await test.ctx.discord.getMessage(channelId, posted.id);
    expect(updated?.components).toEqual([
      [linkButton("New", "https://new.io"), linkButton("More", "https://more.io", "➕")],
      [action],
    ]);

    // Kept as they are when the member doesn't touch them; gone when removed.
    await sendSession(test.ctx, await edit(), owner);
    expect((await test.ctx.discord.getMessage(channelId, posted.id))?.components).toEqual(
      updated?.components,
    );
    const again = await edit();
    const removed = await changeDraft(test.ctx, again, { ...again.draft, buttons: [] });
    if (!removed.ok) throw new Error("change refused");
    await sendSession(test.ctx, removed.session, owner);
    expect((await test.ctx.discord.getMessage(channelId, posted.id))?.components).toEqual([[action]]);
  });
});
