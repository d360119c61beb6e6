import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BotFeature } from "../bot/commands/features.ts";
import type { AppContext } from "../context.ts";
import { dashboardBot } from "./auth/commands.ts";
import { boardsBot } from "./boards/commands.ts";
import { seedDemo as seedBoards } from "./boards/demo.ts";
import { registerBoardsJobs } from "./boards/jobs.ts";
import { componentsBot } from "./components/commands.ts";
import { seedDemo as seedComponents } from "./components/demo.ts";
import { registerComponentsJobs } from "./components/jobs.ts";
import { seedDemo as seedDiscovery } from "./discovery/demo.ts";
import { discoveryRoutes } from "./discovery/routes.ts";
import { embedsBot } from "./embeds/commands.ts";
import { seedDemo as seedEmbeds } from "./embeds/demo.ts";
import { registerEmbedsJobs } from "./embeds/jobs.ts";
import { giveawaysBot } from "./giveaways/commands.ts";
import { seedDemo as seedGiveaways } from "./giveaways/demo.ts";
import { registerGiveawayJobs } from "./giveaways/jobs.ts";
import { giveawayRoutes } from "./giveaways/routes.ts";
import { grindersBot } from "./grinders/commands.ts";
import { seedDemo as seedGrinders } from "./grinders/demo.ts";
import { registerGrinderJobs } from "./grinders/jobs.ts";
import { grinderRoutes } from "./grinders/routes.ts";
import { moderationBot } from "./moderation/commands.ts";
import { registerModerationJobs } from "./moderation/jobs.ts";
import { perksBot } from "./perks/commands.ts";
import { seedDemo as seedPerks } from "./perks/demo.ts";
import { registerPerksJobs } from "./perks/jobs.ts";
import { selfrolesBot } from "./selfroles/commands.ts";
import { seedDemo as seedSelfRoles } from "./selfroles/demo.ts";
import { registerSelfRolesJobs } from "./selfroles/jobs.ts";
import { serversBot } from "./servers/commands.ts";
import { seedDemo as seedServers } from "./servers/demo.ts";
import { dashboardRoutes } from "./servers/routes.ts";
import { settingsRoutes } from "./servers/settings-routes.ts";
import { setupRoutes } from "./servers/setup-routes.ts";
import { staticaBot } from "./statica/commands.ts";
import { seedDemo as seedStatica } from "./statica/demo.ts";
import { staticaRoutes } from "./statica/routes.ts";
import { stickyBot } from "./sticky/commands.ts";
import { systemRoutes } from "./system/routes.ts";
import { timersBot } from "./timers/commands.ts";
import { seedDemo as seedTimers } from "./timers/demo.ts";
import { registerTimerJobs } from "./timers/jobs.ts";
import { timerRoutes } from "./timers/routes.ts";
import { votesBot } from "./votes/commands.ts";
import { registerVoteJobs } from "./votes/jobs.ts";
import { voteRoutes } from "./votes/routes.ts";
import { welcomeBot } from "./welcome/commands.ts";
import { seedDemo as seedWelcome } from "./welcome/demo.ts";
import { registerWelcomeJobs } from "./welcome/jobs.ts";
import { welcomeRoutes } from "./welcome/routes.ts";

/** Every feature's HTTP routes, registered by the api role. */
export const featureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }>[] = [
  systemRoutes,
  dashboardRoutes,
  setupRoutes,
  settingsRoutes,
  grinderRoutes,
  timerRoutes,
  discoveryRoutes,
  giveawayRoutes,
  staticaRoutes,
  welcomeRoutes,
  voteRoutes,
];

/** Every feature's job handlers; registered in every process so any worker can run any job. */
export function registerFeatureJobs(ctx: AppContext): void {
  registerGrinderJobs(ctx);
  registerTimerJobs(ctx);
  registerGiveawayJobs(ctx);
  registerWelcomeJobs(ctx);
  registerModerationJobs(ctx);
  registerVoteJobs(ctx);
  registerBoardsJobs(ctx);
  registerPerksJobs(ctx);
  registerSelfRolesJobs(ctx);
  registerComponentsJobs(ctx);
  registerEmbedsJobs(ctx);
}

/** Seeds the demo server's feature data, in dependency order (setup and tiers before grinders). */
export async function seedFeatureDemos(ctx: AppContext): Promise<void> {
  for (const seed of [
    seedServers,
    seedGrinders,
    seedGiveaways,
    seedDiscovery,
    seedStatica,
    seedWelcome,
    seedTimers,
    seedBoards,
    seedPerks,
    seedSelfRoles,
    seedComponents,
    seedEmbeds,
  ]) {
    await seed(ctx);
  }
}

/** Every feature's commands and gateway listeners, bound by the bot role. */
export const botFeatures: BotFeature[] = [
  serversBot,
  dashboardBot,
  grindersBot,
  welcomeBot,
  giveawaysBot,
  timersBot,
  staticaBot,
  stickyBot,
  moderationBot,
  votesBot,
  boardsBot,
  perksBot,
  selfrolesBot,
  componentsBot,
  embedsBot,
];
