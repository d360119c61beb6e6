import type { ManagerRoleResolver } from "../bot/commands/permissions.ts";

/** What the playground needs from the assembled program (composition.ts hands it over). */
export interface PlaygroundDeps {
  managerRoleOf: ManagerRoleResolver;
  /** The command paths the bot has handlers for. */
  commandPaths: readonly string[];
  /** Deletes a server's feature data (not its dashboard tokens or audit log) and the jobs naming it. */
  purgeServer: (serverId: string) => Promise<void>;
  /** The features' demo seeds, as on the first start. */
  seedDemos: () => Promise<void>;
}
