import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuilderBotFixture, openBuilderBot, text } from "../../../test/fixtures/embeds.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";

// /embed create (options and templates), /embed templates and /embed edit through the sandbox.

let t: BuilderBotFixture;

beforeAll(async () => {
  t = await openBuilderBot();
});
afterAll(() => t.close());

describe("/embed create and the builder", () => {
  it("needs Manage Messages", async () => {
    const refused = await t.run("create", {}, t.plain);
    expect(refused[0]).toMatchObject({ ephemeral: true });
    expect(text(refused)).toContain("Manage Messages");
    await expect(t.open({}, t.editor)).resolves.toMatchObject({ reply: { type: "reply", ephemeral: true } });
  });

  it("saves templates, loads them in the builder, lists them and deletes them after confirming", async () => {
    const { session } = await t.open();
    await t.submit(`embed:m:body:${session}`, { title: "Weekly quiz", description: "Every Friday", url: "" });
    const [saved] = await t.submit(`embed:m:save:${session}`, { name: "Quiz", replace: "no" });
    expect(saved?.message?.content).toContain("💾 Saved the template **Quiz**.");
    const [again] = await t.submit(`embed:m:save:${session}`, { name: "quiz", replace: "no" });
    expect(again?.message?.content).toContain("already has a template named “Quiz”");
    const [replaced] = await t.submit(`embed:m:save:${session}`, { name: "quiz", replace: "yes" });
    expect(replaced?.message?.content).toContain("Replaced the template **quiz**.");

    const fresh = await t.open();
    const load = fresh.reply?.message?.components
      ?.flat()
      .find((c) => c.type === "select" && c.customId.includes(":load:"));
    const option = load?.type === "select" ? load.options.find((o) => o.label === "quiz") : undefined;
    expect(option).toBeDefined();
    const [loaded] = await t.choose(`embed:s:load:${fresh.session}`, [option?.value ?? ""]);
    expect(loaded?.message?.embeds?.[0]).toMatchObject({ title: "Weekly quiz", description: "Every Friday" });
    expect(loaded?.message?.content).toContain("Loaded the template **quiz**.");

    const [list] = await t.run("templates");
    expect(list?.message?.embeds?.[0]?.description).toContain("**quiz**");
    const menu = list?.message?.components?.[0]?.[0];
    expect(menu).toMatchObject({ type: "select", customId: "embed:tdel:0" });
    const listed = await t.run("templates", {}, t.plain);
    expect(listed[0]?.message?.components).toEqual([]);
    const templateId =
      menu?.type === "select" ? menu.options.find((o) => o.label === "quiz")?.value : undefined;
    const [confirm] = await t.choose("embed:tdel:0", [templateId ?? ""]);
    expect(confirm?.message?.content).toContain("Delete the template **quiz**?");
    expect(text(await t.click(`embed:tdel-yes:${templateId}`, t.plain))).toContain(
      "You need Manage Messages",
    );
    const [deleted] = await t.click(`embed:tdel-yes:${templateId}`);
    expect(deleted?.message?.content).toBe("🗑️ Deleted the template **quiz**.");
    const [after] = await t.run("templates");
    expect(after?.message?.embeds?.[0]?.description).not.toContain("**quiz**");
  });

  it("exports the draft as JSON and imports JSON from the form or an uploaded file", async () => {
    const { session } = await t.open({ template: "rules" });
    const [exported] = await t.click(`embed:b:export:${session}`);
    expect(exported).toMatchObject({ type: "reply", ephemeral: true });
    const json = /```json\n([\s\S]*)\n```/.exec(exported?.message?.content ?? "")?.[1] ?? "";
    expect(JSON.parse(json)).toMatchObject({ version: 1, embed: { title: "📜 Rules of {server.name}" } });

    const other = await t.open();
    const [imported] = await t.submit(`embed:m:import:${other.session}`, { json });
    expect(imported?.message?.embeds?.[0]?.title).toBe("📜 Rules of Ember Hollow");
    const [bad] = await t.submit(`embed:m:import:${other.session}`, { json: '{"title": 5}' });
    expect(bad?.message?.content).toContain("That JSON can't be imported:\n• title must be text.");

    const file = {
      id: "900",
      url: `${t.filesBase}/embed.json`,
      filename: "embed.json",
      contentType: "application/json",
    };
    const fromFile = await t.open({}, demoOwnerId, { file });
    expect(fromFile.reply?.message?.embeds?.[0]).toMatchObject({ title: "Imported", color: 255 });
    expect(fromFile.reply?.message?.content).toContain("📥 Imported **embed.json**.");
    const both = await t.run("create", { template: "rules" }, demoOwnerId, { file });
    expect(text(both)).toContain("Give either **template** or **file**, not both.");
    const missing = await t.run("create", {}, demoOwnerId, {
      file: { ...file, url: `${t.filesBase}/gone.json` },
    });
    expect(text(missing)).toContain("Discord answered 404");
  });

  it("/embed create template: starts from a saved or built-in template, and names the choices otherwise", async () => {
    const { reply } = await t.open({ template: "Announcement" });
    expect(reply?.message?.embeds?.[0]?.title).toBe("📣 Announcement");
    expect(reply?.message?.content).toContain("built-in template **Announcement**");
    const missing = await t.run("create", { template: "nothing" });
    expect(text(missing)).toContain("No template named “nothing”");
  });
});

describe("/embed edit", () => {
  it("opens an embed Hearth posted and Update message changes it in place", async () => {
    const posted = await t.ctx.discord.sendMessage(t.channels.announcements ?? "", {
      embeds: [{ title: "Maintenance tonight", color: 0xef4444 }],
    });
    const responses = await t.run("edit", { message_id: posted.id, channel: t.channels.announcements ?? "" });
    const session = /embed:b:send:([\w-]+)/.exec(text(responses))?.[1] ?? "";
    expect(text(responses)).toContain("Update message");
    expect(responses[0]?.message?.embeds?.[0]).toMatchObject({ title: "Maintenance tonight" });
    await t.submit(`embed:m:body:${session}`, {
      title: "Maintenance moved to Sunday",
      description: "",
      url: "",
    });
    const [updated] = await t.click(`embed:b:send:${session}`);
    expect(updated?.message?.content).toContain("✅ Updated [the message]");
    const message = await t.ctx.discord.getMessage(t.channels.announcements ?? "", posted.id);
    expect(message?.embeds[0]).toEqual({ title: "Maintenance moved to Sunday", color: 0xef4444 });
  });

  it("refuses messages that aren't Hearth's", async () => {
    const theirs = await t.sandbox.simulateMessage(t.channels.general ?? "", t.plain, "hello");
    const refused = await t.run("edit", { message_id: theirs.id, channel: t.channels.general ?? "" });
    expect(text(refused)).toContain("I can only edit messages Hearth posted");
  });
});
