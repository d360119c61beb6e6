import { drawWinners, type RandomInt } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { demoMemberProfiles } from "../../discord/sandbox/demo-api.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { putGiveawayConfig } from "./config.ts";
import { enterGiveaway } from "./entries.ts";
import * as entryStore from "./entry-store.ts";
import { createGiveaway } from "./service.ts";
import * as store from "./store.ts";

const hour = 3_600_000;
const day = 24 * hour;

/** Seeded choices, so the demo looks the same on every machine. */
function seeded(seed: number): RandomInt {
  const next = seededRandom(seed);
  return (max) => Math.floor(next() * max);
}

interface ActiveSeed {
  prize: string;
  description?: string;
  startedHoursAgo: number;
  endsInHours: number;
  winnerCount: number;
  entrants: number;
  requirements?: { minAccountAge?: number; minMemberAge?: number; requiredRole?: string };
  donor?: boolean;
}

const active: ActiveSeed[] = [
  { prize: "Discord Nitro (1 month)", startedHoursAgo: 20, endsInHours: 5, winnerCount: 1, entrants: 150 },
  {
    prize: "25M coins + Pepe Crown",
    description: "Thanks to our donor for the crown! Boosters skip the requirements.",
    startedHoursAgo: 30,
    endsInHours: 42,
    winnerCount: 3,
    entrants: 90,
    requirements: { minMemberAge: 7, requiredRole: "Giveaway Ping" },
    donor: true,
  },
  {
    prize: "Steam gift card ($20)",
    startedHoursAgo: 6,
    endsInHours: 4 * 24 + 3,
    winnerCount: 2,
    entrants: 45,
    requirements: { minAccountAge: 180, minMemberAge: 14 },
  },
];

const ended: {
  prize: string;
  endedDaysAgo: number;
  ranDays: number;
  winnerCount: number;
  entrants: number;
}[] = [
  { prize: "10M coins", endedDaysAgo: 2, ranDays: 1, winnerCount: 1, entrants: 64 },
  { prize: "Custom role for 30 days", endedDaysAgo: 5, ranDays: 3, winnerCount: 1, entrants: 38 },
  { prize: "Nitro Basic (3 months)", endedDaysAgo: 9, ranDays: 2, winnerCount: 2, entrants: 120 },
  { prize: "Spotify Premium (3 months)", endedDaysAgo: 16, ranDays: 4, winnerCount: 1, entrants: 22 },
  { prize: "Heist vault: 50M coins", endedDaysAgo: 30, ranDays: 7, winnerCount: 3, entrants: 147 },
];

/**
 * The demo server's giveaways in #giveaways: a configuration (boosters bypass, a blacklist role,
 * Diamond ×3 and Gold ×2), three running giveaways with real sandbox messages, end jobs and members'
 * entries made through the entry rules, and five ended ones with their winners.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channel = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "giveaways");
  if (!channel) return;
  const roles = await ctx.discord.listRoles(demoGuildId);
  const roleId = (name: string) => roles.find((role) => role.name === name)?.id;
  const random = seeded(20240601);
  const members = (await demoMemberProfiles(ctx.storage.db)).filter(
    (member) => !member.bot && member.userId !== demoOwnerId,
  );
  const pick = (count: number) => {
    const pool = [...members];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]];
    }
    return pool.slice(0, count);
  };

  const blacklist = await ctx.discord.createRole(demoGuildId, {
    name: "Giveaway Blacklist",
    color: 0x4b5563,
  });
  for (const member of pick(3)) {
    await ctx.discord.addMemberRole(demoGuildId, member.userId, blacklist.id);
    member.roleIds = [...member.roleIds, blacklist.id];
  }
  const actor = { tokenId: null, userId: demoOwnerId };
  const booster = roleId("Server Booster");
  const diamond = roleId("Diamond");
  const gold = roleId("Gold");
  const config = await putGiveawayConfig(ctx, demoGuildId, actor, {
    bypassRoles: booster ? [booster] : [],
    blacklistRoles: [blacklist.id],
    multiplierRoles: [
      ...(diamond ? [{ roleId: diamond, multiplier: 3 }] : []),
      ...(gold ? [{ roleId: gold, multiplier: 2 }] : []),
    ],
  });

  const now = Date.now();
  for (const seed of active) {
    const requiredRole = seed.requirements?.requiredRole ? roleId(seed.requirements.requiredRole) : undefined;
    const giveaway = await createGiveaway(ctx, demoGuildId, actor, {
      channelId: channel.id,
      prize: seed.prize,
      description: seed.description,
      winnerCount: seed.winnerCount,
      endTime: now + seed.endsInHours * hour,
      donorId: seed.donor ? pick(1)[0]?.userId : undefined,
      requirements: {
        minAccountAge: seed.requirements?.minAccountAge ?? 0,
        minMemberAge: seed.requirements?.minMemberAge ?? 0,
        minInvites: 0,
        requiredRoles: requiredRole ? [requiredRole] : [],
      },
    });
    const startedAt = now - seed.startedHoursAgo * hour;
    await ctx.storage.db
      .updateTable("giveaways")
      .set({ created_at: startedAt })
      .where("message_id", "=", giveaway.messageId)
      .execute();
    // Members enter through the real rules, so the requirements, blacklist and multipliers show.
    for (const member of pick(seed.entrants)) {
      const at = startedAt + random(now - startedAt);
      await enterGiveaway(ctx, demoGuildId, giveaway.messageId, member.userId, { now: at }).catch(
        () => undefined,
      );
    }
  }

  for (const seed of ended) {
    const endedAt = now - seed.endedDaysAgo * day - random(6) * hour;
    const createdAt = endedAt - seed.ranDays * day;
    const giveaway = await store.insertGiveaway(ctx.storage.db, {
      server_id: demoGuildId,
      channel_id: channel.id,
      message_id: makeSnowflake(createdAt),
      guild_name: "Ember Hollow",
      prize: seed.prize,
      description: null,
      winner_count: seed.winnerCount,
      host_id: demoOwnerId,
      donor_id: null,
      min_account_age: 0,
      min_member_age: 0,
      min_invites: 0,
      required_roles: "[]",
      status: "ended",
      end_time: endedAt,
      ended_at: endedAt,
      created_at: createdAt,
    });
    const allowed = pick(seed.entrants).filter((member) => !member.roleIds.includes(blacklist.id));
    const entrants = allowed.map((member) => {
      const held = new Set(member.roleIds);
      const multipliers = config.multiplierRoles.filter((role) => held.has(role.roleId));
      return {
        id: member.userId,
        username: member.username,
        entries: Math.max(1, ...multipliers.map((role) => role.multiplier)),
        hasBypass: config.bypassRoles.some((id) => held.has(id)),
      };
    });
    for (const entrant of entrants) {
      await entryStore.insertEntry(ctx.storage.db, giveaway.id, {
        userId: entrant.id,
        username: entrant.username,
        entries: entrant.entries,
        hasBypass: entrant.hasBypass,
        enteredAt: createdAt + random(endedAt - createdAt),
      });
    }
    const winners = drawWinners(entrants, seed.winnerCount, random);
    await store.insertWinners(
      ctx.storage.db,
      demoGuildId,
      winners.map((winner) => ({
        giveawayId: giveaway.id,
        userId: winner.id,
        username: winner.username,
        entries: winner.entries,
        draw: 0,
        wonAt: endedAt,
      })),
    );
  }
}
