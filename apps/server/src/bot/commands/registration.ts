import { createHash } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { ApplicationCommandDefinition } from "../../discord/port.ts";
import { botFeatures } from "../../features/index.ts";
import type { Bot } from "../bot.ts";
import { applicationCommands } from "./definitions.ts";
import { bindCommands } from "./registry.ts";

/** The command paths the features implement: the only ones registered with Discord. */
export function implementedCommandPaths(ctx: AppContext): string[] {
  return botFeatures.flatMap((feature) => feature.commands?.(ctx) ?? []).map((definition) => definition.path);
}

/**
 * Binds every feature's commands and listeners to the bot, and registers with Discord exactly the
 * commands that have a handler (globally, or on COMMANDS_GUILD_ID for development).
 */
export async function bindFeatures(ctx: AppContext, bot: Bot): Promise<void> {
  const definitions = botFeatures.flatMap((feature) => feature.commands?.(ctx) ?? []);
  const paths = bindCommands(bot, ctx, definitions, { developerIds: ctx.config.developerIds });
  for (const feature of botFeatures) feature.listen?.(bot, ctx);
  await registerIfChanged(ctx, applicationCommands(paths), ctx.config.commandsGuildId);
}

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
