import type { AppContext } from "../src/context.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../src/discord/sandbox/demo-seed-data.ts";
import { createBoard } from "../src/features/boards/service.ts";
import { setItemPrice } from "../src/features/market/service.ts";
import { goAfk } from "../src/features/perks/afk.ts";
import { addResponder, setEmojis, setKeywords } from "../src/features/perks/member-perks.ts";
import { createTier } from "../src/features/perks/tiers.ts";
import { editSettings } from "../src/features/settings/service.ts";
import { setSticky } from "../src/features/sticky/service.ts";
import { addTrigger } from "../src/features/triggers/service.ts";

/** One configured server of the message bench: where members talk and who they are. */
export interface BenchServer {
  guildId: string;
  general: string;
  /** The channel with a sticky message. */
  trading: string;
  /** Members who chat (never the AFK one: speaking would end the note). */
  chatters: { userId: string; roleIds: string[] }[];
  /** The member with highlights, auto-reactions and a responder. */
  vip: { userId: string; roleIds: string[] };
  /** The member whose AFK note mentions answer. */
  afkUserId: string;
}

const membersPerServer = 30;
const priceList: [string, string][] = [
  ["Gold Bar", "2.4m"],
  ["Trophy", "18m"],
  ["Lifesaver", "95k"],
  ["Pepe Coin", "1.1m"],
  ["Fishing Pole", "12k"],
];

/**
 * Makes `count` servers besides the demo one, each in the sandbox's Discord (guild, roles, three
 * text channels, 30 members from the demo's users, the bot) and configured through the features'
 * own services as a server's staff would: every message switch on, two triggers, a sticky, a price
 * list, a perk tier with a member's highlights, emojis and responder and another's AFK note, and a
 * starboard. Answers the servers (the demo one first, configured by its demo seeds).
 */
export async function seedBenchServers(ctx: AppContext, count: number): Promise<BenchServer[]> {
  const db = ctx.storage.db;
  const demoRoles = await db
    .selectFrom("sandbox_roles")
    .selectAll()
    .where("guild_id", "=", demoGuildId)
    .execute();
  const everyone = demoRoles.find((role) => role.id === demoGuildId);
  const botRole = demoRoles.find((role) => role.name === "Hearth");
  const users = (
    await db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .orderBy("joined_at")
      .limit(membersPerServer)
      .execute()
  ).map((row) => row.user_id);
  const servers: BenchServer[] = [await demoServer(ctx)];
  const base = 1_200_000_000_000_000_000n;
  const now = Date.now();
  const seedOne = async (index: number): Promise<BenchServer> => {
    const id = (offset: number) => String(base + BigInt(index) * 1000n + BigInt(offset));
    const guildId = id(0);
    const [general, trading, starboard, memberRole, vipRole, hearthRole] = [1, 2, 3, 10, 11, 12].map(id) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("sandbox_guilds")
        .values({
          id: guildId,
          name: `Bench server ${index}`,
          icon: null,
          owner_id: demoOwnerId,
          description: null,
          boost_count: 0,
          boost_level: 0,
          created_at: now - 86_400_000,
        })
        .execute();
      const role = (roleId: string, name: string, position: number, permissions: string) => ({
        id: roleId,
        guild_id: guildId,
        name,
        color: 0,
        position,
        permissions,
        managed: 0,
        hoist: 0,
      });
      await trx
        .insertInto("sandbox_roles")
        .values([
          role(guildId, "@everyone", 0, everyone?.permissions ?? "0"),
          role(memberRole, "Member", 1, "0"),
          role(vipRole, "VIP", 2, "0"),
          role(hearthRole, "Hearth", 3, botRole?.permissions ?? "8"),
        ])
        .execute();
      await trx
        .insertInto("sandbox_channels")
        .values(
          [general, trading, starboard].map((channelId, position) => ({
            id: channelId,
            guild_id: guildId,
            name: ["general", "trading", "starboard"][position] ?? "general",
            type: 0,
            parent_id: null,
            position,
            topic: null,
            nsfw: 0,
          })),
        )
        .execute();
      const member = (userId: string, roles: string[]) => ({
        guild_id: guildId,
        user_id: userId,
        nick: null,
        roles: JSON.stringify(roles),
        joined_at: now - 3_600_000,
        timeout_until: null,
      });
      await trx
        .insertInto("sandbox_members")
        .values([
          member(demoOwnerId, [memberRole]),
          member(demoBotId, [hearthRole]),
          ...users.map((userId, n) => member(userId, n < 2 ? [memberRole, vipRole] : [memberRole])),
        ])
        .execute();
    });
    return configure(ctx, guildId, { general, trading, starboard, vipRole, memberRole }, users);
  };
  // A few servers at a time: on PostgreSQL each service call waits on round trips, not the CPU.
  let nextIndex = 1;
  const made: BenchServer[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextIndex <= count) made.push(await seedOne(nextIndex++));
    }),
  );
  return [...servers, ...made.sort((a, b) => a.guildId.localeCompare(b.guildId))];
}

async function configure(
  ctx: AppContext,
  guildId: string,
  place: { general: string; trading: string; starboard: string; vipRole: string; memberRole: string },
  users: string[],
): Promise<BenchServer> {
  const actor = { tokenId: null, userId: demoOwnerId };
  await editSettings(
    ctx,
    guildId,
    {
      calculatorEnabled: true,
      marketCheckerEnabled: true,
      eventsCheatEnabled: true,
      rumbleTrackerEnabled: true,
      tipsEnabled: true,
    },
    actor,
  );
  const staff = { ...actor, staff: true };
  await addTrigger(ctx, guildId, { keyword: "heist", response: "Heists start at 8, {user.name}!" }, staff);
  await addTrigger(
    ctx,
    guildId,
    { keyword: "rules", response: "No scamming, no begging.", replyType: "embed", embedTitle: "Rules" },
    staff,
  );
  await setSticky(ctx, guildId, {
    channelId: place.trading,
    message: "Trades over 10m go through a middleman.",
    triggerCount: 10,
    userId: demoOwnerId,
  });
  for (const [name, price] of priceList) await setItemPrice(ctx, guildId, { name, price }, actor);
  await createTier(ctx, guildId, {
    name: "VIP",
    roleId: place.vipRole,
    emojis: 2,
    highlights: true,
    afk: true,
    responders: 2,
  });
  const [vipId, afkId] = users as [string, string];
  const vip = { userId: vipId, roleIds: [place.memberRole, place.vipRole] };
  await setEmojis(ctx, guildId, vip, "🔥");
  await setKeywords(ctx, guildId, vip, "giveaway\nember");
  await addResponder(ctx, guildId, vip, {
    trigger: "raid night",
    text: "Fridays at 20:00 UTC. Bring potions!",
  });
  await goAfk(
    ctx,
    guildId,
    { userId: afkId, roleIds: [place.memberRole, place.vipRole] },
    "back after dinner",
  );
  await createBoard(ctx, guildId, {
    name: "Starboard",
    emoji: "⭐",
    channelId: place.starboard,
    userId: demoOwnerId,
  });
  return {
    guildId,
    general: place.general,
    trading: place.trading,
    vip,
    afkUserId: afkId,
    chatters: users.slice(2).map((userId) => ({ userId, roleIds: [place.memberRole] })),
  };
}

/** The demo server as its demo seeds configured it (its general channel; no sticky channel of ours). */
async function demoServer(ctx: AppContext): Promise<BenchServer> {
  const channels = await ctx.discord.listChannels(demoGuildId);
  const general = channels.find((c) => c.name === "general")?.id ?? "";
  const rows = await ctx.storage.db
    .selectFrom("sandbox_members")
    .select(["user_id", "roles"])
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("joined_at")
    .limit(60)
    .execute();
  const chatters = rows.map((row) => ({ userId: row.user_id, roleIds: JSON.parse(row.roles) as string[] }));
  const first = chatters[0] ?? { userId: demoOwnerId, roleIds: [] };
  return { guildId: demoGuildId, general, trading: general, chatters, vip: first, afkUserId: first.userId };
}
