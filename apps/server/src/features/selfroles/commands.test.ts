import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSelfRoleFixture, type SelfRoleFixture } from "../../../test/fixtures/selfroles.ts";
import { bindFeatureCommands } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import type { Button, SelectMenu } from "../../discord/port/port.ts";
import { updateSetup } from "../setup/service.ts";
import { selfrolesBot } from "./commands.ts";
import * as roleStore from "./role-store.ts";
import * as store from "./store.ts";

let t: SelfRoleFixture;
let bot: Bot;
let stopListening: (() => void) | undefined;

/** A bot as it comes up after a restart: fresh handlers, nothing in memory but the database. */
async function startBot() {
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, selfrolesBot.commands?.(t.ctx) ?? []);
  stopListening = selfrolesBot.listeners?.(bot, t.ctx);
  await bot.start();
}

const run = (subcommand: string, options: Record<string, string> = {}, userId = t.ownerId) =>
  t.sandbox.simulateCommand({
    guildId: t.serverId,
    userId,
    name: "selfroles",
    subcommand,
    options,
    channelId: t.channels["bot-commands"] ?? "",
  });
const text = (value: unknown) => JSON.stringify(value);

/** The last message the bot posted in a channel (the sandbox keeps them). */
async function lastPosted(channelId: string) {
  const row = await t.ctx.storage.db
    .selectFrom("sandbox_messages")
    .select(["id", "payload"])
    .where("channel_id", "=", channelId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return { id: row.id, ...(JSON.parse(row.payload) as { components?: (Button | SelectMenu)[][] }) };
}

beforeAll(async () => {
  t = await openSelfRoleFixture();
  await startBot();
});
afterAll(async () => {
  stopListening?.();
  await bot.stop();
  await t.cleanup();
});

describe("/selfroles", () => {
  it("whitelist add/view refuses dangerous roles and is for admins only", async () => {
    const refused = await run("whitelist", { action: "add", role: t.role("Admin") });
    expect(refused[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(text(refused)).toContain("Administrator");
    for (const name of ["Red", "Blue", "Green", "Yellow"]) {
      expect(text(await run("whitelist", { action: "add", role: t.role(name) }))).toContain("is whitelisted");
    }
    const view = await run("whitelist", { action: "view" });
    expect(text(view)).toContain(`<@&${t.role("Yellow")}>`);
    const denied = await run("whitelist", { action: "view" }, t.memberId);
    expect(text(denied)).toMatch(/You need Administrator or Manage Server/);
  });

  it("quick posts a panel whose button gives and then takes a role", async () => {
    const channelId = t.channels["self-roles"] ?? "";
    const reply = await run("quick", {
      channel: channelId,
      roles: `🔴 <@&${t.role("Red")}> <@&${t.role("Blue")}>`,
      title: "Colours",
    });
    expect(text(reply)).toContain("Posted the **Colours** panel (2 roles, buttons)");
    const panel = await lastPosted(channelId);
    const red = panel.components?.[0]?.[0] as Button;
    expect(red).toMatchObject({ label: "Red", emoji: "🔴" });
    const click = () =>
      t.sandbox.simulateButton({
        guildId: t.serverId,
        userId: t.memberId,
        messageId: panel.id,
        customId: red.customId ?? "",
      });
    expect(await click()).toMatchObject([
      { type: "reply", ephemeral: true, message: { content: `Added <@&${t.role("Red")}>` } },
    ]);
    expect(await t.memberRoles(t.memberId)).toContain(t.role("Red"));
    expect(await click()).toMatchObject([{ message: { content: `Removed <@&${t.role("Red")}>` } }]);
    expect(await t.memberRoles(t.memberId)).not.toContain(t.role("Red"));

    const bad = await run("quick", { channel: channelId, roles: `<@&${t.role("Admin")}>` });
    expect(text(bad)).toContain("isn't on the whitelist");
  });

  it("create walks through a form, a role menu, the display choice and a preview, then posts", async () => {
    const channelId = t.channels["self-roles"] ?? "";
    const [modal] = await run("create", { channel: channelId });
    expect(modal).toMatchObject({ type: "modal", modal: { customId: `sr:cm:${channelId}` } });
    const [builder] = await t.sandbox.simulateModal({
      guildId: t.serverId,
      userId: t.ownerId,
      customId: modal?.modal?.customId ?? "",
      fields: { name: "Regions", title: "Where are you?", description: "" },
      channelId: t.channels["bot-commands"] ?? "",
    });
    expect(builder).toMatchObject({ type: "reply", ephemeral: true });
    const rows = builder?.message?.components ?? [];
    const menu = rows[0]?.[0] as SelectMenu;
    expect(menu.options.map((o) => o.label)).toEqual(["Red", "Blue", "Green", "Yellow"]);
    // The builder is private: clicks on it arrive with the id of the message it answered.
    const anchor = await t.sandbox.simulateMessage(
      t.channels["bot-commands"] ?? "",
      t.ownerId,
      "/selfroles create",
    );
    const [picked] = await t.sandbox.simulateSelect({
      guildId: t.serverId,
      userId: t.ownerId,
      messageId: anchor.id,
      customId: menu.customId,
      values: [t.role("Green"), t.role("Yellow")],
    });
    expect(picked?.type).toBe("update");
    expect(picked?.message?.embeds?.[0]?.description).toContain(`<@&${t.role("Yellow")}>`);
    const buttons = (picked?.message?.components ?? []).flat() as Button[];
    const dropdown = buttons.find((b) => b.label === "Dropdown")?.customId ?? "";
    const [switched] = await t.sandbox.simulateButton({
      guildId: t.serverId,
      userId: t.ownerId,
      messageId: anchor.id,
      customId: dropdown,
    });
    expect(
      ((switched?.message?.components ?? []).flat() as Button[]).find((b) => b.label === "Dropdown")?.style,
    ).toBe("primary");
    const postId = buttons.find((b) => b.label === "Post panel")?.customId ?? "";
    const someoneElse = await t.sandbox.simulateButton({
      guildId: t.serverId,
      userId: t.memberId,
      messageId: anchor.id,
      customId: postId,
    });
    expect(text(someoneElse)).toContain("Administrator or Manage Server");
    const [posted] = await t.sandbox.simulateButton({
      guildId: t.serverId,
      userId: t.ownerId,
      messageId: anchor.id,
      customId: postId,
    });
    expect(posted?.message?.content).toContain("Posted the **Regions** panel");
    const panel = await lastPosted(channelId);
    const select = panel.components?.[0]?.[0] as SelectMenu;
    expect(select).toMatchObject({ type: "select", minValues: 0, maxValues: 2 });

    const [chosen] = await t.sandbox.simulateSelect({
      guildId: t.serverId,
      userId: t.memberId,
      messageId: panel.id,
      customId: select.customId,
      values: [t.role("Yellow")],
    });
    expect(chosen?.message?.content).toBe(`Added <@&${t.role("Yellow")}>`);
    expect(await t.memberRoles(t.memberId)).toContain(t.role("Yellow"));

    const duplicate = await t.sandbox.simulateModal({
      guildId: t.serverId,
      userId: t.ownerId,
      customId: `sr:cm:${channelId}`,
      fields: { name: "regions" },
      channelId,
    });
    expect(duplicate[0]?.message?.content).toContain('already has a panel named "regions"');
  });

  it("every admin subcommand refuses a member without Administrator or Manage Server", async () => {
    const channel = t.channels["self-roles"] ?? "";
    const attempts: [string, Record<string, string>][] = [
      ["create", { channel }],
      ["quick", { channel, roles: `<@&${t.role("Red")}>` }],
      ["migrate", { message_id: "123456789012345678", channel }],
      ["bind", { panel: "Colours", message_id: "123456789012345678", channel }],
      ["delete", { panel: "Colours" }],
    ];
    for (const [subcommand, options] of attempts) {
      const reply = await run(subcommand, options, t.memberId);
      expect(reply[0]).toMatchObject({ type: "reply", ephemeral: true });
      expect(text(reply)).toMatch(/You need Administrator or Manage Server/);
    }
    expect(await store.findPanelByName(t.ctx.storage.db, t.serverId, "Colours")).not.toBeNull();
  });

  it("list shows panels, their roles and where they are posted, to everyone", async () => {
    const reply = await run("list", {}, t.memberId);
    const body = text(reply);
    expect(body).toContain("Colours · buttons");
    expect(body).toContain("Regions · dropdown");
    expect(body).toContain(`posted in <#${t.channels["self-roles"]}>`);
  });

  it("a role that gains a dangerous permission is blacklisted, and an admin restores it with the button", async () => {
    const logs = t.channels["mod-logs"] ?? "";
    await updateSetup(t.ctx, t.serverId, { logChannelId: logs }, { tokenId: null, userId: t.ownerId });
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Blue"), { permissions: "268435456" });
    await bot.events.idle();
    expect((await roleStore.findRole(t.ctx.storage.db, t.serverId, t.role("Blue")))?.status).toBe(
      "blacklisted",
    );
    const notice = await lastPosted(logs);
    const restore = notice.components?.[0]?.[0] as Button;
    expect(restore).toMatchObject({
      label: "Restore",
      customId: `sr:restore:${t.serverId}:${t.role("Blue")}`,
    });
    const colours = await store.findPanelByName(t.ctx.storage.db, t.serverId, "Colours");
    expect(colours?.roles.map((r) => r.roleId)).toEqual([t.role("Red")]);

    const press = (userId: string) =>
      t.sandbox.simulateButton({
        guildId: t.serverId,
        userId,
        messageId: notice.id,
        customId: restore.customId ?? "",
      });
    expect(text(await press(t.memberId))).toContain("Only members with Administrator or Manage Server");
    expect(text(await press(t.ownerId))).toContain("Not yet");
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Blue"), { permissions: "0" });
    const [done] = await press(t.ownerId);
    expect(done).toMatchObject({ type: "update" });
    expect(done?.message?.content).toContain("back on the whitelist and back on **Colours**");
  });

  it("delete asks first, then removes the panel and its message", async () => {
    const confirm = await run("delete", { panel: "Colours" });
    const [deleteButton] = (confirm[0]?.message?.components?.[0] ?? []) as Button[];
    expect(deleteButton?.label).toBe("Delete panel");
    const anchor = await t.sandbox.simulateMessage(t.channels["bot-commands"] ?? "", t.ownerId, "delete");
    const [done] = await t.sandbox.simulateButton({
      guildId: t.serverId,
      userId: t.ownerId,
      messageId: anchor.id,
      customId: deleteButton?.customId ?? "",
    });
    expect(done?.message?.content).toContain("Deleted the **Colours** panel");
    expect(await store.findPanelByName(t.ctx.storage.db, t.serverId, "Colours")).toBeNull();
    expect((await run("delete", { panel: "Colours" }))[0]?.message?.content).toContain(
      'no panel named "Colours"',
    );
  });

  it("a panel keeps working after a restart: its button is found again by its stored id", async () => {
    const channelId = t.channels["self-roles"] ?? "";
    await run("quick", { channel: channelId, roles: `<@&${t.role("Green")}>`, title: "Survivor" });
    const panel = await lastPosted(channelId);
    const green = (panel.components?.[0]?.[0] as Button | undefined)?.customId ?? "";
    stopListening?.();
    await bot.stop();
    await startBot();
    const holder = t.memberId;
    const before = (await t.memberRoles(holder)).includes(t.role("Green"));
    const answers = await t.sandbox.simulateButton({
      guildId: t.serverId,
      userId: holder,
      messageId: panel.id,
      customId: green,
    });
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer?.message?.content).toBe(`${before ? "Removed" : "Added"} <@&${t.role("Green")}>`);
    expect((await t.memberRoles(holder)).includes(t.role("Green"))).toBe(!before);
  });
});
