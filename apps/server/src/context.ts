import type { Config } from "./config.ts";
import type { Storage } from "./db/database.ts";
import type { DiscordPort } from "./discord/port/port.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Logger } from "./lib/logger.ts";

/** What every service needs, built once in main.ts (or by the test helpers) and passed down. */
export interface AppContext {
  config: Config;
  storage: Storage;
  discord: DiscordPort;
  jobs: JobQueue;
  logger: Logger;
  startedAt: number;
}
