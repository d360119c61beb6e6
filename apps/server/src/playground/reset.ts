import type { AppContext } from "../context.ts";
import type { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { clearSandboxDirectory, seedDemoDirectory } from "../discord/sandbox/demo-seed.ts";
import { clearCaches } from "../lib/cache-registry.ts";
import type { PlaygroundDeps } from "./deps.ts";

/**
 * Puts the sandbox back as the first start made it: every sandbox server's feature data and jobs
 * deleted (dashboard tokens and the audit log stay, so an open dashboard keeps working), the
 * directory emptied and seeded again, the features' demo data seeded again, and the bot told of its
 * servers as at start.
 */
export async function resetSandbox(
  ctx: AppContext,
  sandbox: SandboxAdapter,
  deps: Pick<PlaygroundDeps, "purgeServer" | "seedDemos">,
): Promise<void> {
  const guilds = await ctx.storage.db.selectFrom("sandbox_guilds").select("id").execute();
  for (const guild of guilds) await deps.purgeServer(guild.id);
  await clearSandboxDirectory(ctx.storage.db);
  clearCaches();
  await seedDemoDirectory(ctx.storage.db);
  await deps.seedDemos();
  clearCaches();
  await sandbox.start();
  ctx.logger.warn("sandbox reset: the demo server is back to its seeded state");
}
