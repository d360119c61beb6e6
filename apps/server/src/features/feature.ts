import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Bot } from "../bot/bot.ts";
import type { CommandDefinition } from "../bot/commands/command.ts";
import type { ManagerRoleName } from "../bot/commands/permissions.ts";
import type { BotGuard } from "../bot/guard.ts";
import type { AppContext } from "../context.ts";
import type { Database } from "../db/schema.ts";

/**
 * How a table's rows belong to a server, for the owner's data purge and `/dev reset`. A table with a
 * `server_id` column needs no entry (that column is its scope); every other table declares one:
 * - `{ column }`: rows whose column holds the server id (e.g. `guilds.id`);
 * - `{ parent, via, parentKey? }`: rows whose `via` column references a row of `parent` (by
 *   `parentKey`, default `id`) that belongs to the server; they are deleted before the parent;
 * - `{ none }`: the table holds no server's data (the reason says why).
 * The purge walker test fails for a table of the migrated schema that has neither.
 */
export type ServerScope =
  | { column: string }
  | { parent: keyof Database; via: string; parentKey?: string }
  | { none: string };

/** See `Feature.releaseOnPurge`. */
export type PurgeRelease = (
  ctx: Pick<AppContext, "storage" | "discord" | "jobs" | "logger">,
  serverId: string,
) => Promise<number>;

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
  /** How the owned tables without a `server_id` column map to a server (see `ServerScope`). */
  serverScopes?: Partial<Record<keyof Database, ServerScope>>;
  /** HTTP routes, registered by the api role inside the `/api`-authenticated app. */
  routes?: FastifyPluginAsyncZod<{ ctx: AppContext }>;
  /** Slash command handlers, bound by catalogue path. */
  commands?: (ctx: AppContext) => CommandDefinition[];
  /** Gateway listeners and button/select/modal handlers; answers a function that removes them. */
  listeners?: (bot: Bot, ctx: AppContext) => (() => void) | undefined;
  /** Registers job handlers; called in every process, so any worker can run any job. */
  jobs?: (ctx: AppContext) => void;
  /**
   * Lifts, now, what this feature's pending jobs would undo later for a server (a temporary ban's
   * end, a reward role's expiry), so a purge that deletes the records and jobs never makes a
   * temporary effect permanent. Answers how many were lifted.
   */
  releaseOnPurge?: PurgeRelease;
  /** Seeds the sandbox's demo server through the feature's own services. */
  demoSeed?: (ctx: AppContext) => Promise<void>;
  /** A check every interaction and gateway event passes first (the developer tools' block list). */
  guard?: (ctx: AppContext) => BotGuard;
  /** The catalogue's manager roles this feature configures, e.g. "grinder management role". */
  managerRoles?: Partial<Record<ManagerRoleName, ManagerRoleLookup>>;
}

/** What a feature's `commands.ts` contributes to its module. */
export type BotFeature = Pick<Feature, "commands" | "listeners">;

/** Declares a feature module (an identity function that checks the shape). */
export function defineFeature(feature: Feature): Feature {
  return feature;
}
