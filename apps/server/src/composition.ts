import type { FastifyInstance } from "fastify";
import type { Bot } from "./bot/bot.ts";
import { applicationCommands } from "./bot/commands/definitions.ts";
import type { ManagerRoleResolver } from "./bot/commands/permissions.ts";
import { registerIfChanged, registrationPlan } from "./bot/commands/registration.ts";
import { bindCommands } from "./bot/commands/registry.ts";
import type { BotGuard } from "./bot/guard.ts";
import type { AppContext } from "./context.ts";
import { resolveTokenFollowingDiscord } from "./features/auth/follow-discord.ts";
import { revokeForSuspiciousActivity } from "./features/auth/token-dms.ts";
import type { Feature } from "./features/feature.ts";
import { features } from "./features/index.ts";
import { purgeServerData, resettableFeatures, tableScopes } from "./features/purge/service.ts";
import { withTip } from "./features/tips/service.ts";
import { type ActivityStore, MemoryActivityStore, TokenActivityMonitor } from "./http/activity-monitor.ts";
import { type BuildAppOptions, buildApp } from "./http/app.ts";

/**
 * Assembles the program from the feature list: the HTTP app's routes and token lookup, the bot's
 * commands, listeners and manager roles, the job handlers and the demo seed. The layers below
 * (`db/`, `http/`, `bot/`, `jobs/`, `discord/`) know nothing of features; this file and `server.ts`
 * are the only places that see them all.
 */

/**
 * The api role's Fastify app with every feature's routes behind the dashboard-token hook, and the
 * suspicious-activity monitor (counts in `activityStore`: Redis in a split deployment, memory otherwise)
 * revoking through the auth feature.
 */
export async function buildHearthApp(
  ctx: AppContext,
  options: Omit<BuildAppOptions, "routes" | "resolveToken"> & { activityStore?: ActivityStore } = {},
  list: readonly Feature[] = features,
): Promise<FastifyInstance> {
  const { activityStore, ...rest } = options;
  const monitor =
    rest.monitor ??
    new TokenActivityMonitor(
      activityStore ?? new MemoryActivityStore(),
      { maxAddresses: ctx.config.tokenMaxAddresses, forbiddenBurst: ctx.config.tokenForbiddenBurst },
      async (token, reason) => {
        await revokeForSuspiciousActivity(ctx, token, reason);
      },
    );
  const commandPaths = implementedCommandPaths(ctx, list);
  return buildApp(ctx, {
    ...rest,
    monitor,
    commandPaths,
    routes: [
      ...list.flatMap((feature) => (feature.routes ? [feature.routes] : [])),
      ...(await playgroundOf(ctx, list, commandPaths)),
    ],
    resolveToken: (authorization) => resolveTokenFollowingDiscord(ctx, authorization),
  });
}

/** Features whose data a sandbox reset keeps: dashboard tokens (an open dashboard stays open) and the audit log. */
const keptOnReset = new Set(["auth", "audit"]);

/**
 * The sandbox playground's routes (`/api/sandbox/…`), in sandbox mode only: loaded on demand, so a
 * process with a Discord token never loads its code.
 */
async function playgroundOf(ctx: AppContext, list: readonly Feature[], commandPaths: readonly string[]) {
  if (ctx.discord.kind !== "sandbox") return [];
  const { playgroundRoutes } = await import("./playground/routes.ts");
  const scopes = tableScopes(list);
  const resettable = resettableFeatures(scopes).filter((name) => !keptOnReset.has(name));
  return [
    playgroundRoutes({
      managerRoleOf: managerRoleResolver(ctx, list),
      commandPaths,
      purgeServer: async (serverId) => {
        for (const feature of resettable) {
          await purgeServerData(ctx, scopes, serverId, {
            feature,
            by: "sandbox playground",
            reason: "sandbox reset",
          });
        }
        await ctx.jobs.deleteMentioning(serverId);
      },
      seedDemos: () => seedFeatureDemos(ctx, list),
    }),
  ];
}

/** Answers a server's configured role for a catalogue manager role, from the feature that owns it. */
export function managerRoleResolver(
  ctx: AppContext,
  list: readonly Feature[] = features,
): ManagerRoleResolver {
  return async (serverId, role) => {
    for (const feature of list) {
      const lookup = feature.managerRoles?.[role];
      if (lookup) return lookup(ctx, serverId);
    }
    return null;
  };
}

/** The command paths the features implement: the only ones registered with Discord. */
export function implementedCommandPaths(ctx: AppContext, list: readonly Feature[] = features): string[] {
  return list.flatMap((feature) => feature.commands?.(ctx) ?? []).map((definition) => definition.path);
}

/**
 * Registers the commands that have a handler with Discord: members' commands globally (or on
 * COMMANDS_GUILD_ID for development), the developer tools only on the developers' server.
 */
export async function registerCommandPaths(
  ctx: AppContext,
  paths: readonly string[],
  options: { force?: boolean; commandsGuildId?: string } = {},
): Promise<{ guildId: string | undefined; commands: number }[]> {
  const plan = registrationPlan(paths, {
    commandsGuildId: options.commandsGuildId ?? ctx.config.commandsGuildId,
    devGuildId: ctx.config.devGuildId,
  });
  const done: { guildId: string | undefined; commands: number }[] = [];
  for (const { guildId, paths: planned } of plan) {
    const definitions = applicationCommands(planned);
    await registerIfChanged(ctx, definitions, guildId, { force: options.force });
    done.push({ guildId, commands: definitions.length });
  }
  return done;
}

/** Combines the features' guards: an interaction answers the first notice, an event needs every yes. */
function combinedGuard(ctx: AppContext, list: readonly Feature[]): BotGuard | null {
  const guards = list.flatMap((feature) => (feature.guard ? [feature.guard(ctx)] : []));
  if (guards.length === 0) return null;
  return {
    async checkInteraction(interaction) {
      for (const guard of guards) {
        const notice = await guard.checkInteraction(interaction);
        if (notice !== null) return notice;
      }
      return null;
    },
    async allowEvent(name, payload) {
      for (const guard of guards) if (!(await guard.allowEvent(name, payload))) return false;
      return true;
    },
  };
}

/**
 * Binds every feature's commands and listeners to the bot behind the features' guard (the global
 * block list and lockdown), and registers with Discord exactly the commands that have a handler.
 */
export async function bindFeatures(ctx: AppContext, bot: Bot, list: readonly Feature[] = features) {
  const guard = combinedGuard(ctx, list);
  if (guard) bot.guard(guard);
  const definitions = list.flatMap((feature) => feature.commands?.(ctx) ?? []);
  const paths = bindCommands(bot, ctx, definitions, {
    developerIds: ctx.config.developerIds,
    managerRoleOf: managerRoleResolver(ctx, list),
    decorateReply: (serverId, path, message) => withTip(ctx, serverId, path, message),
  });
  for (const feature of list) feature.listeners?.(bot, ctx);
  await registerCommandPaths(ctx, paths);
}

/** Registers every feature's job handlers; done in every process so any worker can run any job. */
export function registerFeatureJobs(ctx: AppContext, list: readonly Feature[] = features): void {
  for (const feature of list) feature.jobs?.(ctx);
}

/** Seeds the demo server's feature data, in the list's order (setup and tiers before grinders). */
export async function seedFeatureDemos(ctx: AppContext, list: readonly Feature[] = features): Promise<void> {
  for (const feature of list) await feature.demoSeed?.(ctx);
}
