import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Bot } from "../bot/bot.ts";
import type { CommandDefinition } from "../bot/commands/command.ts";
import type { ManagerRoleName } from "../bot/commands/permissions.ts";
import type { AppContext } from "../context.ts";
import type { Database } from "../db/schema.ts";

/** Finds the role a server configured for one of the catalogue's manager roles, if any. */
export type ManagerRoleLookup = (ctx: AppContext, serverId: string) => Promise<string | null>;

/**
 * Everything one feature contributes to the program, in one value. `features/index.ts` lists them and
 * the composition code (`src/composition.ts`) assembles routes, commands, listeners, jobs, demo
 * seeds and manager roles from that list, so `db/`, `http/`, `bot/`, `jobs/` and `discord/` never
 * import a feature.
 */
export interface Feature {
  /** The feature's folder name. */
  name: string;
  /**
   * The tables the feature owns (its `tables.ts` adds their types to `Database`). Every table of the
   * schema belongs to exactly one feature or to the runtime; a test walks the migrated schema.
   */
  tables: readonly (keyof Database)[];
  /** HTTP routes, registered by the api role inside the `/api`-authenticated app. */
  routes?: FastifyPluginAsyncZod<{ ctx: AppContext }>;
  /** Slash command handlers, bound by catalogue path. */
  commands?: (ctx: AppContext) => CommandDefinition[];
  /** Gateway listeners and button/select/modal handlers; answers a function that removes them. */
  listeners?: (bot: Bot, ctx: AppContext) => (() => void) | undefined;
  /** Registers job handlers; called in every process, so any worker can run any job. */
  jobs?: (ctx: AppContext) => void;
  /** Seeds the sandbox's demo server through the feature's own services. */
  demoSeed?: (ctx: AppContext) => Promise<void>;
  /** The catalogue's manager roles this feature configures, e.g. "grinder management role". */
  managerRoles?: Partial<Record<ManagerRoleName, ManagerRoleLookup>>;
}

/** What a feature's `commands.ts` contributes to its module. */
export type BotFeature = Pick<Feature, "commands" | "listeners">;

/** Declares a feature module (an identity function that checks the shape). */
export function defineFeature(feature: Feature): Feature {
  return feature;
}
