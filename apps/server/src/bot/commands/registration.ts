import { createHash } from "node:crypto";
import { findCommand } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { ApplicationCommandDefinition } from "../../discord/port/port.ts";

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

/** One bulk registration: the commands for one guild, or the global set (`guildId` undefined). */
export interface Registration {
  guildId: string | undefined;
  paths: string[];
}

/**
 * Where each command is registered. Members' commands go globally, or all on COMMANDS_GUILD_ID when
 * it is set (development). The developer tools go only on the developers' server (`devGuildId`),
 * never globally, hidden there from members without Administrator (`developerOnly` entries are
 * registered with no default permission); with no such server they are not registered at all.
 */
export function registrationPlan(
  paths: readonly string[],
  guilds: { commandsGuildId: string | undefined; devGuildId: string | undefined },
): Registration[] {
  const developer = (path: string) => findCommand(path)?.developerOnly === true;
  const members = paths.filter((path) => !developer(path));
  const tools = paths.filter(developer);
  const plan = new Map<string | undefined, string[]>([[guilds.commandsGuildId, members]]);
  if (guilds.devGuildId && tools.length > 0) {
    plan.set(guilds.devGuildId, [...(plan.get(guilds.devGuildId) ?? []), ...tools]);
  }
  return [...plan].map(([guildId, planned]) => ({ guildId, paths: planned }));
}
