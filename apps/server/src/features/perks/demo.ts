import type { AppContext } from "../../context.ts";
import { demoServerMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { addResponder, setEmojis, setKeywords } from "./member-perks.ts";
import { createPrivateChannel, setChannelMembers } from "./private-spaces.ts";
import { listTiers } from "./store.ts";
import { createTier } from "./tiers.ts";

/** The spec's example tiers; Supporter reuses the role Statica's demo gives supporters. */
const demoTiers = [
  { name: "Supporter", color: 0xf59e0b, emojis: 2, channelMembers: 0, roleMembers: 0, responders: 1 },
  { name: "VIP", color: 0xe879f9, emojis: 4, channelMembers: 10, roleMembers: 5, responders: 3 },
  { name: "Premium", color: 0x38bdf8, emojis: 6, channelMembers: 20, roleMembers: 15, responders: 5 },
];

/**
 * Seeds Ember Hollow's perks: Supporter, VIP and Premium tiers on their own roles, a VIP member with
 * auto-reactions, highlights and a responder, and a Premium member with a private channel.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  if ((await listTiers(ctx.storage.db, demoGuildId)).length > 0) return;
  const existing = await ctx.discord.listRoles(demoGuildId);
  const roleIds: Record<string, string> = {};
  for (const tier of demoTiers) {
    const found = existing.find((role) => role.name === tier.name);
    roleIds[tier.name] =
      found?.id ??
      (
        await ctx.discord.createRole(
          demoGuildId,
          { name: tier.name, color: tier.color },
          "Perks demo tier role",
        )
      ).id;
    await createTier(ctx, demoGuildId, { ...tier, roleId: roleIds[tier.name] ?? "" });
  }

  const members = (await demoServerMembers(ctx.storage.db))
    .filter((m) => m.userId !== demoOwnerId && m.userId !== demoBotId)
    .slice(0, 40);
  const [vip, premium, friend] = members.slice(-3).map((m) => m.userId);
  if (!vip || !premium || !friend) return;
  const rolesOf = async (userId: string) => (await ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [];
  await ctx.discord.addMemberRole(demoGuildId, vip, roleIds.VIP ?? "", "Perks demo");
  await ctx.discord.addMemberRole(demoGuildId, premium, roleIds.Premium ?? "", "Perks demo");

  const vipOwner = { userId: vip, roleIds: await rolesOf(vip) };
  await setEmojis(ctx, demoGuildId, vipOwner, "🔥 ✨");
  await setKeywords(ctx, demoGuildId, vipOwner, "raid night\ngiveaway\nember");
  await addResponder(ctx, demoGuildId, vipOwner, {
    trigger: "raid night",
    title: "🗡️ Raid night",
    description: "Fridays at 20:00 UTC in #events. Bring potions!",
    colour: "#F97316",
  });

  const premiumOwner = { userId: premium, roleIds: await rolesOf(premium) };
  await setEmojis(ctx, demoGuildId, premiumOwner, "🌙");
  await setKeywords(ctx, demoGuildId, premiumOwner, "premium\nlore");
  await createPrivateChannel(ctx, demoGuildId, premiumOwner, "moonlit-den");
  await setChannelMembers(ctx, demoGuildId, premiumOwner, [friend]);
}
