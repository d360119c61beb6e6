import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import type { OptionValue } from "../../discord/port/interaction.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { perksBot } from "./commands.ts";
import { panelIds } from "./panel.ts";
import { findMember, listTiers } from "./store.ts";
import { memberKeywords } from "./store-personal.ts";

let test: TestContext;
let bot: Bot;
let roles: Record<string, string>;
let channels: Record<string, string>;
let member: string;
let friend: string;

type Responses = Awaited<ReturnType<TestContext["sandbox"]["simulateCommand"]>>;
const text = (responses: Responses) => JSON.stringify(responses);

const admin = (subcommand: string, options: Record<string, OptionValue> = {}, userId = demoOwnerId) =>
  test.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "perks-admin", subcommand, options });

/** Ephemeral replies aren't stored by the sandbox: host the buttons on a message of the channel. */
const host = async () =>
  (await test.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "panel" })).id;

const click = async (customId: string, userId: string) =>
  test.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: await host(), customId });

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(bot, test.ctx, perksBot.commands?.(test.ctx) ?? []);
  perksBot.listeners?.(bot, test.ctx);
  await bot.start();
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  roles.VIP = (await test.ctx.discord.createRole(demoGuildId, { name: "VIP" })).id;
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .where("roles", "not like", `%${roles.Moderator}%`)
    .where("roles", "not like", `%${roles.Admin}%`)
    .where("roles", "not like", `%${roles["Grinder Manager"]}%`)
    .orderBy("user_id")
    .limit(2)
    .execute();
  member = rows[0]?.user_id ?? "";
  friend = rows[1]?.user_id ?? "";
});
afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("/perks-admin", () => {
  it("create needs Administrator or Manage Server, then shows the tier", async () => {
    const refused = await admin("create", { name: "VIP", role: roles.VIP ?? "" }, member);
    expect(refused[0]).toMatchObject({ ephemeral: true });
    expect(text(refused)).toContain("Administrator or Manage Server");
    const created = await admin("create", {
      name: "VIP",
      role: roles.VIP ?? "",
      emojis: 4,
      channel_members: 10,
      role_members: 5,
      responders: 3,
    });
    expect(text(created)).toContain("Perk tier created");
    expect(text(created)).toContain("channel 10 members");
    const duplicate = await admin("create", { name: "vip", role: roles["Events Ping"] ?? "" });
    expect(text(duplicate)).toContain("already a tier called **VIP**");
  });

  it("edit, list and settings", async () => {
    expect(text(await admin("edit", { tier: "vip", emojis: 5, name: "V.I.P." }))).toContain("5 emojis");
    const list = await admin("list");
    expect(text(list)).toContain("V.I.P.");
    expect(text(list)).toContain("Auto-cleanup of expired channels and roles: off");
    expect(text(await admin("settings", { auto_cleanup: true }))).toContain("Auto-cleanup is on");
    expect(text(await admin("settings"))).toContain("Auto-cleanup is on");
  });

  it("delete asks first; only an admin's click deletes", async () => {
    await admin("create", { name: "Temp", role: roles["Events Ping"] ?? "" });
    const ask = await admin("delete", { tier: "temp" });
    expect(text(ask)).toContain("can't be undone");
    const tierId = (await listTiers(test.ctx.storage.db, demoGuildId)).find((t) => t.name === "Temp")?.id;
    const customId = `perks:tier-delete:${tierId}`;
    expect(text(ask)).toContain(customId);
    expect(text(await click(customId, member))).toContain("Administrator or Manage Server");
    expect(text(await click(customId, demoOwnerId))).toContain("Tier deleted");
    expect((await listTiers(test.ctx.storage.db, demoGuildId)).map((t) => t.name)).toEqual(["V.I.P."]);
    expect(text(await click("perks:cancel", demoOwnerId))).toContain("nothing was changed");
  });
});

describe("/perks and /afk", () => {
  it("/perks explains the perk roles to a member without one", async () => {
    const replies = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: member,
      name: "perks",
    });
    expect(replies[0]).toMatchObject({ ephemeral: true });
    expect(text(replies)).toContain("Roles with perks here");
  });

  it("opens a private panel whose buttons open forms that change the perks", async () => {
    await test.ctx.discord.addMemberRole(demoGuildId, member, roles.VIP ?? "");
    const panel = await test.sandbox.simulateCommand({ guildId: demoGuildId, userId: member, name: "perks" });
    expect(panel[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(text(panel)).toContain("Your perks");
    expect(text(panel)).toContain("Auto-reactions (0/5)");

    const form = await click(panelIds.keywords, member);
    expect(form[0]).toMatchObject({ type: "modal", modal: { customId: "perks:m:keywords" } });
    const saved = await test.sandbox.simulateModal({
      guildId: demoGuildId,
      userId: member,
      customId: "perks:m:keywords",
      fields: { keywords: "Raid Night\nlore" },
      messageId: await host(),
    });
    expect(saved[0]).toMatchObject({ type: "update" });
    expect(text(saved)).toContain("2 highlight keywords saved");
    expect(await memberKeywords(test.ctx.storage.db, demoGuildId, member)).toEqual(["raid night", "lore"]);

    const tooLong = await test.sandbox.simulateModal({
      guildId: demoGuildId,
      userId: member,
      customId: "perks:m:keywords",
      fields: { keywords: "x".repeat(31) },
      channelId: channels["bot-commands"] ?? "",
    });
    expect(tooLong[0]).toMatchObject({ ephemeral: true });
    expect(text(tooLong)).toContain("1–30 characters");

    const channel = await test.sandbox.simulateModal({
      guildId: demoGuildId,
      userId: member,
      customId: "perks:m:channel",
      fields: { name: "Cosy Corner", members: `<@${friend}>` },
      channelId: channels["bot-commands"] ?? "",
    });
    expect(text(channel)).toContain("Created <#");
    const stored = await findMember(test.ctx.storage.db, demoGuildId, member);
    expect(stored?.channelMembers).toEqual([friend]);
  });

  it("/perks member: offers to add or remove that member", async () => {
    const panel = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: member,
      name: "perks",
      options: { member: friend },
    });
    expect(text(panel)).toContain(`perks:t:channel-remove:${friend}`);
    const removed = await click(`perks:t:channel-remove:${friend}`, member);
    expect(text(removed)).toContain(`Removed <@${friend}> from your channel`);
    expect((await findMember(test.ctx.storage.db, demoGuildId, member))?.channelMembers).toEqual([]);
  });

  it("Delete channel and Delete role ask first; only the second click deletes", async () => {
    const channelId = (await findMember(test.ctx.storage.db, demoGuildId, member))?.channelId ?? "";
    const ask = await click(panelIds.channelDelete, member);
    expect(ask[0]).toMatchObject({ type: "update" });
    expect(text(ask)).toContain(`Delete your private channel <#${channelId}>?`);
    expect(text(ask)).toContain(`${panelIds.confirmDelete}channel`);
    expect(text(await click(panelIds.back, member))).toContain("Nothing was deleted");
    expect(await test.ctx.discord.getChannel(channelId)).not.toBeNull();

    const made = await test.sandbox.simulateModal({
      guildId: demoGuildId,
      userId: member,
      customId: "perks:m:role",
      fields: { name: "Starlight", colour: "#38BDF8", members: "" },
      channelId: channels["bot-commands"] ?? "",
    });
    expect(text(made)).toContain("Created <@&");
    const roleId = (await findMember(test.ctx.storage.db, demoGuildId, member))?.roleId ?? "";
    expect(text(await click(panelIds.roleDelete, member))).toContain(
      `Delete your private role <@&${roleId}>?`,
    );
    expect((await test.ctx.discord.listRoles(demoGuildId)).some((r) => r.id === roleId)).toBe(true);
    expect(text(await click(`${panelIds.confirmDelete}role`, member))).toContain("Deleted your private role");
    expect((await test.ctx.discord.listRoles(demoGuildId)).some((r) => r.id === roleId)).toBe(false);
  });

  it("/afk sets a public note", async () => {
    const replies = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: member,
      name: "afk",
      options: { message: "Dinner" },
    });
    expect(replies[0]).toMatchObject({ type: "reply", ephemeral: false });
    expect(text(replies)).toContain("is now AFK: Dinner");
  });

  it("deleteuser asks first; the click removes the channel and everything else", async () => {
    const channelId = (await findMember(test.ctx.storage.db, demoGuildId, member))?.channelId ?? "";
    const ask = await admin("deleteuser", { user: member });
    expect(text(ask)).toContain(`perks:user-delete:${member}`);
    const done = await click(`perks:user-delete:${member}`, demoOwnerId);
    expect(text(done)).toContain("including their private channel");
    expect(await test.ctx.discord.getChannel(channelId)).toBeNull();
    expect(await memberKeywords(test.ctx.storage.db, demoGuildId, member)).toEqual([]);
  });
});
