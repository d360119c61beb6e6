import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import type { SandboxInteractionResponse } from "../../discord/sandbox/interaction-answers.ts";
import { componentsBot } from "./commands.ts";
import { findComponent, listPosted } from "./store.ts";

// The whole flow through the sandbox: /components create → the builder panel (buttons, menus and
// forms) → Done posts it → members click it; edit, test, delete; and a restart over the same database.

let test: TestContext;
let bot: Bot;
let roles: Record<string, string>;
let channels: Record<string, string>;
let memberId: string;
/** Ephemeral panels aren't stored by the sandbox: clicks on them are hosted on a channel message. */
let host: string;

const startBot = async () => {
  const next = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(next, test.ctx, componentsBot.commands?.(test.ctx) ?? []);
  componentsBot.listeners?.(next, test.ctx);
  await next.start();
  return next;
};
const run = (subcommand: string, options: Record<string, string> = {}, userId = demoOwnerId) =>
  test.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "components", subcommand, options });
const click = (customId: string, userId = demoOwnerId, messageId = host) =>
  test.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId, customId });
const choose = (customId: string, values: string[], userId = demoOwnerId, messageId = host) =>
  test.sandbox.simulateSelect({ guildId: demoGuildId, userId, messageId, customId, values });
const submit = (customId: string, fields: Record<string, string>, userId = demoOwnerId, messageId = host) =>
  test.sandbox.simulateModal({ guildId: demoGuildId, userId, customId, fields, messageId });
const text = (responses: SandboxInteractionResponse[]) => JSON.stringify(responses);
const hasRole = async (roleId: string, userId = memberId) =>
  (await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds.includes(roleId) ?? false;
const idOf = async (name: string) =>
  (await findComponent(test.ctx.storage.db, demoGuildId, name))?.componentId ?? "";
const lastIn = async (channelId: string) =>
  test.ctx.storage.db
    .selectFrom("sandbox_messages")
    .select(["id", "content", "payload"])
    .where("channel_id", "=", channelId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  test = await createTestContext();
  bot = await startBot();
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const row = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .executeTakeFirstOrThrow();
  memberId = row.user_id;
  host = (await test.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "panel host" })).id;
});
afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("/components", () => {
  it("create opens the builder; its steps build a button that toggles a role; Done posts it", async () => {
    const [panel] = await run("create", {
      type: "button",
      name: "verify",
      channel: channels["self-roles"] ?? "",
    });
    expect(panel).toMatchObject({ type: "reply", ephemeral: true });
    expect(text([panel as SandboxInteractionResponse])).toContain("Created **verify**");
    const id = await idOf("verify");
    const look = await click(`cmpe:look:${id}`);
    expect(look[0]).toMatchObject({ type: "modal" });
    expect(look[0]?.modal?.fields.map((f) => f.customId)).toEqual(["label", "emoji", "style", "message"]);
    const styled = await submit(`cmpe:look:${id}`, {
      label: "Verify",
      emoji: "✅",
      style: "success",
      message: "Click to verify and see the server.",
    });
    expect(text(styled)).toContain("Appearance saved");
    const badStyle = await submit(`cmpe:look:${id}`, { label: "Verify", style: "blurple" });
    expect(badStyle[0]).toMatchObject({ ephemeral: true });
    expect(text(badStyle)).toContain("primary, secondary, success, danger");
    const early = await click(`cmpe:done:${id}`);
    expect(text(early)).toContain("Add at least one action");
    const kind = await choose(`cmpe:action:${id}`, ["toggle_role"]);
    expect(kind[0]?.modal?.customId).toBe(`cmpe:act:${id}:toggle_role`);
    const badTag = await submit(`cmpe:act:${id}:send_message`, {
      text: "Hi {user.mentoin}",
      target: "private",
    });
    expect(text(badTag)).toContain("Did you mean {user.mention}?");
    const added = await submit(`cmpe:act:${id}:toggle_role`, { role: "@Member" });
    expect(text(added)).toContain(`Toggle <@&${roles.Member}>`);
    const done = await click(`cmpe:done:${id}`);
    expect(text(done)).toContain(`Posted it in <#${channels["self-roles"]}>`);

    const posted = await lastIn(channels["self-roles"] ?? "");
    const payload = JSON.parse(posted.payload ?? "{}");
    expect(payload.components[0][0]).toMatchObject({
      type: "button",
      customId: `cmp:${id}`,
      label: "Verify",
    });
    const member = roles.Member ?? "";
    const before = await hasRole(member);
    const first = await click(`cmp:${id}`, memberId, posted.id);
    expect(first[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(await hasRole(member)).toBe(!before);
    await click(`cmp:${id}`, memberId, posted.id);
    expect(await hasRole(member)).toBe(before);
  });

  it("Post in… posts a component created without a channel, only where the editor can post", async () => {
    await run("create", { type: "button", name: "no-channel" });
    const id = await idOf("no-channel");
    const early = await submit(`cmpe:post:${id}`, { channel: "#general" });
    expect(text(early)).toContain("Not finished yet");
    await submit(`cmpe:act:${id}:send_message`, { text: "Hello {user.mention}", target: "private" });
    const form = await click(`cmpe:post:${id}`);
    expect(form[0]?.modal?.fields.map((f) => f.customId)).toEqual(["channel"]);
    const nowhere = await submit(`cmpe:post:${id}`, { channel: "#nowhere" });
    expect(text(nowhere)).toContain('No channel \\"#nowhere\\"');
    const posted = await submit(`cmpe:post:${id}`, { channel: "#general" });
    expect(text(posted)).toContain(`Posted **no-channel** in <#${channels.general}>`);
    const message = await lastIn(channels.general ?? "");
    expect(JSON.parse(message.payload ?? "{}").components[0][0]).toMatchObject({ customId: `cmp:${id}` });
    expect(await listPosted(test.ctx.storage.db, id)).toHaveLength(1);
    // A management-role member who can't write in #rules can't post there through Hearth either.
    await run("edit", { manager_role: roles["Events Ping"] ?? "" });
    await test.ctx.discord.addMemberRole(demoGuildId, memberId, roles["Events Ping"] ?? "");
    try {
      const refused = await submit(`cmpe:post:${id}`, { channel: "#rules" }, memberId);
      expect(text(refused)).toContain(`You can't post in <#${channels.rules}> yourself`);
      expect(await listPosted(test.ctx.storage.db, id)).toHaveLength(1);
    } finally {
      await test.ctx.discord.removeMemberRole(demoGuildId, memberId, roles["Events Ping"] ?? "");
      await run("edit", { manager_role: demoGuildId });
    }
  });

  it("admin commands and builder clicks are refused without Manage Server or the management role", async () => {
    const refused = await run("create", { type: "button", name: "nope" }, memberId);
    expect(text(refused)).toContain("Manage Server (or this server's component management role)");
    const id = await idOf("verify");
    const builder = await click(`cmpe:look:${id}`, memberId);
    expect(builder[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(text(builder)).toContain("component management role");
    const setByMember = await run("edit", { manager_role: roles["Events Ping"] ?? "" }, memberId);
    expect(text(setByMember)).toContain("Manage Server");
    const set = await run("edit", { manager_role: roles["Events Ping"] ?? "" });
    expect(text(set)).toContain(`<@&${roles["Events Ping"]}>`);
    await test.ctx.discord.addMemberRole(demoGuildId, memberId, roles["Events Ping"] ?? "");
    const allowed = await run("create", { type: "button", name: "by-manager" }, memberId);
    expect(text(allowed)).toContain("Created **by-manager**");
    const cannotChangeRole = await run("edit", { manager_role: demoGuildId }, memberId);
    expect(text(cannotChangeRole)).toContain("Only members with Manage Server");
    const cleared = await run("edit", { manager_role: demoGuildId });
    expect(text(cleared)).toContain("Cleared");
    expect(text(await run("edit", {}))).toContain("Name the **component**");
  });

  it("a select menu runs the chosen option's actions", async () => {
    await run("create", { type: "select", name: "pings", channel: channels["self-roles"] ?? "" });
    const id = await idOf("pings");
    await submit(`cmpe:option:${id}`, {
      label: "Giveaways",
      value: "gw",
      description: "Giveaway pings",
      emoji: "🎉",
    });
    await submit(`cmpe:option:${id}`, { label: "Rules" });
    await submit(`cmpe:act:${id}:give_role`, { option: "gw", role: "Giveaway Ping" });
    await submit(`cmpe:act:${id}:send_message`, {
      option: "rules",
      text: "Read <#1> please, {user.mention}",
      target: "private",
    });
    const done = await click(`cmpe:done:${id}`);
    expect(text(done)).toContain("Posted it");
    const posted = await lastIn(channels["self-roles"] ?? "");
    const menu = JSON.parse(posted.payload ?? "{}").components[0][0];
    expect(menu).toMatchObject({ type: "select", customId: `cmp:${id}` });
    expect(menu.options.map((o: { value: string }) => o.value)).toEqual(["gw", "rules"]);
    const ping = roles["Giveaway Ping"] ?? "";
    if (await hasRole(ping)) await test.ctx.discord.removeMemberRole(demoGuildId, memberId, ping);
    const gave = await choose(`cmp:${id}`, ["gw"], memberId, posted.id);
    expect(text(gave)).toContain("Gave you");
    expect(await hasRole(ping)).toBe(true);
    const rules = await choose(`cmp:${id}`, ["rules"], memberId, posted.id);
    expect(rules[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(text(rules)).toContain(`Read <#1> please, <@${memberId}>`);
  });

  it("a form: the posted button opens it, the answers are posted, a button elsewhere can open it too", async () => {
    await run("create", { type: "form", name: "apply", channel: channels.welcome ?? "" });
    const id = await idOf("apply");
    await submit(`cmpe:look:${id}`, {
      label: "Apply for staff",
      style: "primary",
      title: "Staff application",
    });
    const addField = await click(`cmpe:field:${id}`);
    expect(addField[0]?.modal?.fields.map((f) => f.customId)).toEqual([
      "label",
      "placeholder",
      "style",
      "required",
      "length",
    ]);
    await submit(`cmpe:field:${id}`, {
      label: "Your age",
      placeholder: "In years",
      style: "short",
      required: "yes",
      length: "-3",
    });
    await submit(`cmpe:field:${id}`, { label: "Why you?", style: "paragraph", required: "yes" });
    const bad = await submit(`cmpe:field:${id}`, { label: "Oops", style: "wide" });
    expect(text(bad)).toContain("The field style must be");
    const tooLong = await submit(`cmpe:field:${id}`, { label: "Oops", placeholder: "x".repeat(101) });
    expect(text(tooLong)).toContain("The field placeholder is 101 characters; Discord's limit is 100.");

    // Edit a field…: the form comes pre-filled, and saving keeps the field's id and place.
    const edit = await choose(`cmpe:editfield:${id}`, ["f2"]);
    expect(edit[0]?.modal?.customId).toBe(`cmpe:field:${id}:f2`);
    expect(edit[0]?.modal?.fields).toMatchObject([
      { customId: "label", value: "Why you?" },
      { customId: "placeholder", value: "" },
      { customId: "style", value: "paragraph" },
      { customId: "required", value: "yes" },
      { customId: "length", value: "" },
    ]);
    const edited = await submit(`cmpe:field:${id}:f2`, {
      label: "Why you?",
      placeholder: "Tell us what you'd bring to the team",
      style: "paragraph",
      required: "yes",
      length: "20-1000",
    });
    expect(text(edited)).toContain("Field saved");
    const [editFirst] = await choose(`cmpe:editfield:${id}`, ["f1"]);
    expect(editFirst?.modal?.fields).toMatchObject([
      { value: "Your age" },
      { value: "In years" },
      { value: "short" },
      { value: "yes" },
      { value: "-3" },
    ]);
    expect(text(await choose(`cmpe:editfield:${id}`, ["f9"]))).toContain("That field was removed");
    await submit(`cmpe:act:${id}:post_answers`, { channel: "#staff-chat" });
    await click(`cmpe:done:${id}`);
    const posted = await lastIn(channels.welcome ?? "");
    const opened = await click(`cmp:${id}`, memberId, posted.id);
    expect(opened[0]).toMatchObject({ type: "modal" });
    expect(opened[0]?.modal).toMatchObject({ customId: `cmp:${id}`, title: "Staff application" });
    expect(opened[0]?.modal?.fields).toEqual([
      {
        customId: "f1",
        label: "Your age",
        style: "short",
        required: true,
        maxLength: 3,
        placeholder: "In years",
      },
      {
        customId: "f2",
        label: "Why you?",
        style: "paragraph",
        required: true,
        minLength: 20,
        maxLength: 1000,
        placeholder: "Tell us what you'd bring to the team",
      },
    ]);
    const sentIn = await submit(
      `cmp:${id}`,
      { f1: "19", f2: "I know the rules and like helping" },
      memberId,
      posted.id,
    );
    expect(text(sentIn)).toContain(`Sent your answers to <#${channels["staff-chat"]}>`);
    const answers = JSON.parse((await lastIn(channels["staff-chat"] ?? "")).payload ?? "{}");
    expect(answers.embeds[0].fields).toEqual([
      { name: "Your age", value: "19" },
      { name: "Why you?", value: "I know the rules and like helping" },
    ]);

    await run("create", { type: "button", name: "open-apply", channel: channels.general ?? "" });
    const opener = await idOf("open-apply");
    await submit(`cmpe:act:${opener}:open_form`, { form: "apply" });
    const second = await submit(`cmpe:act:${opener}:give_role`, { role: "Member" });
    expect(text(second)).toContain("opens a form");
    await click(`cmpe:done:${opener}`);
    const openerMessage = await lastIn(channels.general ?? "");
    const viaOpener = await click(`cmp:${opener}`, memberId, openerMessage.id);
    expect(viaOpener[0]?.modal?.customId).toBe(`cmp:${id}`);
  });

  it("edit updates the posted copies; test posts a private preview that runs on the tester", async () => {
    const id = await idOf("verify");
    const [panel] = await run("edit", { component: "VERIFY" });
    expect(text([panel as SandboxInteractionResponse])).toContain("Editing");
    await submit(`cmpe:look:${id}`, { label: "I agree", emoji: "🤝", style: "primary" });
    const [copy] = await listPosted(test.ctx.storage.db, id);
    const stored = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("id", "=", copy?.messageId ?? "")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload ?? "{}").components[0][0]).toMatchObject({
      label: "I agree",
      emoji: "🤝",
    });

    const [preview] = await run("test", { component: id });
    expect(preview).toMatchObject({ type: "reply", ephemeral: true });
    expect(preview?.message?.content).toContain("runs its actions **on you**");
    expect(preview?.message?.components?.[0]?.[0]).toMatchObject({ customId: `cmp:${id}:test` });
    const member = roles.Member ?? "";
    const before = await hasRole(member, demoOwnerId);
    const tried = await click(`cmp:${id}:test`);
    expect(text(tried)).toContain("Test run");
    expect(await hasRole(member, demoOwnerId)).toBe(!before);
    const unfinished = await run("create", { type: "select", name: "empty" });
    expect(unfinished[0]).toMatchObject({ ephemeral: true });
    expect(text(await run("test", { component: "empty" }))).toContain("Add at least one option");
  });

  it("the Remove menu pages through more than 25 items with Previous and Next", async () => {
    await run("create", { type: "select", name: "many" });
    const id = await idOf("many");
    let panel: SandboxInteractionResponse[] = [];
    for (let n = 1; n <= 25; n++) {
      await submit(`cmpe:option:${id}`, { label: `Choice ${n}` });
      panel = await submit(`cmpe:act:${id}:send_message`, { option: `Choice ${n}`, text: `Picked ${n}` });
    }
    const rows = (responses: SandboxInteractionResponse[]) => responses[0]?.message?.components ?? [];
    const removeMenu = (responses: SandboxInteractionResponse[]) =>
      rows(responses)
        .flat()
        .find((c) => c.type === "select" && c.customId.startsWith(`cmpe:remove:${id}`));
    // 25 option actions and 25 options: two pages of 25.
    expect(removeMenu(panel)).toMatchObject({
      customId: `cmpe:remove:${id}:0`,
      placeholder: "Remove… (page 1 of 2)",
    });
    const firstPage = removeMenu(panel);
    const digest = /:[0-9a-f]{10}$/;
    const firstValues = firstPage?.type === "select" ? firstPage.options.map((o) => o.value) : [];
    for (const value of firstValues) expect(value).toMatch(digest);
    expect(firstValues.map((value) => value.replace(digest, ""))).toEqual(
      Array.from({ length: 25 }, (_, i) => `a:${i}:0`),
    );
    expect(rows(panel).at(-1)).toMatchObject([
      { type: "button", label: "Previous", customId: `cmpe:page:${id}:0`, disabled: true },
      { type: "button", label: "Next", customId: `cmpe:page:${id}:1`, disabled: false },
    ]);
    const next = await click(`cmpe:page:${id}:1`);
    expect(next[0]).toMatchObject({ type: "update" });
    const secondPage = removeMenu(next);
    expect(secondPage).toMatchObject({
      customId: `cmpe:remove:${id}:1`,
      placeholder: "Remove… (page 2 of 2)",
    });
    const lastOption = secondPage?.type === "select" ? secondPage.options.at(-1) : undefined;
    expect(lastOption).toEqual({
      label: "Option: Choice 25",
      value: expect.stringMatching(/^o:24:[0-9a-f]{10}$/),
    });
    expect(rows(next).at(-1)).toMatchObject([
      { label: "Previous", customId: `cmpe:page:${id}:0`, disabled: false },
      { label: "Next", customId: `cmpe:page:${id}:1`, disabled: true },
    ]);
    // Removing from page 2 reaches the 50th item and keeps the panel on page 2.
    const removed = await choose(`cmpe:remove:${id}:1`, [lastOption?.value ?? ""]);
    expect(text(removed)).toContain("Removed");
    expect(removeMenu(removed)).toMatchObject({
      customId: `cmpe:remove:${id}:1`,
      placeholder: "Remove… (page 2 of 2)",
    });
    const stored = await findComponent(test.ctx.storage.db, demoGuildId, "many");
    expect(stored?.definition.options.map((o) => o.label)).toEqual(
      Array.from({ length: 24 }, (_, i) => `Choice ${i + 1}`),
    );
    // A page number past the end shows the last page.
    expect(removeMenu(await click(`cmpe:page:${id}:7`))).toMatchObject({ customId: `cmpe:remove:${id}:1` });
    const back = await click(`cmpe:page:${id}:0`);
    expect(removeMenu(back)).toMatchObject({ customId: `cmpe:remove:${id}:0` });
  });

  it("a pick from a Remove menu another admin made outdated removes nothing and redraws the panel", async () => {
    await run("create", { type: "button", name: "shared" });
    const id = await idOf("shared");
    let panel: SandboxInteractionResponse[] = [];
    for (const role of ["Member", "Silver", "Gold"]) {
      panel = await submit(`cmpe:act:${id}:give_role`, { role });
    }
    const menu = panel[0]?.message?.components
      ?.flat()
      .find((c) => c.type === "select" && c.customId.startsWith(`cmpe:remove:${id}`));
    const values = menu?.type === "select" ? menu.options.map((o) => o.value) : [];
    expect(values).toHaveLength(3);
    // Both admins hold this menu; the first removes Member, the second then picks Silver from it.
    expect(text(await choose(`cmpe:remove:${id}:0`, [values[0] ?? ""]))).toContain("Removed");
    const stale = await choose(`cmpe:remove:${id}:0`, [values[1] ?? ""]);
    expect(stale[0]).toMatchObject({ type: "update" });
    expect(text(stale)).toContain("That item changed since this menu was shown; here is the current list.");
    const stored = await findComponent(test.ctx.storage.db, demoGuildId, "shared");
    expect(stored?.definition.actions).toEqual([
      { kind: "give_role", roleId: roles.Silver },
      { kind: "give_role", roleId: roles.Gold },
    ]);
    // The redrawn menu lists what is there now.
    const redrawn = stale[0]?.message?.components
      ?.flat()
      .find((c) => c.type === "select" && c.customId.startsWith(`cmpe:remove:${id}`));
    expect(redrawn?.type === "select" && redrawn.options.map((o) => o.label)).toEqual([
      "Action 1: Give a role",
      "Action 2: Give a role",
    ]);
  });

  it("keeps working after a restart: a new bot over the same database runs the stored actions", async () => {
    const id = await idOf("verify");
    const [copy] = await listPosted(test.ctx.storage.db, id);
    await bot.stop();
    bot = await startBot();
    const member = roles.Member ?? "";
    const before = await hasRole(member);
    const clicked = await click(`cmp:${id}`, memberId, copy?.messageId ?? "");
    expect(clicked[0]).toMatchObject({ ephemeral: true });
    expect(await hasRole(member)).toBe(!before);
  });

  it("delete asks first; the posted copy loses the component and old clicks answer it was deleted", async () => {
    const id = await idOf("verify");
    const [copy] = await listPosted(test.ctx.storage.db, id);
    const [ask] = await run("delete", { component: "verify" });
    expect(ask?.message?.content).toContain("removed from 1 posted message");
    expect(JSON.stringify(ask)).toContain(`cmpe:delete:${id}`);
    const kept = await click(`cmpe:keep:${id}`);
    expect(text(kept)).toContain("Kept");
    expect(await idOf("verify")).toBe(id);
    const deleted = await click(`cmpe:delete:${id}`);
    expect(text(deleted)).toContain("Removed it from 1 posted message");
    expect(await idOf("verify")).toBe("");
    const stripped = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("id", "=", copy?.messageId ?? "")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stripped.payload ?? "{}").components).toEqual([]);
    const old = await click(`cmp:${id}`, memberId, copy?.messageId ?? "");
    expect(old[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(text(old)).toContain("This component was deleted.");
    expect(text(await run("delete", { component: "verify" }))).toContain("No component named");
  });

  it("a deleted posted message is forgotten", async () => {
    const id = await idOf("pings");
    const [copy] = await listPosted(test.ctx.storage.db, id);
    await test.sandbox.simulateMessageDelete(copy?.channelId ?? "", copy?.messageId ?? "");
    expect(await listPosted(test.ctx.storage.db, id)).toEqual([]);
  });
});
