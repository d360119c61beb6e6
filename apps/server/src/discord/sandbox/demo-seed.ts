import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { seededRandom as random } from "../../lib/seeded-random.ts";
import {
  animatedEmojis,
  day,
  demoBotId,
  demoEmojiNames,
  demoGuildId,
  demoMemberCount,
  demoOwnerId,
  everyonePermissions,
  firstParts,
  guildCreatedAt,
  icon,
  layout,
  roleSeeds,
  secondParts,
  sendMessages,
  snowflakeAt,
  viewChannel,
} from "./demo-seed-data.ts";

/** Builds the demo server: about 25 channels, 15 roles and a few hundred members with real-looking dates. */
export async function seedDemoDirectory(db: Kysely<Database>, now: number = Date.now()): Promise<void> {
  const rand = random(20230314);
  // No account from the future: seeded at an earlier `now`, the newest accounts are a day old.
  const firstAccount = Date.UTC(2016, 0, 1);
  const lastAccount = Math.min(Date.UTC(2025, 8, 1), now - day);
  let sequence = 100;
  const nextId = (at: number) => snowflakeAt(at, sequence++);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("sandbox_users")
      .values([
        {
          id: demoOwnerId,
          username: "emberkeeper",
          global_name: "Ember Keeper",
          avatar: null,
          bot: 0,
          created_at: Date.UTC(2017, 5, 2, 12),
          dm_open: 1,
        },
        {
          id: demoBotId,
          username: "hearth",
          global_name: "Hearth",
          avatar: null,
          bot: 1,
          created_at: Date.UTC(2023, 0, 9, 10),
          dm_open: 0,
        },
      ])
      .execute();
    await trx
      .insertInto("sandbox_guilds")
      .values({
        id: demoGuildId,
        name: "Ember Hollow",
        icon,
        owner_id: demoOwnerId,
        description: "A cosy grinding and events community: weekly giveaways, heists and a friendly crew.",
        boost_count: 9,
        boost_level: 2,
        created_at: guildCreatedAt,
      })
      .execute();

    const roleIds: Record<string, string> = {};
    const roles = roleSeeds.map((seed, index) => {
      const id = nextId(guildCreatedAt + (index + 1) * 60_000);
      roleIds[seed.name] = id;
      return {
        id,
        guild_id: demoGuildId,
        name: seed.name,
        color: seed.color,
        position: roleSeeds.length - index,
        permissions: seed.permissions.toString(),
        managed: seed.managed ? 1 : 0,
        hoist: seed.hoist ? 1 : 0,
      };
    });
    // @everyone shares the guild's id and sits at position 0, as on Discord.
    roles.push({
      id: demoGuildId,
      guild_id: demoGuildId,
      name: "@everyone",
      color: 0,
      position: 0,
      permissions: everyonePermissions.toString(),
      managed: 0,
      hoist: 0,
    });
    await trx.insertInto("sandbox_roles").values(roles).execute();

    const overwrite = (id: string, allow: bigint, deny: bigint) => ({
      id,
      type: "role" as const,
      allow: allow.toString(),
      deny: deny.toString(),
    });
    const staffOnly = JSON.stringify([
      overwrite(demoGuildId, 0n, viewChannel),
      overwrite(roleIds.Moderator ?? "", viewChannel | sendMessages, 0n),
      overwrite(roleIds.Admin ?? "", viewChannel | sendMessages, 0n),
    ]);
    const readOnly = JSON.stringify([overwrite(demoGuildId, 0n, sendMessages)]);

    let position = 0;
    const channels: Insertable<Database["sandbox_channels"]>[] = [];
    for (const group of layout) {
      const categoryId = nextId(guildCreatedAt + 3_600_000 + position * 60_000);
      channels.push({
        id: categoryId,
        guild_id: demoGuildId,
        name: group.category,
        type: 4,
        parent_id: null,
        position: position++,
        topic: null,
        nsfw: 0,
        permission_overwrites: group.staffOnly ? staffOnly : "[]",
      });
      for (const channel of group.channels) {
        channels.push({
          id: nextId(guildCreatedAt + 3_600_000 + position * 60_000),
          guild_id: demoGuildId,
          name: channel.name,
          type: channel.type,
          parent_id: categoryId,
          position: position++,
          topic: channel.topic ?? null,
          nsfw: channel.nsfw ? 1 : 0,
          permission_overwrites: group.staffOnly ? staffOnly : channel.readOnly ? readOnly : "[]",
        });
      }
    }
    await trx.insertInto("sandbox_channels").values(channels).execute();

    const users: Database["sandbox_users"][] = [];
    const members: Database["sandbox_members"][] = [
      {
        guild_id: demoGuildId,
        user_id: demoOwnerId,
        nick: null,
        roles: JSON.stringify([roleIds.Owner, roleIds.Member]),
        joined_at: guildCreatedAt,
        timeout_until: null,
      },
      {
        guild_id: demoGuildId,
        user_id: demoBotId,
        nick: null,
        roles: JSON.stringify([roleIds.Hearth]),
        joined_at: guildCreatedAt + 7 * day,
        timeout_until: null,
      },
    ];
    const taken = new Set<string>();
    for (let index = 0; index < demoMemberCount - 2; index++) {
      let username: string;
      do {
        const first = firstParts[Math.floor(rand() * firstParts.length)] ?? "ember";
        const second = secondParts[Math.floor(rand() * secondParts.length)] ?? "fox";
        const suffix = rand() < 0.55 ? String(Math.floor(rand() * 999)) : "";
        username = `${first}${rand() < 0.3 ? "_" : ""}${second}${suffix}`;
      } while (taken.has(username));
      taken.add(username);
      const createdAt = firstAccount + Math.floor(rand() * (lastAccount - firstAccount));
      const joinedAt =
        Math.max(createdAt, guildCreatedAt) +
        Math.floor(rand() * Math.max(day, now - Math.max(createdAt, guildCreatedAt)));
      const userId = nextId(createdAt);
      const memberRoles = [roleIds.Member];
      if (index < 6) memberRoles.push(roleIds.Moderator);
      if (index >= 6 && index < 9) memberRoles.push(roleIds["Grinder Manager"]);
      if (index === 9) memberRoles.push(roleIds.Admin);
      if (index >= 10 && index < 12) memberRoles.push(roleIds["Event Manager"]);
      if (rand() < 0.35) memberRoles.push(roleIds["Giveaway Ping"]);
      if (rand() < 0.2) memberRoles.push(roleIds["Events Ping"]);
      if (index % 37 === 5) memberRoles.push(roleIds["Server Booster"]);
      users.push({
        id: userId,
        username,
        global_name:
          rand() < 0.6
            ? username
                .replace(/[_\d]+/g, " ")
                .trim()
                .replace(/^\w/, (c) => c.toUpperCase())
            : null,
        avatar: null,
        bot: 0,
        created_at: createdAt,
        // A few members keep their DMs closed, as on any real server.
        dm_open: rand() < 0.08 ? 0 : 1,
      });
      members.push({
        guild_id: demoGuildId,
        user_id: userId,
        nick: rand() < 0.1 ? `${username.slice(0, 1).toUpperCase()}${username.slice(1, 8)}` : null,
        roles: JSON.stringify(memberRoles.filter(Boolean)),
        joined_at: Math.min(joinedAt, now),
        timeout_until: null,
      });
    }
    // SQLite caps bound parameters per statement; insert in chunks.
    for (let start = 0; start < users.length; start += 100) {
      await trx
        .insertInto("sandbox_users")
        .values(users.slice(start, start + 100))
        .execute();
    }
    for (let start = 0; start < members.length; start += 100) {
      await trx
        .insertInto("sandbox_members")
        .values(members.slice(start, start + 100))
        .execute();
    }

    // Ids from their own sequence range, so adding emojis never shifts the other seeded ids.
    await trx
      .insertInto("sandbox_emojis")
      .values(
        demoEmojiNames.map((name, index) => {
          const createdAt = guildCreatedAt + (index + 2) * 9 * day;
          return {
            id: snowflakeAt(createdAt, 5000 + index),
            guild_id: demoGuildId,
            name,
            animated: animatedEmojis.has(name) ? 1 : 0,
            created_at: createdAt,
          };
        }),
      )
      .execute();
  });
}

/** The demo server's human members other than the owner, by id (the first `limit`, when given). */
export async function demoMembers(db: Kysely<Database>, limit?: number): Promise<string[]> {
  let query = db
    .selectFrom("sandbox_members as m")
    .innerJoin("sandbox_users as u", "u.id", "m.user_id")
    .select("m.user_id")
    .where("m.guild_id", "=", demoGuildId)
    .where("u.bot", "=", 0)
    .where("m.user_id", "!=", demoOwnerId)
    .orderBy("m.user_id");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((row) => row.user_id);
}

/** A member of the demo server as the features' demo seeds read it. */
export interface DemoMember {
  userId: string;
  roleIds: string[];
  joinedAt: number;
}

/**
 * Every member of the demo server (the owner and bots too), in the order they joined (then by id):
 * what a feature's demo seed picks its members from, instead of reading the sandbox's tables.
 */
export async function demoServerMembers(db: Kysely<Database>): Promise<DemoMember[]> {
  const rows = await db
    .selectFrom("sandbox_members")
    .select(["user_id", "roles", "joined_at"])
    .where("guild_id", "=", demoGuildId)
    .orderBy("joined_at")
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    roleIds: JSON.parse(row.roles) as string[],
    joinedAt: row.joined_at,
  }));
}

/** Whether the demo server exists already. */
export async function hasDemoDirectory(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("sandbox_guilds")
    .select("id")
    .where("id", "=", demoGuildId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Empties the sandbox's whole directory (every guild, user, message and recorded action), so
 * `seedDemoDirectory` can seed it again as on the first start: the playground's reset.
 */
export async function clearSandboxDirectory(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of [
      "sandbox_reactions",
      "sandbox_messages",
      "sandbox_invites",
      "sandbox_bans",
      "sandbox_emojis",
      "sandbox_members",
      "sandbox_channels",
      "sandbox_roles",
      "sandbox_guilds",
      "sandbox_users",
      "sandbox_outbox",
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
  });
}
