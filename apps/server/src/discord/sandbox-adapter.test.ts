import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../test/helpers.ts";
import type { Storage } from "../db/database.ts";
import { createLogger } from "../lib/logger.ts";
import { demoBotId, demoGuildId, demoMemberCount, demoOwnerId, seedDemoDirectory } from "./demo-seed.ts";
import { DiscordError, type DiscordErrorCode } from "./port.ts";
import { SandboxAdapter } from "./sandbox-adapter.ts";

const sandboxTables = [
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
});
