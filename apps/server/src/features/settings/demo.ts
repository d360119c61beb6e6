import type { AppContext } from "../../context.ts";
import { demoServerMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "./service.ts";

/**
 * Seeds the demo server's settings (the helpers on, so the sandbox shows each working; anti-pool
 * protection with the first grinder manager as pool manager), through the service the dashboard
 * calls.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const roles = await ctx.discord.listRoles(demoGuildId);
  const role = (name: string) => roles.find((r) => r.name === name)?.id ?? null;
  const actor = { tokenId: null, userId: demoOwnerId };
  const managers = await demoServerMembers(ctx.storage.db);
  const managerRole = role("Grinder Manager");
  const poolManager = managers.find((m) => managerRole && m.roleIds.includes(managerRole))?.userId ?? null;
  await editSettings(
    ctx,
    demoGuildId,
    {
      eventsCheatEnabled: true,
      calculatorEnabled: true,
      bankCalculatorEnabled: true,
      marketCheckerEnabled: true,
      tipsEnabled: true,
      heist_image: true,
      memberTriggerLimit: 5,
      antiPoolShow: { poolManagerId: poolManager },
    },
    actor,
  );
}
