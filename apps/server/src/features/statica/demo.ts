import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createStaticaConfig } from "./service.ts";
import { findConfig } from "./store.ts";

/** Reward roles of the demo: plain cosmetic roles, created just above @everyone (below the bot). */
const rewardRoles = [
  { name: "Supporter", color: 0xf59e0b },
  { name: "Tag Wearer", color: 0x2dd4bf },
];

/**
 * Seeds Ember Hollow's supporter rewards: on, members wearing the server tag or advertising the
 * server in their status get "Supporter", tag wearers also get "Tag Wearer", logged to #mod-logs.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  if (await findConfig(ctx.storage.db, demoGuildId)) return;
  const existing = await ctx.discord.listRoles(demoGuildId);
  const roleIds: Record<string, string> = {};
  for (const role of rewardRoles) {
    const found = existing.find((r) => r.name === role.name);
    roleIds[role.name] =
      found?.id ?? (await ctx.discord.createRole(demoGuildId, role, "Statica demo reward role")).id;
  }
  const modLogs = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "mod-logs");

  await createStaticaConfig(
    ctx,
    demoGuildId,
    { tokenId: null, userId: demoOwnerId },
    {
      enabled: true,
      type: "combined",
      roleConfig: {
        combined: [roleIds.Supporter ?? ""],
        serverTag: [roleIds["Tag Wearer"] ?? ""],
        status: [],
      },
      conditions: {
        serverTag: { enabled: true, requireOwnServer: true, allowedGuilds: [], requireBadge: false },
        status: {
          enabled: true,
          keywords: ["ember hollow", ".gg/emberhollow", "hearth"],
          matchType: "any",
          caseSensitive: false,
          includeCustomStatus: true,
          includeActivity: false,
        },
        combination: "OR",
      },
      settings: { separateRoles: true, notifyUsers: true },
      logging: {
        enabled: modLogs !== undefined,
        channel: modLogs?.id ?? null,
        events: { "Role Added": true, "Role Removed": true, "Config Updated": true, "User Checked": false },
      },
    },
  );
}
