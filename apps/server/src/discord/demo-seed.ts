import type { Insertable, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { seededRandom as random } from "../lib/seeded-random.ts";

const discordEpoch = 1_420_070_400_000n;
const day = 86_400_000;

/** A deterministic snowflake so the demo server has the same ids on every machine. */
function snowflakeAt(at: number, sequence: number): string {
  return (((BigInt(at) - discordEpoch) << 22n) | BigInt(sequence & 0x3fffff)).toString();
}

const guildCreatedAt = Date.UTC(2023, 2, 14, 18, 30);
export const demoGuildId = snowflakeAt(guildCreatedAt, 1);
export const demoOwnerId = snowflakeAt(Date.UTC(2017, 5, 2, 12), 7);
export const demoBotId = snowflakeAt(Date.UTC(2023, 0, 9, 10), 3);

const icon = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#7c2d12"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><path d="M64 22c6 18 26 28 26 52a26 26 0 0 1-52 0c0-12 6-20 12-26 0 10 6 16 12 16-4-14 0-30 2-42z" fill="#fff7ed"/></svg>`,
).toString("base64")}`;

interface ChannelSeed {
  name: string;
  type: 0 | 2 | 4 | 5;
  topic?: string;
  nsfw?: boolean;
  /** Only staff post here (members read): @everyone is denied Send Messages. */
  readOnly?: boolean;
}

const layout: { category: string; staffOnly?: boolean; channels: ChannelSeed[] }[] = [
  {
    category: "Information",
    channels: [
      { name: "welcome", type: 0, topic: "Say hi to new members" },
      { name: "rules", type: 0, topic: "Read before chatting", readOnly: true },
      { name: "announcements", type: 5, topic: "Server news", readOnly: true },
      { name: "self-roles", type: 0, topic: "Pick your pings" },
    ],
  },
  {
    category: "Community",
    channels: [
      { name: "general", type: 0, topic: "Talk about anything" },
      { name: "memes", type: 0 },
      { name: "media", type: 0 },
      { name: "bot-commands", type: 0, topic: "Keep bot spam here" },
      { name: "suggestions", type: 0 },
      { name: "after-dark", type: 0, topic: "18+ only", nsfw: true },
    ],
  },
  {
    category: "Grinders",
    channels: [
      { name: "grinder-chat", type: 0 },
      { name: "payments", type: 0, topic: "Post weekly payments here" },
      { name: "grinder-logs", type: 0 },
      { name: "break-requests", type: 0 },
    ],
  },
  {
    category: "Events",
    channels: [
      { name: "giveaways", type: 0 },
      { name: "events", type: 0 },
      { name: "event-logs", type: 0 },
    ],
  },
  { category: "Tickets", channels: [] },
  {
    category: "Staff",
    // Hidden from @everyone; moderators and admins see it (the category's overwrites, synced below).
    staffOnly: true,
    channels: [
      { name: "staff-chat", type: 0 },
      { name: "mod-logs", type: 0 },
    ],
  },
  {
    category: "Voice",
    channels: [
      { name: "Lounge", type: 2 },
      { name: "Gaming", type: 2 },
      { name: "Music", type: 2 },
      { name: "AFK", type: 2 },
    ],
  },
];

// Highest first. Permissions: Administrator 8, Manage Server 32, Manage Roles 268435456, Kick 2, Ban 4,
// Manage Messages 8192, Moderate Members 1099511627776; everyone gets the usual chat permissions.
const roleSeeds: { name: string; color: number; permissions: bigint; managed?: boolean; hoist?: boolean }[] =
  [
    { name: "Owner", color: 0xf97316, permissions: 8n, hoist: true },
    { name: "Hearth", color: 0xfb923c, permissions: 8n, managed: true },
    { name: "Admin", color: 0xef4444, permissions: 8n, hoist: true },
    { name: "Moderator", color: 0x3b82f6, permissions: 2n | 4n | 8192n | 1_099_511_627_776n, hoist: true },
    { name: "Grinder Manager", color: 0x22c55e, permissions: 32n | 268_435_456n, hoist: true },
    { name: "Event Manager", color: 0xa855f7, permissions: 8192n },
    { name: "Diamond", color: 0x67e8f9, permissions: 0n, hoist: true },
    { name: "Gold", color: 0xfacc15, permissions: 0n, hoist: true },
    { name: "Silver", color: 0xcbd5e1, permissions: 0n, hoist: true },
    { name: "Bronze", color: 0xb45309, permissions: 0n, hoist: true },
    { name: "Grinder", color: 0x10b981, permissions: 0n },
    { name: "Server Booster", color: 0xf472b6, permissions: 0n, managed: true },
    { name: "Giveaway Ping", color: 0xfda4af, permissions: 0n },
    { name: "Events Ping", color: 0x818cf8, permissions: 0n },
    { name: "Member", color: 0x94a3b8, permissions: 0n },
  ];
const everyonePermissions =
  64n | 1024n | 2048n | 16384n | 32768n | 65536n | 262144n | 2147483648n | 1048576n | 2097152n;
const viewChannel = 1024n;
const sendMessages = 2048n;

/** The demo server's custom emojis (the AI designer and boards use them); the last two are animated. */
export const demoEmojiNames = [
  "ember_heart",
  "hollow_fire",
  "cozy_fox",
  "pog_flame",
  "sparkle_coin",
  "gg_owl",
  "flame_dance",
  "wave_fox",
] as const;
const animatedEmojis = new Set(["flame_dance", "wave_fox"]);

const firstParts = [
  "ash",
  "blaze",
  "cinder",
  "dusk",
  "ember",
  "flint",
  "glow",
  "hollow",
  "ivy",
  "jade",
  "kindle",
  "lumen",
  "moss",
  "nova",
  "onyx",
  "pine",
  "quill",
  "rook",
  "sage",
  "tinder",
  "umber",
  "vale",
  "wick",
  "yarrow",
  "zephyr",
  "coal",
  "spark",
  "frost",
  "maple",
  "raven",
];
const secondParts = [
  "fox",
  "wolf",
  "owl",
  "bear",
  "hawk",
  "lynx",
  "otter",
  "moth",
  "crow",
  "stag",
  "hare",
  "wren",
  "finch",
  "newt",
  "boar",
  "pike",
  "seal",
  "toad",
  "vole",
  "yak",
];

export const demoMemberCount = 320;

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

/** Whether the demo server exists already. */
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

export async function hasDemoDirectory(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("sandbox_guilds")
    .select("id")
    .where("id", "=", demoGuildId)
    .executeTakeFirst();
  return row !== undefined;
}
