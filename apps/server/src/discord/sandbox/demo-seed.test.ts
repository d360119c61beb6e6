import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import type { Storage } from "../../db/database.ts";
import { snowflakeTime } from "../../lib/snowflake.ts";
import type { PermissionOverwrite, RoleInfo } from "../port/port.ts";
import { channelPermissions, hasPermissions, Permission } from "../roles/permissions.ts";
import { hasDemoDirectory, seedDemoDirectory } from "./demo-seed.ts";
import { demoEmojiNames, demoGuildId, demoMemberCount, demoOwnerId } from "./demo-seed-data.ts";

const seededAt = Date.UTC(2026, 5, 1, 12);

async function sandboxRows(storage: Storage) {
  const db = storage.db;
  return {
    users: await db.selectFrom("sandbox_users").selectAll().orderBy("id").execute(),
    guilds: await db.selectFrom("sandbox_guilds").selectAll().orderBy("id").execute(),
    channels: await db.selectFrom("sandbox_channels").selectAll().orderBy("id").execute(),
    roles: await db.selectFrom("sandbox_roles").selectAll().orderBy("id").execute(),
    members: await db.selectFrom("sandbox_members").selectAll().orderBy("user_id").execute(),
    emojis: await db.selectFrom("sandbox_emojis").selectAll().orderBy("id").execute(),
  };
}

describe.each(dialects)("demo seed on %s", (dialect) => {
  let test: TestStorage;
  let rows: Awaited<ReturnType<typeof sandboxRows>>;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
    await seedDemoDirectory(test.storage.db, seededAt);
    rows = await sandboxRows(test.storage);
  });

  afterAll(async () => {
    await test.cleanup();
  });

  it("creates one guild owned by a member who holds the Owner role", () => {
    expect(rows.guilds).toHaveLength(1);
    const guild = rows.guilds[0];
    expect(guild).toMatchObject({ id: demoGuildId, owner_id: demoOwnerId });
    const owner = rows.members.find((member) => member.user_id === guild?.owner_id);
    const ownerRole = rows.roles.find((role) => role.name === "Owner");
    expect(owner).toBeDefined();
    expect(JSON.parse(owner?.roles ?? "[]")).toContain(ownerRole?.id);
  });

  it("creates about 25 channels", () => {
    expect(rows.channels.length).toBeGreaterThanOrEqual(20);
    expect(rows.channels.length).toBeLessThanOrEqual(30);
  });

  it("puts every text and voice channel under a category of the same guild", () => {
    const categories = new Map(
      rows.channels.filter((channel) => channel.type === 4).map((channel) => [channel.id, channel]),
    );
    const others = rows.channels.filter((channel) => channel.type !== 4);

    expect(others.length).toBeGreaterThan(0);
    for (const channel of others) {
      expect(categories.get(channel.parent_id ?? "")?.guild_id, channel.name).toBe(channel.guild_id);
    }
    expect([...categories.values()].every((category) => category.parent_id === null)).toBe(true);
  });

  it("gives channels distinct positions with each channel after its category", () => {
    const positions = rows.channels.map((channel) => channel.position);
    expect(new Set(positions).size).toBe(positions.length);
    const byId = new Map(rows.channels.map((channel) => [channel.id, channel]));
    for (const channel of rows.channels.filter((candidate) => candidate.parent_id !== null)) {
      expect(channel.position).toBeGreaterThan(
        byId.get(channel.parent_id ?? "")?.position ?? Number.POSITIVE_INFINITY,
      );
    }
  });

  it("creates about 15 roles plus @everyone at position 0", () => {
    const everyone = rows.roles.find((role) => role.name === "@everyone");
    expect(everyone).toMatchObject({ id: demoGuildId, position: 0 });
    const others = rows.roles.filter((role) => role !== everyone);
    expect(others.length).toBeGreaterThanOrEqual(12);
    expect(others.length).toBeLessThanOrEqual(18);
    expect(others.every((role) => role.position > 0)).toBe(true);
  });

  it("gives roles distinct positions, names and colours", () => {
    const others = rows.roles.filter((role) => role.name !== "@everyone");
    expect(new Set(rows.roles.map((role) => role.position)).size).toBe(rows.roles.length);
    expect(new Set(others.map((role) => role.name)).size).toBe(others.length);
    expect(new Set(others.map((role) => role.color)).size).toBe(others.length);
  });

  it("creates the demo member count, about 320", () => {
    expect(rows.members).toHaveLength(demoMemberCount);
    expect(demoMemberCount).toBeGreaterThanOrEqual(300);
    expect(demoMemberCount).toBeLessThanOrEqual(340);
  });

  it("gives every member a user with a unique name", () => {
    const users = new Map(rows.users.map((user) => [user.id, user]));
    expect(rows.members.every((member) => users.has(member.user_id))).toBe(true);
    expect(new Set(rows.users.map((user) => user.username)).size).toBe(rows.users.length);
  });

  it("has every account created before its member joined", () => {
    const users = new Map(rows.users.map((user) => [user.id, user]));
    for (const member of rows.members) {
      expect(users.get(member.user_id)?.created_at, member.user_id).toBeLessThan(member.joined_at);
    }
  });

  it("has nobody join before the guild was created or after the seed", () => {
    const createdAt = rows.guilds[0]?.created_at ?? Number.NaN;
    for (const member of rows.members) {
      expect(member.joined_at).toBeGreaterThanOrEqual(createdAt);
      expect(member.joined_at).toBeLessThanOrEqual(seededAt);
    }
  });

  it("makes ids that encode their creation times, as Discord's do", () => {
    for (const user of rows.users) expect(snowflakeTime(user.id)).toBe(user.created_at);
    expect(snowflakeTime(demoGuildId)).toBe(rows.guilds[0]?.created_at);
  });

  it("only gives members roles of the guild, never @everyone", () => {
    const roleIds = new Set(rows.roles.filter((role) => role.name !== "@everyone").map((role) => role.id));
    for (const member of rows.members) {
      const held = JSON.parse(member.roles) as unknown[];
      expect(held.length).toBeGreaterThan(0);
      for (const roleId of held)
        expect(roleIds.has(roleId as string), `${member.user_id} holds ${String(roleId)}`).toBe(true);
    }
  });

  it("keeps some members' DMs closed, and the bot's", () => {
    const closed = rows.users.filter((user) => user.dm_open === 0);
    expect(closed.some((user) => user.bot === 1)).toBe(true);
    expect(closed.filter((user) => user.bot === 0).length).toBeGreaterThan(0);
    expect(closed.length).toBeLessThan(rows.users.length / 4);
  });

  it("has an age-restricted channel, and only one", () => {
    expect(rows.channels.filter((channel) => channel.nsfw === 1).map((channel) => channel.name)).toEqual([
      "after-dark",
    ]);
  });

  it("hides the staff channels from members and shows them to moderators; rules are read-only", () => {
    const roles: RoleInfo[] = rows.roles.map((role) => ({
      id: role.id,
      guildId: role.guild_id,
      name: role.name,
      color: role.color,
      position: role.position,
      permissions: role.permissions,
      managed: role.managed === 1,
    }));
    const roleId = (name: string) => roles.find((role) => role.name === name)?.id ?? "";
    const inChannel = (name: string, roleIds: string[]) => {
      const channel = rows.channels.find((candidate) => candidate.name === name);
      return channelPermissions({
        ownerId: demoOwnerId,
        roles,
        member: { userId: "1", roleIds },
        channel: {
          guildId: demoGuildId,
          permissionOverwrites: JSON.parse(channel?.permission_overwrites ?? "[]") as PermissionOverwrite[],
        },
      });
    };
    const member = [roleId("Member")];
    const moderator = [roleId("Member"), roleId("Moderator")];

    for (const name of ["Staff", "staff-chat", "mod-logs"]) {
      expect(hasPermissions(inChannel(name, member), Permission.ViewChannel), name).toBe(false);
      expect(hasPermissions(inChannel(name, moderator), Permission.ViewChannel), name).toBe(true);
    }
    expect(hasPermissions(inChannel("rules", member), Permission.ViewChannel)).toBe(true);
    expect(hasPermissions(inChannel("rules", member), Permission.SendMessages)).toBe(false);
    expect(hasPermissions(inChannel("general", member), Permission.SendMessages)).toBe(true);
    expect(hasPermissions(inChannel("general", member), Permission.AddReactions)).toBe(true);
  });

  it("gives the server its custom emojis, two of them animated, with ids of their time", () => {
    expect(rows.emojis.map((emoji) => emoji.name).sort()).toEqual([...demoEmojiNames].sort());
    expect(rows.emojis.length).toBeGreaterThanOrEqual(6);
    expect(rows.emojis.filter((emoji) => emoji.animated === 1)).toHaveLength(2);
    for (const emoji of rows.emojis) {
      expect(emoji.guild_id).toBe(demoGuildId);
      expect(snowflakeTime(emoji.id)).toBe(emoji.created_at);
      expect(emoji.name).toMatch(/^\w{2,32}$/);
    }
  });

  it("seeds identical rows into two databases", async () => {
    const second = await openTestStorage(dialect);
    try {
      await seedDemoDirectory(second.storage.db, seededAt);

      expect(await sandboxRows(second.storage)).toEqual(rows);
    } finally {
      await second.cleanup();
    }
  });

  it("keeps accounts older than their join even when seeded soon after the guild was made", async () => {
    const early = await openTestStorage(dialect);
    try {
      const now = Date.UTC(2024, 0, 1);
      await seedDemoDirectory(early.storage.db, now);
      const { users, members } = await sandboxRows(early.storage);
      const createdAt = new Map(users.map((user) => [user.id, user.created_at]));

      for (const member of members) {
        expect(createdAt.get(member.user_id), member.user_id).toBeLessThan(member.joined_at);
        expect(member.joined_at).toBeLessThanOrEqual(now);
      }
    } finally {
      await early.cleanup();
    }
  });

  it("tells whether the demo server exists", async () => {
    const empty = await openTestStorage(dialect);
    try {
      expect(await hasDemoDirectory(empty.storage.db)).toBe(false);
      expect(await hasDemoDirectory(test.storage.db)).toBe(true);
    } finally {
      await empty.cleanup();
    }
  });
});
