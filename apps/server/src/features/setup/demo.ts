import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { addTier, saveSetupForm } from "../grinders/service.ts";

/** The demo server's tiers and what each owes per week. */
export const demoTiers = [
  { name: "Bronze", payment: 250_000 },
  { name: "Silver", payment: 500_000 },
  { name: "Gold", payment: 1_000_000 },
  { name: "Diamond", payment: 2_500_000 },
] as const;

/**
 * Seeds the demo server's setup (roles, channels, four weekly tiers, tier switching every 24 h),
 * through the same services the dashboard calls.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const [roles, channels] = await Promise.all([
    ctx.discord.listRoles(demoGuildId),
    ctx.discord.listChannels(demoGuildId),
  ]);
  const role = (name: string) => roles.find((r) => r.name === name)?.id ?? null;
  const channel = (name: string, type: number) =>
    channels.find((c) => c.name === name && c.type === type)?.id ?? null;
  const actor = { tokenId: null, userId: demoOwnerId };

  await saveSetupForm(
    ctx,
    demoGuildId,
    {
      managerRoleId: role("Grinder Manager"),
      grinderBaseRoleId: role("Grinder"),
      paymentsChannelId: channel("payments", 0),
      ticketCategoryId: channel("Tickets", 4),
      logChannelId: channel("grinder-logs", 0),
      events: { manager: role("Event Manager"), pingRole: role("Events Ping") },
      grinders: { switchTierEnabled: true, switchTierCooldown: "24h", paymentPeriod: "weekly" },
    },
    actor,
  );
  for (const tier of demoTiers) {
    const roleId = role(tier.name);
    if (roleId) {
      await addTier(
        ctx,
        demoGuildId,
        { tierName: tier.name, tierPayment: tier.payment, tierRoleId: roleId },
        actor,
      );
    }
  }
}
