import type { AppContext } from "../../context.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../../discord/demo-seed.ts";
import { seedDemo as seedServerDemo } from "../setup/demo.ts";

/** Helpers for the grinder and setup tests: ids of the demo server by name. */

export async function roleId(ctx: AppContext, name: string, guildId = demoGuildId): Promise<string> {
  const role = (await ctx.discord.listRoles(guildId)).find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

export async function channelId(ctx: AppContext, name: string, type = 0): Promise<string> {
  const channel = (await ctx.discord.listChannels(demoGuildId)).find(
    (c) => c.name === name && c.type === type,
  );
  if (!channel) throw new Error(`no channel ${name}`);
  return channel.id;
}

/** Plain members of the demo server (no staff roles, not the owner or the bot), DMs open. */
export async function plainMembers(ctx: AppContext, count: number): Promise<string[]> {
  const staff = await Promise.all(
    ["Moderator", "Admin", "Grinder Manager", "Event Manager"].map((name) => roleId(ctx, name)),
  );
  const rows = await ctx.storage.db
    .selectFrom("sandbox_members as m")
    .innerJoin("sandbox_users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.roles"])
    .where("m.guild_id", "=", demoGuildId)
    .where("u.dm_open", "=", 1)
    .where("m.user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("m.user_id")
    .execute();
  const picked = rows
    .filter((row) => !staff.some((id) => row.roles.includes(id)))
    .slice(0, count)
    .map((r) => r.user_id);
  if (picked.length < count) throw new Error("not enough plain members");
  return picked;
}

export async function memberRoles(ctx: AppContext, userId: string, guildId = demoGuildId): Promise<string[]> {
  return (await ctx.discord.getMember(guildId, userId))?.roleIds ?? [];
}

/** The demo setup: base role Grinder, tiers Bronze 250k, Silver 500k, Gold 1m, Diamond 2.5m, weekly. */
export async function configureDemoSetup(ctx: AppContext): Promise<void> {
  await seedServerDemo(ctx);
}

export const owner = { tokenId: null, userId: demoOwnerId };
