import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import type { Storage } from "../../db/database.ts";
import { createLogger } from "../../lib/logger.ts";
import type { BotEventMap, BotEventName } from "../port/events.ts";
import type { Interaction } from "../port/interaction.ts";
import { type Attachment, DiscordError, type DiscordErrorCode, type Modal } from "../port/port.ts";
import { hasPermissions, Permission } from "../roles/permissions.ts";
import { SandboxAdapter } from "./adapter.ts";
import { seedDemoDirectory } from "./demo-seed.ts";
import { demoBotId, demoEmojiNames, demoGuildId, demoMemberCount, demoOwnerId } from "./demo-seed-data.ts";

const sandboxTables = [
  "sandbox_reactions",
  "sandbox_emojis",
  "sandbox_outbox",
  "sandbox_bans",
  "sandbox_messages",
  "sandbox_members",
  "sandbox_roles",
  "sandbox_channels",
  "sandbox_guilds",
  "sandbox_users",
] as const;

const logger = createLogger({ logLevel: "silent" });

/** Back to the freshly seeded demo server; cheaper than a new database per test, and as isolating. */
async function reseed(storage: Storage): Promise<void> {
  for (const table of sandboxTables) await storage.db.deleteFrom(table).execute();
  await seedDemoDirectory(storage.db);
}

async function expectDiscordError(promise: Promise<unknown>, code: DiscordErrorCode): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DiscordError);
  expect((error as DiscordError).code).toBe(code);
}

async function outbox(storage: Storage) {
  const rows = await storage.db.selectFrom("sandbox_outbox").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    guildId: row.guild_id,
    action: row.action,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  }));
}

async function channelIdOf(sandbox: SandboxAdapter, name: string): Promise<string> {
  const channel = (await sandbox.listChannels(demoGuildId)).find((candidate) => candidate.name === name);
  if (!channel) throw new Error(`no channel named ${name}`);
  return channel.id;
}

/** Everything the adapter emits of one event, in order. */
function heard<K extends BotEventName>(sandbox: SandboxAdapter, name: K): BotEventMap[K][] {
  const events: BotEventMap[K][] = [];
  sandbox.events.on(name, (payload) => {
    events.push(payload);
  });
  return events;
}

const picture: Attachment = {
  id: "1300000000000000001",
  url: "https://cdn.discordapp.com/attachments/1/2/sunset.png",
  filename: "sunset.png",
  contentType: "image/png",
};

const form: Modal = {
  customId: "test:form",
  title: "Tell us",
  fields: [{ customId: "answer", label: "Answer", style: "short", required: true }],
};

async function roleIdOf(sandbox: SandboxAdapter, name: string): Promise<string> {
  const role = (await sandbox.listRoles(demoGuildId)).find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role named ${name}`);
  return role.id;
}

describe.each(dialects)("sandbox adapter on %s", (dialect) => {
  let test: TestStorage;
  let sandbox: SandboxAdapter;
  let storage: Storage;
  /** A plain member of the demo server, with open DMs and only the Member role. */
  let memberId: string;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
    storage = test.storage;
  });

  afterAll(async () => {
    await test.cleanup();
  });

  beforeEach(async () => {
    await reseed(storage);
    // A fresh adapter each test: its read caches must not carry one test's changes into the next.
    sandbox = new SandboxAdapter(storage.db, logger);
    const memberRoleId = await roleIdOf(sandbox, "Member");
    const member = await storage.db
      .selectFrom("sandbox_members as m")
      .innerJoin("sandbox_users as u", "u.id", "m.user_id")
      .select("m.user_id")
      .where("m.guild_id", "=", demoGuildId)
      .where("m.roles", "=", JSON.stringify([memberRoleId]))
      .where("u.dm_open", "=", 1)
      .where("u.bot", "=", 0)
      .orderBy("m.user_id")
      .executeTakeFirstOrThrow();
    memberId = member.user_id;
  });

  describe("reading", () => {
    it("describes the demo guild with its member count", async () => {
      const guild = await sandbox.getGuild(demoGuildId);

      expect(guild).toMatchObject({
        id: demoGuildId,
        name: "Ember Hollow",
        ownerId: demoOwnerId,
        memberCount: demoMemberCount,
      });
      expect(guild?.boostCount).toBe(9);
      expect(guild?.boostLevel).toBe(2);
      expect(guild?.description).toContain("community");
      expect(guild?.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    });

    it("counts a kicked member out at once", async () => {
      expect((await sandbox.getGuild(demoGuildId))?.memberCount).toBe(demoMemberCount);

      await sandbox.kickMember(demoGuildId, memberId);

      expect((await sandbox.getGuild(demoGuildId))?.memberCount).toBe(demoMemberCount - 1);
    });

    it("counts a banned member out at once", async () => {
      expect((await sandbox.getGuild(demoGuildId))?.memberCount).toBe(demoMemberCount);

      await sandbox.banMember(demoGuildId, memberId);

      expect((await sandbox.getGuild(demoGuildId))?.memberCount).toBe(demoMemberCount - 1);
    });

    it("answers null for a guild it is not in", async () => {
      expect(await sandbox.getGuild("123")).toBeNull();
    });

    it("lists the guilds it is in", async () => {
      expect((await sandbox.listGuilds()).map((guild) => guild.id)).toEqual([demoGuildId]);
    });

    it("lists channels in position order", async () => {
      const channels = await sandbox.listChannels(demoGuildId);

      const positions = channels.map((channel) => channel.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(channels[0]).toMatchObject({ name: "Information", type: 4, parentId: null });
      expect(channels.every((channel) => channel.guildId === demoGuildId)).toBe(true);
      expect(channels.find((channel) => channel.name === "after-dark")?.nsfw).toBe(true);
      expect(channels.find((channel) => channel.name === "general")?.nsfw).toBe(false);
    });

    it("lists roles highest first with @everyone last", async () => {
      const roles = await sandbox.listRoles(demoGuildId);

      const positions = roles.map((role) => role.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      expect(roles[0]?.name).toBe("Owner");
      expect(roles.at(-1)).toMatchObject({ id: demoGuildId, name: "@everyone", position: 0 });
      expect(roles.find((role) => role.name === "Hearth")?.managed).toBe(true);
      expect(roles.find((role) => role.name === "Admin")).toMatchObject({ managed: false, permissions: "8" });
    });

    it("finds a member with their user and roles", async () => {
      const member = await sandbox.getMember(demoGuildId, demoOwnerId);

      expect(member).toMatchObject({ guildId: demoGuildId, nick: null });
      expect(member?.user).toMatchObject({
        id: demoOwnerId,
        username: "emberkeeper",
        globalName: "Ember Keeper",
        bot: false,
      });
      expect(member?.roleIds).toEqual([await roleIdOf(sandbox, "Owner"), await roleIdOf(sandbox, "Member")]);
      expect(member?.joinedAt).toBe((await sandbox.getGuild(demoGuildId))?.createdAt);
    });

    it("answers null for someone who is not a member", async () => {
      expect(await sandbox.getMember(demoGuildId, "999")).toBeNull();
    });

    it("finds a user, bot or not", async () => {
      expect(await sandbox.getUser(demoBotId)).toMatchObject({
        id: demoBotId,
        username: "hearth",
        bot: true,
      });
      expect(await sandbox.getUser(memberId)).toMatchObject({ id: memberId, bot: false });
      expect(await sandbox.getUser("999")).toBeNull();
    });
  });

  describe("messages", () => {
    it("stores a sent message and records message.send", async () => {
      const channelId = await channelIdOf(sandbox, "general");

      const sent = await sandbox.sendMessage(channelId, { content: "hello", embeds: [{ title: "Hi" }] });

      expect(sent.channelId).toBe(channelId);
      const stored = await storage.db
        .selectFrom("sandbox_messages")
        .selectAll()
        .where("id", "=", sent.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        channel_id: channelId,
        guild_id: demoGuildId,
        author_id: sandbox.botUserId,
        content: "hello",
      });
      expect(JSON.parse(stored.payload)).toEqual({ content: "hello", embeds: [{ title: "Hi" }] });
      expect(await outbox(storage)).toEqual([
        {
          guildId: demoGuildId,
          action: "message.send",
          payload: {
            channelId,
            messageId: sent.id,
            message: { content: "hello", embeds: [{ title: "Hi" }] },
          },
        },
      ]);
    });

    it("sends to an announcement channel", async () => {
      const channelId = await channelIdOf(sandbox, "announcements");

      await expect(sandbox.sendMessage(channelId, { content: "news" })).resolves.toMatchObject({ channelId });
    });

    it("refuses to send to a category", async () => {
      await expectDiscordError(
        sandbox.sendMessage(await channelIdOf(sandbox, "Community"), { content: "x" }),
        "unknown_channel",
      );
    });

    it("refuses to send to a voice channel", async () => {
      await expectDiscordError(
        sandbox.sendMessage(await channelIdOf(sandbox, "Lounge"), { content: "x" }),
        "unknown_channel",
      );
    });

    it("refuses to send to an unknown channel", async () => {
      await expectDiscordError(sandbox.sendMessage("123", { content: "x" }), "unknown_channel");
      expect(await outbox(storage)).toEqual([]);
    });

    it("edits a message and records message.edit", async () => {
      const channelId = await channelIdOf(sandbox, "general");
      const sent = await sandbox.sendMessage(channelId, { content: "before" });

      await sandbox.editMessage(channelId, sent.id, { content: "after" });

      const stored = await storage.db
        .selectFrom("sandbox_messages")
        .selectAll()
        .where("id", "=", sent.id)
        .executeTakeFirstOrThrow();
      expect(stored.content).toBe("after");
      expect(stored.edited_at).not.toBeNull();
      expect((await outbox(storage)).at(-1)).toMatchObject({
        guildId: demoGuildId,
        action: "message.edit",
        payload: { messageId: sent.id },
      });
    });

    it("deletes a message and records message.delete", async () => {
      const channelId = await channelIdOf(sandbox, "general");
      const sent = await sandbox.sendMessage(channelId, { content: "bye" });

      await sandbox.deleteMessage(channelId, sent.id);

      const stored = await storage.db
        .selectFrom("sandbox_messages")
        .selectAll()
        .where("id", "=", sent.id)
        .executeTakeFirstOrThrow();
      expect(stored.deleted_at).not.toBeNull();
      expect((await outbox(storage)).at(-1)).toMatchObject({
        action: "message.delete",
        payload: { channelId, messageId: sent.id },
      });
    });

    it("cannot edit or delete a deleted message", async () => {
      const channelId = await channelIdOf(sandbox, "general");
      const sent = await sandbox.sendMessage(channelId, { content: "bye" });
      await sandbox.deleteMessage(channelId, sent.id);

      await expectDiscordError(
        sandbox.editMessage(channelId, sent.id, { content: "again" }),
        "unknown_message",
      );
      await expectDiscordError(sandbox.deleteMessage(channelId, sent.id), "unknown_message");
    });

    it("cannot edit a message through another channel", async () => {
      const sent = await sandbox.sendMessage(await channelIdOf(sandbox, "general"), { content: "hi" });

      await expectDiscordError(
        sandbox.editMessage(await channelIdOf(sandbox, "memes"), sent.id, { content: "x" }),
        "unknown_message",
      );
    });

    it("sends a direct message to a user with open DMs and records dm.send", async () => {
      const sent = await sandbox.sendDirectMessage(memberId, { content: "your token" });

      const stored = await storage.db
        .selectFrom("sandbox_messages")
        .selectAll()
        .where("id", "=", sent.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ guild_id: null, content: "your token" });
      expect(await outbox(storage)).toEqual([
        {
          guildId: null,
          action: "dm.send",
          payload: { userId: memberId, messageId: sent.id, message: { content: "your token" } },
        },
      ]);
    });

    it("refuses a direct message to a user with closed DMs", async () => {
      const closed = await storage.db
        .selectFrom("sandbox_users")
        .select("id")
        .where("dm_open", "=", 0)
        .where("bot", "=", 0)
        .executeTakeFirstOrThrow();

      await expectDiscordError(sandbox.sendDirectMessage(closed.id, { content: "hi" }), "dm_closed");
      expect(await outbox(storage)).toEqual([]);
    });

    it("refuses a direct message to a bot", async () => {
      await expectDiscordError(sandbox.sendDirectMessage(demoBotId, { content: "hi" }), "dm_closed");
    });

    it("refuses a direct message to an unknown user", async () => {
      await expectDiscordError(sandbox.sendDirectMessage("999", { content: "hi" }), "unknown_user");
    });
  });

  describe("roles", () => {
    it("adds a role to a member and records member.role.add", async () => {
      const roleId = await roleIdOf(sandbox, "Gold");

      await sandbox.addMemberRole(demoGuildId, memberId, roleId, "bought gold");

      expect((await sandbox.getMember(demoGuildId, memberId))?.roleIds).toEqual([
        await roleIdOf(sandbox, "Member"),
        roleId,
      ]);
      expect(await outbox(storage)).toEqual([
        {
          guildId: demoGuildId,
          action: "member.role.add",
          payload: { userId: memberId, roleId, reason: "bought gold" },
        },
      ]);
    });

    it("does not duplicate a role the member already has", async () => {
      const memberRoleId = await roleIdOf(sandbox, "Member");

      await sandbox.addMemberRole(demoGuildId, memberId, memberRoleId);

      expect((await sandbox.getMember(demoGuildId, memberId))?.roleIds).toEqual([memberRoleId]);
    });

    it("removes a role from a member and records member.role.remove", async () => {
      const memberRoleId = await roleIdOf(sandbox, "Member");

      await sandbox.removeMemberRole(demoGuildId, memberId, memberRoleId);

      expect((await sandbox.getMember(demoGuildId, memberId))?.roleIds).toEqual([]);
      expect((await outbox(storage)).at(-1)).toMatchObject({
        action: "member.role.remove",
        payload: { userId: memberId, roleId: memberRoleId },
      });
    });

    it("refuses an unknown role", async () => {
      await expectDiscordError(sandbox.addMemberRole(demoGuildId, memberId, "123"), "unknown_role");
    });

    it("refuses a role of another guild", async () => {
      const other = await storage.db
        .insertInto("sandbox_guilds")
        .values({
          id: "222",
          name: "Other",
          icon: null,
          owner_id: demoOwnerId,
          description: null,
          boost_count: 0,
          boost_level: 0,
          created_at: 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await storage.db
        .insertInto("sandbox_roles")
        .values({
          id: "223",
          guild_id: other.id,
          name: "Elsewhere",
          color: 0,
          position: 1,
          permissions: "0",
          managed: 0,
          hoist: 0,
        })
        .execute();

      await expectDiscordError(sandbox.addMemberRole(demoGuildId, memberId, "223"), "unknown_role");
    });

    it("refuses an unknown member and changes nothing", async () => {
      await expectDiscordError(
        sandbox.addMemberRole(demoGuildId, "999", await roleIdOf(sandbox, "Gold")),
        "unknown_member",
      );
      expect(await outbox(storage)).toEqual([]);
    });
  });

  describe("creating", () => {
    it("creates a channel after the others and records channel.create", async () => {
      const parentId = await channelIdOf(sandbox, "Community");
      const before = await sandbox.listChannels(demoGuildId);

      const created = await sandbox.createChannel(
        demoGuildId,
        { name: "giveaway-logs", type: 0, parentId, topic: "logs" },
        "setup",
      );

      expect(created).toMatchObject({
        guildId: demoGuildId,
        name: "giveaway-logs",
        type: 0,
        parentId,
        nsfw: false,
      });
      expect(created.position).toBe(Math.max(...before.map((channel) => channel.position)) + 1);
      expect((await sandbox.listChannels(demoGuildId)).at(-1)).toEqual(created);
      expect(await outbox(storage)).toMatchObject([
        { guildId: demoGuildId, action: "channel.create", payload: { reason: "setup" } },
      ]);
    });

    it("refuses to create a channel in an unknown guild", async () => {
      await expectDiscordError(sandbox.createChannel("123", { name: "x", type: 0 }), "unknown_guild");
    });

    it("creates a role just above @everyone and moves the others up", async () => {
      const before = await sandbox.listRoles(demoGuildId);

      const created = await sandbox.createRole(demoGuildId, { name: "Winner", color: 0xffd700 }, "giveaway");

      expect(created).toMatchObject({
        guildId: demoGuildId,
        name: "Winner",
        color: 0xffd700,
        position: 1,
        permissions: "0",
        managed: false,
      });
      const after = await sandbox.listRoles(demoGuildId);
      expect(after.map((role) => role.id)).toEqual([
        ...before.slice(0, -1).map((role) => role.id),
        created.id,
        demoGuildId,
      ]);
      expect(new Set(after.map((role) => role.position)).size).toBe(after.length);
      expect(await outbox(storage)).toMatchObject([
        { action: "role.create", payload: { reason: "giveaway" } },
      ]);
    });

    it("refuses to create a role in an unknown guild", async () => {
      await expectDiscordError(sandbox.createRole("123", { name: "x" }), "unknown_guild");
    });
  });

  describe("moderation", () => {
    it("bans a member: removes them, stores the ban and records member.ban", async () => {
      await sandbox.banMember(demoGuildId, memberId, { reason: "spam", deleteMessageSeconds: 3600 });

      expect(await sandbox.getMember(demoGuildId, memberId)).toBeNull();
      const ban = await storage.db.selectFrom("sandbox_bans").selectAll().executeTakeFirstOrThrow();
      expect(ban).toMatchObject({ guild_id: demoGuildId, user_id: memberId, reason: "spam" });
      expect(await outbox(storage)).toEqual([
        {
          guildId: demoGuildId,
          action: "member.ban",
          payload: { userId: memberId, reason: "spam", deleteMessageSeconds: 3600 },
        },
      ]);
    });

    it("bans the same user twice without error", async () => {
      await sandbox.banMember(demoGuildId, memberId);
      await sandbox.banMember(demoGuildId, memberId);

      expect(await storage.db.selectFrom("sandbox_bans").selectAll().execute()).toHaveLength(1);
    });

    it("refuses to ban in an unknown guild", async () => {
      await expectDiscordError(sandbox.banMember("123", memberId), "unknown_guild");
    });

    it("unbans a banned user and records member.unban", async () => {
      await sandbox.banMember(demoGuildId, memberId);

      await sandbox.unbanMember(demoGuildId, memberId, "appeal");

      expect(await storage.db.selectFrom("sandbox_bans").selectAll().execute()).toEqual([]);
      expect((await outbox(storage)).at(-1)).toEqual({
        guildId: demoGuildId,
        action: "member.unban",
        payload: { userId: memberId, reason: "appeal" },
      });
    });

    it("refuses to unban someone who is not banned", async () => {
      await expectDiscordError(sandbox.unbanMember(demoGuildId, memberId), "unknown_member");
    });

    it("kicks a member and records member.kick", async () => {
      await sandbox.kickMember(demoGuildId, memberId, "rude");

      expect(await sandbox.getMember(demoGuildId, memberId)).toBeNull();
      expect(await sandbox.getUser(memberId)).not.toBeNull();
      expect(await outbox(storage)).toEqual([
        { guildId: demoGuildId, action: "member.kick", payload: { userId: memberId, reason: "rude" } },
      ]);
    });

    it("refuses to kick someone who is not a member", async () => {
      await expectDiscordError(sandbox.kickMember(demoGuildId, "999"), "unknown_member");
    });

    it("times a member out and lifts it again", async () => {
      const until = Date.now() + 600_000;
      const timeoutOf = async () =>
        (
          await storage.db
            .selectFrom("sandbox_members")
            .select("timeout_until")
            .where("guild_id", "=", demoGuildId)
            .where("user_id", "=", memberId)
            .executeTakeFirstOrThrow()
        ).timeout_until;

      await sandbox.timeoutMember(demoGuildId, memberId, until, "cool off");
      expect(await timeoutOf()).toBe(until);

      await sandbox.timeoutMember(demoGuildId, memberId, null);
      expect(await timeoutOf()).toBeNull();
      expect((await outbox(storage)).map((row) => row.payload)).toEqual([
        { userId: memberId, until, reason: "cool off" },
        { userId: memberId, until: null },
      ]);
    });

    it("refuses to time out someone who is not a member", async () => {
      await expectDiscordError(
        sandbox.timeoutMember(demoGuildId, "999", Date.now() + 1000),
        "unknown_member",
      );
    });
  });

  it("records command registration", async () => {
    await sandbox.registerCommands([{ name: "ping", description: "Ping" }], demoGuildId);

    expect(await outbox(storage)).toEqual([
      { guildId: demoGuildId, action: "commands.register", payload: { count: 1, names: ["ping"] } },
    ]);
  });

  describe("channels and overwrites", () => {
    it("reads a channel with its overwrites; the staff channels are hidden from @everyone", async () => {
      const channel = await sandbox.getChannel(await channelIdOf(sandbox, "staff-chat"));

      expect(channel).toMatchObject({ name: "staff-chat", guildId: demoGuildId, nsfw: false });
      expect(channel?.permissionOverwrites).toContainEqual({
        id: demoGuildId,
        type: "role",
        allow: "0",
        deny: Permission.ViewChannel.toString(),
      });
      expect(channel?.permissionOverwrites).toContainEqual(
        expect.objectContaining({ id: await roleIdOf(sandbox, "Moderator"), type: "role" }),
      );
      expect((await sandbox.listChannels(demoGuildId)).find((c) => c.name === "general")).toMatchObject({
        permissionOverwrites: [],
      });
      expect(await sandbox.getChannel("123")).toBeNull();
    });

    it("creates an age-restricted channel with overwrites that read back the same", async () => {
      const overwrites = [
        { id: demoGuildId, type: "role" as const, allow: "0", deny: "1024" },
        { id: memberId, type: "member" as const, allow: "3072", deny: "0" },
      ];

      const created = await sandbox.createChannel(demoGuildId, {
        name: "private-den",
        type: 0,
        nsfw: true,
        permissionOverwrites: overwrites,
      });

      expect(created).toMatchObject({ nsfw: true, permissionOverwrites: overwrites });
      expect(await sandbox.getChannel(created.id)).toEqual(created);
    });

    it("sets, replaces and removes one overwrite, and records each", async () => {
      const channelId = await channelIdOf(sandbox, "general");

      await sandbox.setChannelPermission(channelId, {
        id: memberId,
        type: "member",
        allow: "1024",
        deny: "0",
      });
      await sandbox.setChannelPermission(channelId, {
        id: memberId,
        type: "member",
        allow: "0",
        deny: "2048",
      });
      expect((await sandbox.getChannel(channelId))?.permissionOverwrites).toEqual([
        { id: memberId, type: "member", allow: "0", deny: "2048" },
      ]);

      await sandbox.removeChannelPermission(channelId, memberId, "perk expired");
      expect((await sandbox.getChannel(channelId))?.permissionOverwrites).toEqual([]);
      expect((await outbox(storage)).map((row) => row.action)).toEqual([
        "channel.permission.set",
        "channel.permission.set",
        "channel.permission.remove",
      ]);
      await expectDiscordError(
        sandbox.setChannelPermission("123", { id: memberId, type: "member", allow: "0", deny: "0" }),
        "unknown_channel",
      );
    });

    it("deletes a channel with its messages, records it and emits channelDelete", async () => {
      const deleted = heard(sandbox, "channelDelete");
      const channelId = await channelIdOf(sandbox, "memes");
      const sent = await sandbox.sendMessage(channelId, { content: "soon gone" });

      await sandbox.deleteChannel(channelId, "cleanup");

      expect(await sandbox.getChannel(channelId)).toBeNull();
      expect(await sandbox.getMessage(channelId, sent.id)).toBeNull();
      expect(deleted).toEqual([{ guildId: demoGuildId, channelId }]);
      expect((await outbox(storage)).at(-1)).toMatchObject({
        action: "channel.delete",
        payload: { channelId, reason: "cleanup" },
      });
      await expectDiscordError(sandbox.deleteChannel(channelId), "unknown_channel");
    });

    it("a simulated channel deletion is heard but not recorded as the bot's doing", async () => {
      const deleted = heard(sandbox, "channelDelete");
      const channelId = await channelIdOf(sandbox, "suggestions");

      await sandbox.simulateChannelDelete(channelId);

      expect(deleted).toEqual([{ guildId: demoGuildId, channelId }]);
      expect(await outbox(storage)).toEqual([]);
    });
  });

  describe("role edits", () => {
    it("creates a mentionable role", async () => {
      const role = await sandbox.createRole(demoGuildId, { name: "Pingable", mentionable: true });

      const row = await storage.db
        .selectFrom("sandbox_roles")
        .select("mentionable")
        .where("id", "=", role.id)
        .executeTakeFirstOrThrow();
      expect(row.mentionable).toBe(1);
    });

    it("edits a role, records role.edit and emits roleUpdate", async () => {
      const updates = heard(sandbox, "roleUpdate");
      const roleId = await roleIdOf(sandbox, "Gold");

      const edited = await sandbox.editRole(
        demoGuildId,
        roleId,
        { name: "Golden", permissions: "64" },
        "perk",
      );

      expect(edited).toMatchObject({ id: roleId, name: "Golden", permissions: "64" });
      expect(updates).toEqual([edited]);
      expect((await sandbox.listRoles(demoGuildId)).find((role) => role.id === roleId)).toEqual(edited);
      expect(await outbox(storage)).toMatchObject([
        { action: "role.edit", payload: { roleId, changes: { name: "Golden" }, reason: "perk" } },
      ]);
      await expectDiscordError(sandbox.editRole(demoGuildId, "123", { name: "x" }), "unknown_role");
    });

    it("simulates an admin granting a role a dangerous permission", async () => {
      const updates = heard(sandbox, "roleUpdate");
      const roleId = await roleIdOf(sandbox, "Events Ping");

      await sandbox.simulateRoleUpdate(demoGuildId, roleId, {
        permissions: Permission.ManageRoles.toString(),
      });

      expect(updates).toHaveLength(1);
      expect(hasPermissions(updates[0]?.permissions ?? "0", Permission.ManageRoles)).toBe(true);
      expect(await outbox(storage)).toEqual([]);
    });

    it("deletes a role: members lose it, overwrites naming it go, roleDelete is emitted", async () => {
      const removed = heard(sandbox, "roleDelete");
      const roleId = await roleIdOf(sandbox, "Member");
      const staffChat = await channelIdOf(sandbox, "general");
      await sandbox.setChannelPermission(staffChat, { id: roleId, type: "role", allow: "0", deny: "2048" });

      await sandbox.deleteRole(demoGuildId, roleId, "unused");

      expect((await sandbox.listRoles(demoGuildId)).some((role) => role.id === roleId)).toBe(false);
      expect((await sandbox.getMember(demoGuildId, memberId))?.roleIds).toEqual([]);
      expect((await sandbox.getChannel(staffChat))?.permissionOverwrites).toEqual([]);
      expect(removed).toEqual([{ guildId: demoGuildId, roleId }]);
      expect((await outbox(storage)).at(-1)).toMatchObject({ action: "role.delete", payload: { roleId } });
    });

    it("refuses to delete @everyone, a managed role or an unknown one", async () => {
      await expectDiscordError(sandbox.deleteRole(demoGuildId, demoGuildId), "missing_permissions");
      await expectDiscordError(
        sandbox.deleteRole(demoGuildId, await roleIdOf(sandbox, "Server Booster")),
        "missing_permissions",
      );
      await expectDiscordError(sandbox.deleteRole(demoGuildId, "123"), "unknown_role");
    });
  });

  describe("emojis", () => {
    it("lists the demo server's custom emojis and one added later", async () => {
      const before = await sandbox.listEmojis(demoGuildId);
      expect(before.map((emoji) => emoji.name).sort()).toEqual([...demoEmojiNames].sort());
      expect(before.filter((emoji) => emoji.animated)).toHaveLength(2);

      const added = await sandbox.addEmoji(demoGuildId, "party_owl", true);

      expect(await sandbox.listEmojis(demoGuildId)).toContainEqual(added);
      expect(added).toMatchObject({ name: "party_owl", animated: true });
      expect(await sandbox.listEmojis("123")).toEqual([]);
    });
  });

  describe("messages read back", () => {
    it("simulateMessage emits the author's roles, mentions and attachments", async () => {
      const created = heard(sandbox, "messageCreate");
      const channelId = await channelIdOf(sandbox, "general");
      const roleId = await roleIdOf(sandbox, "Member");

      await sandbox.simulateMessage(
        channelId,
        memberId,
        `hey <@${demoOwnerId}> and <@!${demoBotId}> <@${demoOwnerId}>`,
        {
          attachments: [picture],
        },
      );

      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        channelId,
        guildId: demoGuildId,
        author: { id: memberId },
        memberRoleIds: [roleId],
        mentionUserIds: [demoOwnerId, demoBotId],
        attachments: [picture],
        webhookId: null,
      });
    });

    it("getMessage answers author, content, embeds, attachments, reactions and mentioned roles", async () => {
      const channelId = await channelIdOf(sandbox, "media");
      const roleId = await roleIdOf(sandbox, "Gold");
      const sent = await sandbox.simulateMessage(channelId, memberId, `look <@&${roleId}> <@&${roleId}>`, {
        attachments: [picture],
      });
      await sandbox.simulateReaction({ channelId, messageId: sent.id, userId: demoOwnerId, emoji: "⭐" });
      await sandbox.simulateReaction({ channelId, messageId: sent.id, userId: memberId, emoji: "⭐" });
      const [custom] = await sandbox.listEmojis(demoGuildId);
      if (!custom) throw new Error("no emoji");
      await sandbox.simulateReaction({
        channelId,
        messageId: sent.id,
        userId: demoOwnerId,
        emoji: `<:${custom.name}:${custom.id}>`,
      });

      const message = await sandbox.getMessage(channelId, sent.id);

      expect(message).toMatchObject({
        id: sent.id,
        channelId,
        guildId: demoGuildId,
        author: { id: memberId, bot: false },
        content: `look <@&${roleId}> <@&${roleId}>`,
        embeds: [],
        attachments: [picture],
        mentionRoleIds: [roleId],
        webhookId: null,
      });
      expect(message?.reactions).toEqual([
        { emoji: { id: null, name: "⭐" }, count: 2 },
        { emoji: { id: custom.id, name: custom.name, animated: false }, count: 1 },
      ]);
    });

    it("getMessage reads the bot's own message with its embeds, and null when gone or elsewhere", async () => {
      const channelId = await channelIdOf(sandbox, "general");
      const sent = await sandbox.sendMessage(channelId, { content: "board", embeds: [{ title: "⭐ 3" }] });

      expect(await sandbox.getMessage(channelId, sent.id)).toMatchObject({
        author: { id: sandbox.botUserId, bot: true },
        embeds: [{ title: "⭐ 3" }],
        reactions: [],
      });
      expect(await sandbox.getMessage(await channelIdOf(sandbox, "memes"), sent.id)).toBeNull();
      expect(await sandbox.getMessage(channelId, "123")).toBeNull();

      const deleted = heard(sandbox, "messageDelete");
      await sandbox.deleteMessage(channelId, sent.id);
      expect(deleted).toEqual([{ guildId: demoGuildId, channelId, messageId: sent.id }]);
      expect(await sandbox.getMessage(channelId, sent.id)).toBeNull();
    });

    it("simulateMessageDelete hides the message and emits messageDelete without an outbox entry", async () => {
      const deleted = heard(sandbox, "messageDelete");
      const channelId = await channelIdOf(sandbox, "general");
      const sent = await sandbox.simulateMessage(channelId, memberId, "oops");

      await sandbox.simulateMessageDelete(channelId, sent.id);

      expect(deleted).toEqual([{ guildId: demoGuildId, channelId, messageId: sent.id }]);
      expect(await sandbox.getMessage(channelId, sent.id)).toBeNull();
      expect(await outbox(storage)).toEqual([]);
      await expectDiscordError(sandbox.simulateMessageDelete(channelId, sent.id), "unknown_message");
    });
  });

  describe("reactions", () => {
    let channelId: string;
    let messageId: string;

    beforeEach(async () => {
      channelId = await channelIdOf(sandbox, "general");
      messageId = (await sandbox.simulateMessage(channelId, memberId, "react to me")).id;
    });

    it("the same reaction twice is stored once and heard once, with the message's author", async () => {
      const added = heard(sandbox, "reactionAdd");

      expect(await sandbox.simulateReaction({ channelId, messageId, userId: demoOwnerId, emoji: "⭐" })).toBe(
        true,
      );
      expect(await sandbox.simulateReaction({ channelId, messageId, userId: demoOwnerId, emoji: "⭐" })).toBe(
        false,
      );

      expect(added).toEqual([
        {
          guildId: demoGuildId,
          channelId,
          messageId,
          userId: demoOwnerId,
          emoji: { id: null, name: "⭐" },
          messageAuthorId: memberId,
        },
      ]);
      expect((await sandbox.getMessage(channelId, messageId))?.reactions).toEqual([
        { emoji: { id: null, name: "⭐" }, count: 1 },
      ]);
    });

    it("a burst of reactions at once counts each member once", async () => {
      const added = heard(sandbox, "reactionAdd");
      const users = (
        await storage.db
          .selectFrom("sandbox_members")
          .select("user_id")
          .where("guild_id", "=", demoGuildId)
          .limit(20)
          .execute()
      ).map((row) => row.user_id);

      await Promise.all(
        [...users, ...users].map((userId) =>
          sandbox.simulateReaction({ channelId, messageId, userId, emoji: "🔥" }),
        ),
      );

      expect(added).toHaveLength(users.length);
      expect((await sandbox.getMessage(channelId, messageId))?.reactions[0]?.count).toBe(users.length);
    });

    it("removing a reaction is heard without the author; removing one that isn't there is not", async () => {
      const removed = heard(sandbox, "reactionRemove");
      await sandbox.simulateReaction({ channelId, messageId, userId: demoOwnerId, emoji: "⭐" });

      expect(
        await sandbox.simulateReaction({
          channelId,
          messageId,
          userId: demoOwnerId,
          emoji: "⭐",
          remove: true,
        }),
      ).toBe(true);
      expect(
        await sandbox.simulateReaction({
          channelId,
          messageId,
          userId: demoOwnerId,
          emoji: "⭐",
          remove: true,
        }),
      ).toBe(false);

      expect(removed).toEqual([
        {
          guildId: demoGuildId,
          channelId,
          messageId,
          userId: demoOwnerId,
          emoji: { id: null, name: "⭐" },
          messageAuthorId: null,
        },
      ]);
      expect((await sandbox.getMessage(channelId, messageId))?.reactions).toEqual([]);
    });

    it("clears one emoji's reactions, then all of them", async () => {
      const cleared = heard(sandbox, "reactionClear");
      await sandbox.simulateReaction({ channelId, messageId, userId: demoOwnerId, emoji: "⭐" });
      await sandbox.simulateReaction({ channelId, messageId, userId: memberId, emoji: "⭐" });
      await sandbox.simulateReaction({ channelId, messageId, userId: demoOwnerId, emoji: "💀" });

      await sandbox.simulateReactionClear({ channelId, messageId, emoji: "⭐" });
      expect((await sandbox.getMessage(channelId, messageId))?.reactions).toEqual([
        { emoji: { id: null, name: "💀" }, count: 1 },
      ]);

      await sandbox.simulateReactionClear({ channelId, messageId });
      expect((await sandbox.getMessage(channelId, messageId))?.reactions).toEqual([]);
      expect(cleared).toEqual([
        { guildId: demoGuildId, channelId, messageId, emoji: { id: null, name: "⭐" } },
        { guildId: demoGuildId, channelId, messageId, emoji: null },
      ]);
    });

    it("lists who reacted, first first, up to a limit", async () => {
      await sandbox.simulateReaction({ channelId, messageId, userId: demoOwnerId, emoji: "⭐" });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await sandbox.simulateReaction({ channelId, messageId, userId: memberId, emoji: "⭐" });
      await sandbox.simulateReaction({ channelId, messageId, userId: memberId, emoji: "💀" });

      const star = { id: null, name: "⭐" };
      expect(await sandbox.listReactionUsers(channelId, messageId, star)).toEqual([demoOwnerId, memberId]);
      expect(await sandbox.listReactionUsers(channelId, messageId, star, 1)).toEqual([demoOwnerId]);
      expect(await sandbox.listReactionUsers(channelId, messageId, { id: null, name: "🎉" })).toEqual([]);
      await expectDiscordError(sandbox.listReactionUsers(channelId, "123", star), "unknown_message");
    });

    it("the bot's own reaction is recorded and heard as the bot's", async () => {
      const added = heard(sandbox, "reactionAdd");
      const [emoji] = await sandbox.listEmojis(demoGuildId);
      if (!emoji) throw new Error("no emoji");
      const reaction = { id: emoji.id, name: emoji.name, animated: emoji.animated };

      await sandbox.addReaction(channelId, messageId, reaction);
      await sandbox.addReaction(channelId, messageId, reaction);

      expect(added).toEqual([
        expect.objectContaining({ userId: sandbox.botUserId, emoji: reaction, messageAuthorId: memberId }),
      ]);
      expect((await sandbox.getBotMember(demoGuildId))?.user.id).toBe(sandbox.botUserId);
      expect(await sandbox.listReactionUsers(channelId, messageId, reaction)).toEqual([sandbox.botUserId]);
      expect((await outbox(storage)).filter((row) => row.action === "reaction.add")).toHaveLength(2);
      await expectDiscordError(sandbox.addReaction(channelId, "123", reaction), "unknown_message");
    });

    it("refuses text that isn't an emoji", async () => {
      await expect(
        sandbox.simulateReaction({ channelId, messageId, userId: memberId, emoji: "star" }),
      ).rejects.toThrow(/Not an emoji/);
    });
  });

  describe("interactions", () => {
    /** Answers every interaction with `answer`, and keeps what the handler threw. */
    function handle(answer: (interaction: Interaction) => Promise<void>) {
      const errors: unknown[] = [];
      sandbox.events.on("interactionCreate", async (interaction) => {
        await answer(interaction).catch((error: unknown) => {
          errors.push(error);
        });
      });
      return errors;
    }

    it("a command's member and bot permissions are those of the channel", async () => {
      const seen: Interaction[] = [];
      handle(async (interaction) => {
        seen.push(interaction);
      });
      const staffChat = await channelIdOf(sandbox, "staff-chat");
      const moderatorId = (
        await storage.db
          .selectFrom("sandbox_members")
          .select("user_id")
          .where("roles", "like", `%${await roleIdOf(sandbox, "Moderator")}%`)
          .executeTakeFirstOrThrow()
      ).user_id;

      await sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: memberId,
        name: "x",
        channelId: staffChat,
      });
      await sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: moderatorId,
        name: "x",
        channelId: staffChat,
      });
      await sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: memberId,
        name: "x",
        channelId: await channelIdOf(sandbox, "rules"),
      });

      const [member, moderator, rules] = seen.map((interaction) => interaction.data);
      expect(member?.member?.permissions).toBe("0");
      expect(hasPermissions(moderator?.member?.permissions ?? "0", Permission.ViewChannel)).toBe(true);
      expect(hasPermissions(moderator?.member?.permissions ?? "0", Permission.ManageMessages)).toBe(true);
      expect(hasPermissions(rules?.member?.permissions ?? "0", Permission.ViewChannel)).toBe(true);
      expect(hasPermissions(rules?.member?.permissions ?? "0", Permission.SendMessages)).toBe(false);
      expect(hasPermissions(member?.botPermissions ?? "0", Permission.Administrator)).toBe(true);
    });

    it("a command resolves its attachment options", async () => {
      const seen: Interaction[] = [];
      handle(async (interaction) => {
        seen.push(interaction);
      });

      await sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: memberId,
        name: "embed",
        subcommand: "import",
        attachments: { file: picture },
      });

      const data = seen[0]?.data;
      expect(data?.kind).toBe("command");
      if (data?.kind !== "command") return;
      expect(data.options).toEqual({ file: picture.id });
      expect(data.resolved.attachments).toEqual({ [picture.id]: picture });
    });

    it("a select choice is dispatched with its values, and its update edits the menu's message", async () => {
      const channelId = await channelIdOf(sandbox, "self-roles");
      const panel = await sandbox.sendMessage(channelId, { content: "Pick roles" });
      handle(async (interaction) => {
        if (interaction.data.kind !== "select") return;
        await interaction.update({ content: `Picked ${interaction.data.values.join(", ")}` });
      });

      const responses = await sandbox.simulateSelect({
        guildId: demoGuildId,
        userId: memberId,
        messageId: panel.id,
        customId: "roles:pick",
        values: ["a", "b"],
      });

      expect(responses).toEqual([{ type: "update", message: { content: "Picked a, b" } }]);
      expect((await sandbox.getMessage(channelId, panel.id))?.content).toBe("Picked a, b");
    });

    it("a button can open a form; the submitted form is dispatched with its fields", async () => {
      const channelId = await channelIdOf(sandbox, "general");
      const panel = await sandbox.sendMessage(channelId, { content: "Apply" });
      const submitted: Interaction[] = [];
      handle(async (interaction) => {
        if (interaction.data.kind === "button") await interaction.showModal(form);
        if (interaction.data.kind === "modal") {
          submitted.push(interaction);
          await interaction.reply("Thanks!", { ephemeral: true });
        }
      });

      const opened = await sandbox.simulateButton({
        guildId: demoGuildId,
        userId: memberId,
        messageId: panel.id,
        customId: "apply",
      });
      expect(opened).toEqual([{ type: "modal", modal: form }]);

      const answered = await sandbox.simulateModal({
        guildId: demoGuildId,
        userId: memberId,
        customId: form.customId,
        fields: { answer: "hello" },
        messageId: panel.id,
      });
      expect(answered).toEqual([{ type: "reply", message: { content: "Thanks!" }, ephemeral: true }]);
      expect(submitted[0]?.data).toMatchObject({
        kind: "modal",
        channelId,
        messageId: panel.id,
        fields: { answer: "hello" },
      });
      expect((await outbox(storage)).map((row) => row.action)).toContain("interaction.modal");
    });

    it("a form opened by a command is submitted in the given channel", async () => {
      const seen: Interaction[] = [];
      handle(async (interaction) => {
        seen.push(interaction);
        await interaction.update("Saved");
      });
      const channelId = await channelIdOf(sandbox, "bot-commands");

      const responses = await sandbox.simulateModal({
        guildId: demoGuildId,
        userId: memberId,
        customId: "embed:edit",
        fields: { title: "Hi" },
        channelId,
      });

      expect(seen[0]?.data).toMatchObject({ kind: "modal", channelId, messageId: null });
      // Not from a message: `update` becomes a reply.
      expect(responses[0]).toMatchObject({ type: "reply", message: { content: "Saved" } });
    });

    it("a form can't be answered with another form", async () => {
      const errors = handle(async (interaction) => {
        await interaction.showModal(form);
      });

      const responses = await sandbox.simulateModal({
        guildId: demoGuildId,
        userId: memberId,
        customId: form.customId,
        fields: { answer: "x" },
        channelId: await channelIdOf(sandbox, "general"),
      });

      expect(responses).toEqual([]);
      expect(String(errors[0])).toMatch(/form/);
    });

    it("refuses a menu or form on a message that doesn't exist", async () => {
      await expectDiscordError(
        sandbox.simulateSelect({
          guildId: demoGuildId,
          userId: memberId,
          messageId: "123",
          customId: "x",
          values: [],
        }),
        "unknown_message",
      );
      await expectDiscordError(
        sandbox.simulateModal({
          guildId: demoGuildId,
          userId: memberId,
          customId: "x",
          fields: {},
          messageId: "123",
        }),
        "unknown_message",
      );
    });
  });
});
