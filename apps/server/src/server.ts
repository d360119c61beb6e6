import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { type Config, loadConfig } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openStorage, type Storage } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { demoGuildId, hasDemoDirectory, seedDemoDirectory } from "./discord/demo-seed.ts";
import type { DiscordPort } from "./discord/port.ts";
import { SandboxAdapter } from "./discord/sandbox-adapter.ts";
import { createDashboardToken, forgetToken, onTokenRevoked } from "./features/auth/service.ts";
import { registerFeatureJobs, seedFeatureDemos } from "./features/index.ts";
import { recordHeartbeat, upsertGuild } from "./features/system/store.ts";
import { buildApp } from "./http/app.ts";
import { RedisFailureLimiter } from "./http/failure-limiter.ts";
import { DatabaseJobQueue } from "./jobs/queue.ts";
import { createLogger, type Logger } from "./lib/logger.ts";

export interface RunningHearth {
  ctx: AppContext;
  app: FastifyInstance | null;
  /** The address the API listens on, when the api role runs. */
  url: string | null;
  stop(): Promise<void>;
}

function createDiscord(config: Config, storage: Storage, logger: Logger): DiscordPort {
  if (config.discordToken) {
    throw new Error(
      "DISCORD_TOKEN is set, but this build has only the sandbox Discord adapter; unset DISCORD_TOKEN to run on the sandbox.",
    );
  }
  return new SandboxAdapter(storage.db, logger.child({ adapter: "sandbox" }));
}

/** Seeds the demo server on the sandbox's first start; answers a dashboard token when it did. */
async function prepareSandbox(ctx: AppContext): Promise<string | null> {
  if (await hasDemoDirectory(ctx.storage.db)) return null;
  await seedDemoDirectory(ctx.storage.db);
  await seedFeatureDemos(ctx);
  const { token } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
  return token;
}

/** The bot role's start on the sandbox: the guilds it is "in" become known to the rest of the system. */
async function syncGuilds(ctx: AppContext): Promise<void> {
  const now = Date.now();
  for (const guild of await ctx.discord.listGuilds()) await upsertGuild(ctx.storage.db, guild, now);
}

/** Opens storage, migrates, and starts the roles the config asks for. */
export async function startHearth(config: Config = loadConfig()): Promise<RunningHearth> {
  const logger = createLogger(config);
  const storage = openStorage(config.databaseUrl);
  const applied = await migrateToLatest(storage);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");

  const discord = createDiscord(config, storage, logger);
  const jobs = new DatabaseJobQueue(storage, logger.child({ role: "worker" }));
  const ctx: AppContext = { config, storage, discord, jobs, logger, startedAt: Date.now() };

  const demoToken = discord.kind === "sandbox" ? await prepareSandbox(ctx) : null;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  // Revocations reach every process at once through Redis; without it, a token cached by another
  // process expires from that cache within seconds.
  const subscriber = redis?.duplicate() ?? null;
  const revocationChannel = "hearth:token-revoked";
  const stopPublishing = redis ? onTokenRevoked((id) => void redis.publish(revocationChannel, id)) : () => {};
  if (subscriber) {
    await subscriber.subscribe(revocationChannel);
    subscriber.on("message", (_channel: string, id: string) => forgetToken(id));
  }

  const heartbeat = async () => {
    try {
      await recordHeartbeat(storage.db, Date.now());
    } catch (error) {
      logger.warn({ err: error }, "heartbeat failed");
    }
  };
  await heartbeat();
  const heartbeatTimer = setInterval(heartbeat, 60_000);
  heartbeatTimer.unref();

  if (config.roles.includes("bot")) await syncGuilds(ctx);
  registerFeatureJobs(ctx);
  if (config.roles.includes("worker")) jobs.start();

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (config.roles.includes("api")) {
    app = await buildApp(ctx, redis ? { limiter: new RedisFailureLimiter(redis) } : {});
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    url = config.publicUrl ?? `http://localhost:${port}`;
  }

  logger.info({ roles: config.roles, discord: discord.kind, database: storage.dialect }, "Hearth is running");
  if (url) {
    const lines = [`\n  Hearth is running at ${url}`];
    if (demoToken) {
      lines.push(
        `  Demo server "Ember Hollow" (${demoGuildId}) is ready.`,
        `  Dashboard token (shown once): ${demoToken}`,
      );
    } else if (discord.kind === "sandbox") {
      lines.push("  Make a dashboard token for the demo server: npm run token -- create --demo");
    }
    process.stdout.write(`${lines.join("\n")}\n\n`);
  }

  return {
    ctx,
    app,
    url,
    async stop() {
      clearInterval(heartbeatTimer);
      // Stop taking requests and finish those in flight, then jobs, then storage.
      if (app) await app.close();
      await jobs.stop();
      stopPublishing();
      subscriber?.disconnect();
      redis?.disconnect();
      await storage.close();
    },
  };
}
