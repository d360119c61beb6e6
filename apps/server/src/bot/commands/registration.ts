import { createHash } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { ApplicationCommandDefinition } from "../../discord/port.ts";

/**
 * Discord limits command registrations (global ones take a while to spread, and creations are
 * capped per day), so the bulk overwrite is sent only when the definitions changed.
 */
export async function registerIfChanged(
  ctx: AppContext,
  definitions: ApplicationCommandDefinition[],
  guildId: string | undefined,
  options: { force?: boolean } = {},
): Promise<boolean> {
  const key = `commands-hash:${ctx.discord.kind}:${guildId ?? "global"}`;
  const hash = createHash("sha256").update(JSON.stringify(definitions)).digest("hex");
  const stored = await ctx.storage.db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  if (!options.force && stored?.value === hash) return false;
  await ctx.discord.registerCommands(definitions, guildId);
  await ctx.storage.db
    .insertInto("app_meta")
    .values({ key, value: hash })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: hash }))
    .execute();
  ctx.logger.info({ commands: definitions.length, guild: guildId ?? "global" }, "slash commands registered");
  return true;
}
