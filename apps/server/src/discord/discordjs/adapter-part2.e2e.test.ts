import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { settle } from "../../../test/stand-in-bot.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { createLogger } from "../../lib/logger.ts";
import type { BotEventMap, BotEventName } from "../port/events.ts";
import type { ModalData, SelectData } from "../port/interaction.ts";
import { DiscordJsAdapter } from "./adapter.ts";

// Bot part 2 through the real discord.js client and the Discord stand-in: the new REST methods
// (channels with overwrites, roles, emojis, messages read back, reactions), the new gateway events
// (reactions, deletions, role and channel changes, richer messages) and the new interaction kinds
// (string selects, forms, attachment options).

const logger = createLogger({ logLevel: "silent" });
let standIn: DiscordStandIn;
let test: TestStorage;
/** With the gateway (the bot role): reads answer from discord.js's cache. */
let adapter: DiscordJsAdapter;
/** Without the gateway (an api process): every read goes to REST. */
let rest: DiscordJsAdapter;
let bot: Bot;
let guild: StoredGuild;
let channelId: string;
let alice: StoredUser;
let bob: StoredUser;
let memberRoleId: string;

/** Every occurrence of a bot event from now on. */
function record<K extends BotEventName>(name: K): BotEventMap[K][] {
  const seen: BotEventMap[K][] = [];
  adapter.events.on(name, (payload) => {
    seen.push(payload);
  });
  return seen;
}

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Reaction Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  alice = standIn.state.addUser({ username: "alice" });
  bob = standIn.state.addUser({ username: "bob" });
  memberRoleId = standIn.state.addRole(guild.id, { name: "Member" }).id;
  standIn.state.addMember(guild.id, alice.id, [memberRoleId]);
  standIn.state.addMember(guild.id, bob.id);

  test = await openTestStorage();
  adapter = new DiscordJsAdapter({ token: standIn.token, apiUrl: standIn.apiUrl, gateway: true, logger });
  rest = new DiscordJsAdapter({ token: standIn.token, apiUrl: standIn.apiUrl, gateway: false, logger });
  bot = createBot({ storage: test.storage, discord: adapter, logger }, adapter);
  await bot.start();
  await adapter.events.idle();
});

// Every body the adapter sent is one Discord accepts (the stand-in refuses the others, as Discord does).
afterEach(() => {
  expect(
    standIn.refusals().map((request) => `${request.method} ${request.path}: ${request.refused?.problems}`),
  ).toEqual([]);
});

afterAll(async () => {
  await bot?.stop();
  await rest?.stop();
  await standIn?.close();
  await test?.cleanup();
});

describe("channels: overwrites and age restriction", () => {
  const everyoneDeny = () => ({ id: guild.id, type: "role" as const, allow: "0", deny: "1024" });

  it("creates a channel with nsfw and permission overwrites, and reads it back from cache and REST", async () => {
    const created = await adapter.createChannel(
      guild.id,
      {
        name: "private-lounge",
        type: 0,
        nsfw: true,
        permissionOverwrites: [everyoneDeny(), { id: alice.id, type: "member", allow: "1024", deny: "0" }],
      },
      "Perk: private channel",
    );
    const post = standIn.find("POST", `/guilds/${guild.id}/channels`).at(-1);
    expect(post?.reason).toBe("Perk: private channel");
    expect(post?.body).toMatchObject({
      name: "private-lounge",
      nsfw: true,
      permission_overwrites: [
        { id: guild.id, type: 0, allow: "0", deny: "1024" },
        { id: alice.id, type: 1, allow: "1024", deny: "0" },
      ],
    });
    const expected = {
      id: created.id,
      guildId: guild.id,
      name: "private-lounge",
      nsfw: true,
      permissionOverwrites: [everyoneDeny(), { id: alice.id, type: "member", allow: "1024", deny: "0" }],
    };
    expect(created).toMatchObject(expected);
    // The gateway heard CHANNEL_CREATE: the bot answers from its cache, an api process over REST.
    const before = standIn.requests.length;
    expect(await adapter.getChannel(created.id)).toMatchObject(expected);
    expect(standIn.requests.length).toBe(before);
    expect(await rest.getChannel(created.id)).toMatchObject(expected);
    expect(standIn.find("GET", `/channels/${created.id}`)).toHaveLength(1);
  });

  it("sets and removes one overwrite (PUT/DELETE channel permissions, type 0 role, 1 member)", async () => {
    const channel = await adapter.createChannel(guild.id, { name: "perk-room", type: 0 });
    await adapter.setChannelPermission(
      channel.id,
      { id: bob.id, type: "member", allow: "3072", deny: "0" },
      "Perk: invite",
    );
    await adapter.setChannelPermission(channel.id, {
      id: memberRoleId,
      type: "role",
      allow: "0",
      deny: "2048",
    });
    const put = standIn.find("PUT", `/channels/${channel.id}/permissions/${bob.id}`)[0];
    expect(put).toMatchObject({ body: { type: 1, allow: "3072", deny: "0" }, reason: "Perk: invite" });
    expect(standIn.find("PUT", `/channels/${channel.id}/permissions/${memberRoleId}`)[0]?.body.type).toBe(0);
    // Replacing an overwrite keeps one per target.
    await adapter.setChannelPermission(channel.id, { id: bob.id, type: "member", allow: "1024", deny: "0" });
    expect((await adapter.getChannel(channel.id))?.permissionOverwrites).toEqual([
      { id: memberRoleId, type: "role", allow: "0", deny: "2048" },
      { id: bob.id, type: "member", allow: "1024", deny: "0" },
    ]);

    await adapter.removeChannelPermission(channel.id, bob.id, "Perk: removed");
    expect(standIn.find("DELETE", `/channels/${channel.id}/permissions/${bob.id}`)[0]?.reason).toBe(
      "Perk: removed",
    );
    expect((await adapter.getChannel(channel.id))?.permissionOverwrites).toEqual([
      { id: memberRoleId, type: "role", allow: "0", deny: "2048" },
    ]);
    expect((await rest.getChannel(channel.id))?.permissionOverwrites).toHaveLength(1);
    expect(
      (await adapter.listChannels(guild.id)).find((c) => c.id === channel.id)?.permissionOverwrites,
    ).toHaveLength(1);
  });

  it("deletes a channel; a missing or DM channel reads as null", async () => {
    const channel = await adapter.createChannel(guild.id, { name: "expired-perk", type: 0 });
    await adapter.deleteChannel(channel.id, "Perk expired");
    expect(standIn.find("DELETE", `/channels/${channel.id}`)[0]?.reason).toBe("Perk expired");
    expect(guild.channels.has(channel.id)).toBe(false);
    expect(await adapter.getChannel(channel.id)).toBeNull();
    expect(await rest.getChannel(channel.id)).toBeNull();
    const dm = await adapter.sendDirectMessage(alice.id, { content: "hi" });
    expect(await rest.getChannel(dm.channelId)).toBeNull();
  });
});

describe("roles and emojis", () => {
  it("creates a mentionable role, edits it and deletes it", async () => {
    const role = await adapter.createRole(guild.id, {
      name: "Perk role",
      color: 0xff0000,
      mentionable: true,
    });
    expect(standIn.find("POST", `/guilds/${guild.id}/roles`).at(-1)?.body).toEqual({
      name: "Perk role",
      color: 0xff0000,
      permissions: "0",
      mentionable: true,
    });
    expect(guild.roles.get(role.id)?.mentionable).toBe(true);

    const edited = await adapter.editRole(
      guild.id,
      role.id,
      { name: "Renamed", color: 0x00ff00 },
      "Perk edit",
    );
    expect(edited).toMatchObject({ id: role.id, name: "Renamed", color: 0x00ff00, permissions: "0" });
    const patch = standIn.find("PATCH", `/guilds/${guild.id}/roles/${role.id}`)[0];
    expect(patch).toMatchObject({ body: { name: "Renamed", color: 0x00ff00 }, reason: "Perk edit" });
    expect(patch?.body).not.toHaveProperty("permissions");
    expect((await adapter.listRoles(guild.id)).find((r) => r.id === role.id)?.name).toBe("Renamed");

    standIn.state.guild(guild.id).members.get(alice.id)?.roles.push(role.id);
    await adapter.deleteRole(guild.id, role.id, "Perk expired");
    expect(standIn.find("DELETE", `/guilds/${guild.id}/roles/${role.id}`)[0]?.reason).toBe("Perk expired");
    expect(guild.members.get(alice.id)?.roles).not.toContain(role.id);
    expect((await adapter.listRoles(guild.id)).some((r) => r.id === role.id)).toBe(false);
    expect(await discordCode(adapter.editRole(guild.id, role.id, { name: "x" }))).toBe("unknown_role");
  });

  it("lists the server's custom emojis over REST", async () => {
    const flame = standIn.addEmoji(guild.id, "flame");
    const party = standIn.addEmoji(guild.id, "party_blob", { animated: true });
    expect(await rest.listEmojis(guild.id)).toEqual([
      { id: flame.id, name: "flame", animated: false },
      { id: party.id, name: "party_blob", animated: true },
    ]);
    expect(standIn.find("GET", `/guilds/${guild.id}/emojis`)).toHaveLength(1);
  });
});

describe("messages and reactions over REST", () => {
  it("reads a message back: content, embeds, attachments, reactions, mentioned roles, author", async () => {
    const posted = await standIn.postMessage({
      channelId,
      authorId: alice.id,
      content: `Look <@&${memberRoleId}>!`,
      attachments: [{ filename: "cat.png", contentType: "image/png" }],
      embeds: [{ title: "Embedded", footer: { text: "foot", icon_url: "https://x/y.png" } }],
    });
    await standIn.addReaction({ channelId, messageId: posted.id, userId: bob.id, emoji: "⭐" });
    await standIn.addReaction({ channelId, messageId: posted.id, userId: alice.id, emoji: "⭐" });
    const message = await rest.getMessage(channelId, posted.id);
    expect(message).toEqual({
      id: posted.id,
      channelId,
      guildId: guild.id,
      author: expect.objectContaining({ id: alice.id, username: "alice" }),
      content: `Look <@&${memberRoleId}>!`,
      embeds: [{ title: "Embedded", footer: { text: "foot", iconUrl: "https://x/y.png" } }],
      attachments: [
        {
          id: expect.any(String),
          url: expect.stringContaining("cat.png"),
          filename: "cat.png",
          contentType: "image/png",
        },
      ],
      reactions: [{ emoji: { id: null, name: "⭐" }, count: 2 }],
      mentionRoleIds: [memberRoleId],
      webhookId: null,
      createdAt: expect.any(Number),
    });
  });

  it("a missing message, or a message in a missing channel, reads as null", async () => {
    expect(await adapter.getMessage(channelId, "123456789012345678")).toBeNull();
    expect(await adapter.getMessage("223456789012345678", "123456789012345678")).toBeNull();
  });

  it("the bot reacts with a unicode or custom emoji; its message reads back with the reactions", async () => {
    const flame = standIn.addEmoji(guild.id, "fire_custom");
    const sent = await adapter.sendMessage(channelId, { content: "React here" });
    await adapter.addReaction(channelId, sent.id, { id: null, name: "👍" });
    await adapter.addReaction(channelId, sent.id, { id: flame.id, name: "fire_custom" });
    expect(standIn.find("PUT", `/channels/${channelId}/messages/${sent.id}/reactions/👍/@me`)).toHaveLength(
      1,
    );
    expect(
      standIn.find("PUT", `/channels/${channelId}/messages/${sent.id}/reactions/fire_custom:${flame.id}/@me`),
    ).toHaveLength(1);
    const back = await adapter.getMessage(channelId, sent.id);
    expect(back?.author.id).toBe(standIn.state.botUser.id);
    expect(back?.reactions).toEqual([
      { emoji: { id: null, name: "👍" }, count: 1 },
      { emoji: { id: flame.id, name: "fire_custom" }, count: 1 },
    ]);
    // Discord refuses a custom emoji it doesn't know.
    await expect(
      adapter.addReaction(channelId, sent.id, { id: "999999999999999999", name: "ghost" }),
    ).rejects.toThrow(/Unknown Emoji/);
  });

  it("lists the users who reacted, 100 a page, up to the limit", async () => {
    const sent = await adapter.sendMessage(channelId, { content: "Starboard me" });
    const ids: string[] = [];
    for (let i = 0; i < 230; i++) {
      const user = standIn.state.addUser({ username: `fan${i}` });
      ids.push(user.id);
      standIn.state.react(standIn.state.messages.get(sent.id) as never, { id: null, name: "⭐" }, user.id);
    }
    const route = `/channels/${channelId}/messages/${sent.id}/reactions/⭐`;
    const all = await adapter.listReactionUsers(channelId, sent.id, { id: null, name: "⭐" });
    expect(all).toEqual(ids);
    const pages = standIn.find("GET", route);
    expect(pages.map((page) => [page.query.get("limit"), page.query.get("after")])).toEqual([
      ["100", null],
      ["100", ids[99]],
      ["100", ids[199]],
    ]);

    const some = await adapter.listReactionUsers(channelId, sent.id, { id: null, name: "⭐" }, 120);
    expect(some).toEqual(ids.slice(0, 120));
    expect(
      standIn
        .find("GET", route)
        .slice(3)
        .map((page) => page.query.get("limit")),
    ).toEqual(["100", "20"]);
    expect(await adapter.listReactionUsers(channelId, sent.id, { id: null, name: "🙃" })).toEqual([]);
  });
});

describe("gateway events", () => {
  it("a reaction burst arrives as reactionAdd events with the member's message author; a repeat is not sent", async () => {
    const adds = record("reactionAdd");
    const removes = record("reactionRemove");
    const flame = standIn.addEmoji(guild.id, "flame_e2e", { animated: true });
    const posted = await standIn.postMessage({ channelId, authorId: alice.id, content: "Star me" });
    const users = [alice, bob];
    for (const user of users) {
      await standIn.addReaction({
        guildId: guild.id,
        channelId,
        messageId: posted.id,
        userId: user.id,
        emoji: "⭐",
      });
    }
    expect(await standIn.addReaction({ channelId, messageId: posted.id, userId: bob.id, emoji: "⭐" })).toBe(
      false,
    );
    await standIn.addReaction({
      channelId,
      messageId: posted.id,
      userId: bob.id,
      emoji: `<a:flame_e2e:${flame.id}>`,
    });
    await standIn.removeReaction({ channelId, messageId: posted.id, userId: bob.id, emoji: "⭐" });
    await settle(standIn, adapter);

    const base = { guildId: guild.id, channelId, messageId: posted.id };
    expect(adds).toEqual([
      { ...base, userId: alice.id, emoji: { id: null, name: "⭐" }, messageAuthorId: alice.id },
      { ...base, userId: bob.id, emoji: { id: null, name: "⭐" }, messageAuthorId: alice.id },
      {
        ...base,
        userId: bob.id,
        emoji: { id: flame.id, name: "flame_e2e", animated: true },
        messageAuthorId: alice.id,
      },
    ]);
    expect(removes).toEqual([
      { ...base, userId: bob.id, emoji: { id: null, name: "⭐" }, messageAuthorId: null },
    ]);
    expect((await adapter.getMessage(channelId, posted.id))?.reactions).toEqual([
      { emoji: { id: null, name: "⭐" }, count: 1 },
      { emoji: { id: flame.id, name: "flame_e2e", animated: true }, count: 1 },
    ]);
  });

  it("clearing reactions (all, or one emoji) is reactionClear", async () => {
    const clears = record("reactionClear");
    const posted = await standIn.postMessage({ channelId, authorId: bob.id, content: "clear me" });
    await standIn.addReaction({ channelId, messageId: posted.id, userId: alice.id, emoji: "⭐" });
    await standIn.addReaction({ channelId, messageId: posted.id, userId: alice.id, emoji: "💀" });
    await standIn.clearReactions({ channelId, messageId: posted.id, emoji: "💀" });
    expect((await adapter.getMessage(channelId, posted.id))?.reactions).toHaveLength(1);
    await standIn.clearReactions({ channelId, messageId: posted.id });
    await settle(standIn, adapter);
    const base = { guildId: guild.id, channelId, messageId: posted.id };
    expect(clears).toEqual([
      { ...base, emoji: { id: null, name: "💀" } },
      { ...base, emoji: null },
    ]);
    expect((await adapter.getMessage(channelId, posted.id))?.reactions).toEqual([]);
  });

  it("a message carries its content, the author's roles, the mentioned users and attachments", async () => {
    const messages = record("messageCreate");
    await standIn.postMessage({
      channelId,
      authorId: alice.id,
      content: `hey <@${bob.id}> and <@!${standIn.state.botUser.id}>`,
      attachments: [{ filename: "notes.txt", contentType: "text/plain" }],
      mentions: [guild.ownerId],
    });
    await standIn.postMessage({ channelId, authorId: bob.id, content: "via hook", webhookId: "5550001" });
    await settle(standIn, adapter);
    expect(messages[0]).toMatchObject({
      channelId,
      guildId: guild.id,
      author: { id: alice.id },
      content: `hey <@${bob.id}> and <@!${standIn.state.botUser.id}>`,
      memberRoleIds: [memberRoleId],
      mentionUserIds: [bob.id, standIn.state.botUser.id, guild.ownerId],
      attachments: [
        { filename: "notes.txt", contentType: "text/plain", url: expect.stringContaining("notes.txt") },
      ],
      webhookId: null,
    });
    // A webhook's message has no member behind it.
    expect(messages[1]).toMatchObject({ memberRoleIds: null, webhookId: "5550001", mentionUserIds: [] });
  });

  it("message deletions, one or in bulk, are messageDelete events", async () => {
    const deletes = record("messageDelete");
    const one = await standIn.postMessage({ channelId, authorId: alice.id, content: "1" });
    const two = await standIn.postMessage({ channelId, authorId: alice.id, content: "2" });
    const three = await standIn.postMessage({ channelId, authorId: alice.id, content: "3" });
    await standIn.deleteMessage({ channelId, messageId: one.id });
    await standIn.deleteMessages({ channelId, messageIds: [two.id, three.id] });
    await settle(standIn, adapter);
    expect(deletes).toEqual(
      [one, two, three].map((m) => ({ guildId: guild.id, channelId, messageId: m.id })),
    );
    expect(await adapter.getMessage(channelId, one.id)).toBeNull();
  });

  it("a role gaining a permission is roleUpdate (and the cached roles follow); deletions are heard", async () => {
    const updates = record("roleUpdate");
    const roleDeletes = record("roleDelete");
    const channelDeletes = record("channelDelete");
    const role = standIn.state.addRole(guild.id, { name: "Self role", permissions: "0" });
    await standIn.dispatch("GUILD_ROLE_CREATE", { guild_id: guild.id, role });
    await standIn.updateRole(guild.id, role.id, { permissions: "8" });
    await settle(standIn, adapter);
    expect(updates).toEqual([
      {
        id: role.id,
        guildId: guild.id,
        name: "Self role",
        color: 0,
        position: role.position,
        permissions: "8",
        managed: false,
      },
    ]);
    expect((await adapter.listRoles(guild.id)).find((r) => r.id === role.id)?.permissions).toBe("8");

    await standIn.deleteRole(guild.id, role.id);
    const doomed = standIn.state.addChannel(guild.id, { name: "doomed", type: 0 });
    await standIn.deleteChannel(doomed.id);
    await settle(standIn, adapter);
    expect(roleDeletes).toEqual([{ guildId: guild.id, roleId: role.id }]);
    expect(channelDeletes).toEqual([{ guildId: guild.id, channelId: doomed.id }]);
  });

  it("a member's roles changing is memberUpdate", async () => {
    const updates = record("memberUpdate");
    await standIn.updateMember(guild.id, bob.id, { roles: [memberRoleId] });
    await settle(standIn, adapter);
    expect(updates.at(-1)).toMatchObject({
      guildId: guild.id,
      user: { id: bob.id },
      roleIds: [memberRoleId],
    });
  });
});

describe("interactions: selects, forms, attachments", () => {
  it("a string select reaches onSelect with its values; a deferral is a deferred update (type 6)", async () => {
    const picks: SelectData[] = [];
    bot.onSelect("roles:pick", async (interaction) => {
      picks.push(interaction.data);
      if (interaction.data.values.includes("slow")) return interaction.defer();
      await interaction.update({ content: `Picked ${interaction.data.values.join(", ")}` });
    });
    const sent = await adapter.sendMessage(channelId, {
      content: "Pick roles",
      components: [
        [
          {
            type: "select",
            customId: "roles:pick",
            maxValues: 2,
            options: [
              { label: "Red", value: "red", default: true },
              { label: "Blue", value: "blue" },
              { label: "Slow", value: "slow" },
            ],
          },
        ],
      ],
    });
    const stored = standIn.state.messages.get(sent.id);
    expect(stored?.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: "roles:pick",
            max_values: 2,
            options: [
              { label: "Red", value: "red", default: true },
              { label: "Blue", value: "blue" },
              { label: "Slow", value: "slow" },
            ],
          },
        ],
      },
    ]);

    const { callback } = await standIn.clickSelect({
      guildId: guild.id,
      userId: alice.id,
      messageId: sent.id,
      customId: "roles:pick",
      values: ["red", "blue"],
    });
    expect(picks[0]).toMatchObject({
      kind: "select",
      customId: "roles:pick",
      messageId: sent.id,
      values: ["red", "blue"],
      user: { id: alice.id },
      member: { roleIds: [memberRoleId] },
    });
    expect(callback.body).toMatchObject({ type: 7, data: { content: "Picked red, blue" } });
    expect(standIn.state.messages.get(sent.id)?.content).toBe("Picked red, blue");

    const deferred = await standIn.clickSelect({
      guildId: guild.id,
      userId: alice.id,
      messageId: sent.id,
      customId: "roles:pick",
      values: ["slow"],
    });
    expect(deferred.callback.body).toEqual({ type: 6 });
  });

  it("a button opens a form (type 9); the submitted form reaches onModal with its fields", async () => {
    bot.onButton("embed:edit", (interaction) =>
      interaction.showModal({
        customId: "embed:form",
        title: "Edit the embed",
        fields: [
          { customId: "title", label: "Title", style: "short", required: true, maxLength: 256, value: "Old" },
          {
            customId: "description",
            label: "Description",
            style: "paragraph",
            required: false,
            minLength: 0,
            maxLength: 4000,
            placeholder: "Say something",
          },
        ],
      }),
    );
    const submitted: ModalData[] = [];
    bot.onModal("embed:form", async (interaction) => {
      submitted.push(interaction.data);
      if (interaction.data.messageId)
        await interaction.update({ content: `Title: ${interaction.data.fields.title}` });
      else await interaction.reply("Saved", { ephemeral: true });
    });
    const sent = await adapter.sendMessage(channelId, {
      content: "Embed editor",
      components: [[{ type: "button", style: "primary", label: "Edit", customId: "embed:edit" }]],
    });

    const opened = await standIn.clickButton({
      guildId: guild.id,
      userId: alice.id,
      messageId: sent.id,
      customId: "embed:edit",
    });
    expect(opened.callback.body.type).toBe(9);
    expect(opened.modal).toMatchObject({ custom_id: "embed:form", title: "Edit the embed" });
    expect(opened.modal?.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 4,
            custom_id: "title",
            label: "Title",
            style: 1,
            required: true,
            max_length: 256,
            value: "Old",
          },
        ],
      },
      {
        type: 1,
        components: [
          {
            type: 4,
            custom_id: "description",
            label: "Description",
            style: 2,
            required: false,
            min_length: 0,
            max_length: 4000,
            placeholder: "Say something",
          },
        ],
      },
    ]);
    expect(standIn.modals.at(-1)?.fields.map((field) => field.custom_id)).toEqual(["title", "description"]);

    // Submitted from the message: an update edits that message (type 7).
    const fromMessage = await standIn.submitModal({
      guildId: guild.id,
      userId: alice.id,
      customId: "embed:form",
      messageId: sent.id,
      fields: { title: "New title", description: "Body" },
    });
    expect(submitted[0]).toMatchObject({
      kind: "modal",
      customId: "embed:form",
      messageId: sent.id,
      fields: { title: "New title", description: "Body" },
    });
    expect(fromMessage.callback.body).toMatchObject({ type: 7, data: { content: "Title: New title" } });
    expect(standIn.state.messages.get(sent.id)?.content).toBe("Title: New title");

    // Opened by a command, in Discord's newer label layout: no message; a reply is a new message.
    const fromCommand = await standIn.submitModal({
      guildId: guild.id,
      userId: bob.id,
      customId: "embed:form",
      layout: "label",
      fields: { title: "Label layout" },
    });
    expect(submitted[1]).toMatchObject({ messageId: null, fields: { title: "Label layout" } });
    expect(fromCommand.callback.body).toMatchObject({ type: 4, data: { content: "Saved", flags: 64 } });
  });

  it("a command's attachment option arrives resolved", async () => {
    let seen: unknown = null;
    bot.onCommand("embed", async (interaction) => {
      const id = String(interaction.data.options.file);
      seen = interaction.data.resolved.attachments?.[id];
      await interaction.reply("Imported", { ephemeral: true });
    });
    const { callback } = await standIn.runCommand({
      guildId: guild.id,
      userId: alice.id,
      name: "embed",
      subcommand: "import",
      options: {
        file: { attachment: { filename: "embed.json", contentType: "application/json", size: 2048 } },
      },
    });
    expect(callback.body.type).toBe(4);
    expect(seen).toEqual({
      id: expect.any(String),
      url: expect.stringContaining("embed.json"),
      filename: "embed.json",
      contentType: "application/json",
    });
  });
});

async function discordCode(promise: Promise<unknown>): Promise<string | null> {
  return promise.then(
    () => null,
    (error: { code?: string }) => error.code ?? null,
  );
}
