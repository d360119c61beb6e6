import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { DemoMember } from "./demo-seed.ts";
import { demoGuildId, demoOwnerId } from "./demo-seed-data.ts";

// What features' demo seeds use to read and shape the sandbox beyond the port (seed data written in
// place, as `seedDemoDirectory` writes the demo server): they never name the `sandbox_*` tables.

/**
 * Other servers of the sandbox besides the demo server, for the public directory's demo (the
 * discovery feature's seed): each with its owner, an @everyone role, a few text channels and
 * members drawn from the sandbox's existing users, so its member count is real.
 */
export interface SandboxServerSeed {
  id: string;
  name: string;
  /** A data: URL, or null. */
  icon: string | null;
  description: string | null;
  boostCount: number;
  boostLevel: number;
  createdAt: number;
  /** A new user who owns the server (and is its first member, joined when it was created). */
  owner: { id: string; username: string; createdAt: number };
  /** `@everyone`'s permission bits. */
  everyonePermissions: string;
  /** Text channels, in order. */
  channels: readonly { id: string; name: string }[];
  /** Existing users who are members too, besides the owner. */
  members: readonly { userId: string; joinedAt: number }[];
}

/** The sandbox's people (not bots) other than the demo server's owner, by id. */
export async function sandboxPeople(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("sandbox_users")
    .select("id")
    .where("bot", "=", 0)
    .where("id", "!=", demoOwnerId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Adds a server to the sandbox's directory (within the caller's transaction, when given one). */
export async function addSandboxServer(db: Kysely<Database>, server: SandboxServerSeed): Promise<void> {
  await db
    .insertInto("sandbox_users")
    .values({
      id: server.owner.id,
      username: server.owner.username,
      global_name: null,
      avatar: null,
      bot: 0,
      created_at: server.owner.createdAt,
      dm_open: 1,
    })
    .execute();
  await db
    .insertInto("sandbox_guilds")
    .values({
      id: server.id,
      name: server.name,
      icon: server.icon,
      owner_id: server.owner.id,
      description: server.description,
      boost_count: server.boostCount,
      boost_level: server.boostLevel,
      created_at: server.createdAt,
    })
    .execute();
  await db
    .insertInto("sandbox_roles")
    .values({
      id: server.id,
      guild_id: server.id,
      name: "@everyone",
      color: 0,
      position: 0,
      permissions: server.everyonePermissions,
      managed: 0,
      hoist: 0,
    })
    .execute();
  if (server.channels.length > 0) {
    await db
      .insertInto("sandbox_channels")
      .values(
        server.channels.map((channel, position) => ({
          id: channel.id,
          guild_id: server.id,
          name: channel.name,
          type: 0,
          parent_id: null,
          position,
          topic: null,
          nsfw: 0,
        })),
      )
      .execute();
  }
  const members = [{ userId: server.owner.id, joinedAt: server.createdAt }, ...server.members].map(
    (member) => ({
      guild_id: server.id,
      user_id: member.userId,
      nick: null,
      roles: "[]",
      joined_at: member.joinedAt,
      timeout_until: null,
    }),
  );
  for (let start = 0; start < members.length; start += 100) {
    await db
      .insertInto("sandbox_members")
      .values(members.slice(start, start + 100))
      .execute();
  }
}

/** A member of the demo server with their user's names, for demo seeds that show or pick by name. */
export interface DemoMemberProfile extends DemoMember {
  username: string;
  globalName: string | null;
  nick: string | null;
  bot: boolean;
}

/** Every member of the demo server (the owner and bots too) with their names, by user id. */
export async function demoMemberProfiles(db: Kysely<Database>): Promise<DemoMemberProfile[]> {
  const rows = await db
    .selectFrom("sandbox_members as m")
    .innerJoin("sandbox_users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.nick", "m.roles", "m.joined_at", "u.username", "u.global_name", "u.bot"])
    .where("m.guild_id", "=", demoGuildId)
    .orderBy("m.user_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    roleIds: JSON.parse(row.roles) as string[],
    joinedAt: row.joined_at,
    username: row.username,
    globalName: row.global_name,
    nick: row.nick,
    bot: row.bot === 1,
  }));
}

/**
 * Sets demo members' roles in place: seed data like the rest of the demo, so no role change is
 * logged or recorded as the port's `addMemberRole` would.
 */
export async function setDemoMemberRoles(
  db: Kysely<Database>,
  updates: readonly { userId: string; roleIds: readonly string[] }[],
): Promise<void> {
  for (const update of updates) {
    await db
      .updateTable("sandbox_members")
      .set({ roles: JSON.stringify(update.roleIds) })
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "=", update.userId)
      .execute();
  }
}

/** Dates a message the demo posted back to when the demo's story says it was written. */
export async function backdateMessage(
  db: Kysely<Database>,
  messageId: string,
  createdAt: number,
): Promise<void> {
  await db
    .updateTable("sandbox_messages")
    .set({ created_at: createdAt })
    .where("id", "=", messageId)
    .execute();
}
