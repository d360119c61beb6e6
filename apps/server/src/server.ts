import { DefaultUserAgentAppendix } from "discord.js";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { type Bot, createBot } from "./bot/bot.ts";
import { bindFeatures, buildHearthApp, registerFeatureJobs, seedFeatureDemos } from "./composition.ts";
import { type Config, loadConfig, siteUrl } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openStorage, type Storage } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { DiscordJsAdapter } from "./discord/discordjs/adapter.ts";
import type { SandboxAdapter } from "./discord/sandbox/adapter.ts";
import {
  createDashboardToken,
  forgetToken,
  onTokenRevoked,
  revocationChannel,
} from "./features/auth/service.ts";
import { shareGlobalStateChanges } from "./features/devtools/service.ts";
import { stopInsights } from "./features/insights/service.ts";
import { shareSettingsChanges } from "./features/settings/service.ts";
import { markAlive } from "./features/status/service.ts";
import { RedisActivityStore } from "./http/activity-monitor.ts";
import { RedisFailureLimiter } from "./http/failure-limiter.ts";
import { loadOpenApiExamples } from "./http/openapi-examples.ts";
import { RedisWriteCounter } from "./http/write-counter.ts";
import { DatabaseJobQueue } from "./jobs/queue.ts";
import { queueStats } from "./jobs/stats.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { RedisHealth } from "./lib/redis-health.ts";
import { bridgeChannel } from "./lib/redis-subscription.ts";
import { startMetricsServer } from "./metrics/http.ts";
import { Metrics } from "./metrics/metrics.ts";

export interface RunningHearth {
  ctx: AppContext;
  app: FastifyInstance | null;
  /** The bot role's runtime (events, command and button handlers), when this process runs it. */
  bot: Bot | null;
  /** The address the API listens on, when the api role runs. */
  url: string | null;
  /** This process's metrics, when METRICS_PORT or METRICS_TOKEN asks for them. */
  metrics: Metrics | null;
  /** The port of the separate metrics server (METRICS_PORT), when one runs. */
  metricsPort: number | null;
  stop(): Promise<void>;
}

async function createDiscord(
  config: Config,
  storage: Storage,
  logger: Logger,
  metrics: Metrics | null,
): Promise<DiscordJsAdapter | SandboxAdapter> {
  if (config.discordToken) {
    return new DiscordJsAdapter({
      token: config.discordToken,
      apiUrl: config.discordApiUrl,
      applicationId: config.discordClientId,
      shardIds: config.shardIds,
      shardCount: config.shardCount,
      // Which process made a call, for a REST proxy's log (or the test stand-in's): roles and pid.
      rest: {
        userAgentAppendix: `${DefaultUserAgentAppendix} Hearth (${config.roles.join("+")}; pid ${process.pid})`,
      },
      // Only bot processes hold the gateway; api and worker processes reach Discord over REST alone.
      gateway: config.roles.includes("bot"),
      logger: logger.child({ adapter: "discord.js" }),
      metrics,
    });
  }
  // Loaded only without a token: a process talking to Discord never loads the sandbox's code.
  const { SandboxAdapter } = await import("./discord/sandbox/adapter.ts");
  return new SandboxAdapter(storage.db, logger.child({ adapter: "sandbox" }));
}

/** Seeds the demo server on the sandbox's first start; answers a dashboard token when it did. */
async function prepareSandbox(ctx: AppContext): Promise<{ token: string; serverId: string } | null> {
  const { hasDemoDirectory, seedDemoDirectory } = await import("./discord/sandbox/demo-seed.ts");
  const { demoGuildId } = await import("./discord/sandbox/demo-seed-data.ts");
  if (await hasDemoDirectory(ctx.storage.db)) return null;
  await seedDemoDirectory(ctx.storage.db);
  await seedFeatureDemos(ctx);
  const { token } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
  return { token, serverId: demoGuildId };
}

/** Opens storage, migrates, and starts the roles the config asks for. */
export async function startHearth(config: Config = loadConfig()): Promise<RunningHearth> {
  const logger = createLogger(config);
  const storage = openStorage(config.databaseUrl, { poolSize: config.databasePoolSize });
  const applied = await migrateToLatest(storage);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");

  // Metrics are kept only when something will read them: a metrics port, or /metrics behind a token.
  const metrics = config.metricsPort !== undefined || config.metricsToken ? new Metrics() : null;
  metrics?.watchQueue(() => queueStats(storage.db, Date.now()));
  const discord = await createDiscord(config, storage, logger, metrics);
  const jobs = new DatabaseJobQueue(storage, logger.child({ role: "worker" }), {
    leaseMs: config.jobLeaseMs,
  });
  const ctx: AppContext = { config, storage, discord, jobs, logger, startedAt: Date.now() };

  const demoToken = discord.kind === "sandbox" ? await prepareSandbox(ctx) : null;
  // No request waits on Redis for more than a second, even for a command sent as it went away.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 1000 })
    : null;
  // Revocations reach every process at once through Redis; without it, a token cached by another
  // process expires from that cache within seconds.
  // No request waits on the subscriber, so no command timeout: under load, connecting and the first
  // SUBSCRIBE at start can take more than a second, and timing out there stopped the process.
  const subscriber = redis?.duplicate({ commandTimeout: undefined }) ?? null;
  // Redis going away is said once (and its return); nothing waits on it meanwhile (lib/redis-health.ts).
  const redisHealth = redis && subscriber ? new RedisHealth(logger, redis, subscriber) : null;
  // A process started while Redis is down starts all the same and subscribes once Redis is back.
  const stopRevocationSharing =
    redis && subscriber && redisHealth
      ? await bridgeChannel({
          publisher: redis,
          subscriber,
          channel: revocationChannel,
          announce: (publish) =>
            onTokenRevoked((id) => {
              if (redisHealth.up) publish(id);
            }),
          hear: forgetToken,
          onError: (err) => redisHealth.commandFailed(err),
        })
      : () => {};
  // Settings changes travel the same way: the bot reads switches through a cache of a few seconds.
  const stopSettingsSharing =
    redis && subscriber
      ? await shareSettingsChanges(redis, subscriber, (err) => redisHealth?.commandFailed(err))
      : () => {};
  // And the block list and lockdown, which sit in front of every interaction and event.
  const stopBlockListSharing =
    redis && subscriber
      ? await shareGlobalStateChanges(redis, subscriber, (err) => redisHealth?.commandFailed(err))
      : () => {};

  const heartbeat = async () => {
    try {
      await markAlive(ctx);
    } catch (error) {
      logger.warn({ err: error }, "heartbeat failed");
    }
  };
  await heartbeat();
  const heartbeatTimer = setInterval(heartbeat, 60_000);
  heartbeatTimer.unref();

  // The bot role: features bind their commands and listeners (the guilds table, token revocation on
  // leave, …) before the gateway (or the sandbox) announces its servers.
  const bot = config.roles.includes("bot") ? createBot(ctx, discord) : null;
  if (bot) await bindFeatures(ctx, bot);
  await bot?.start();
  registerFeatureJobs(ctx);
  if (config.roles.includes("worker")) jobs.start();

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (config.roles.includes("api")) {
    const openApiExamples = loadOpenApiExamples();
    app = await buildHearthApp(
      ctx,
      redis
        ? {
            limiter: new RedisFailureLimiter(redis),
            writeCounter: new RedisWriteCounter(redis),
            activityStore: new RedisActivityStore(redis),
            metrics,
            openApiExamples,
          }
        : { metrics, openApiExamples },
    );
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    url = siteUrl({ publicUrl: config.publicUrl, port });
  }

  const metricsServer =
    metrics && config.metricsPort !== undefined
      ? await startMetricsServer(metrics, {
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
        })
      : null;

  logger.info(
    {
      roles: config.roles,
      discord: discord.kind,
      database: storage.dialect,
      node: process.version,
      // The API's address (Fastify, which has no logger of its own, no longer logs where it listens).
      ...(url ? { url } : {}),
      ...(metricsServer ? { metricsPort: metricsServer.port } : {}),
    },
    "Hearth is running",
  );
  if (url) {
    const lines = [`\n  Hearth is running at ${url}`];
    if (demoToken) {
      lines.push(
        `  Demo server "Ember Hollow" (${demoToken.serverId}) is ready. Try it in your browser: ${url}/sandbox`,
        `  Dashboard token (shown once): ${demoToken.token}`,
      );
    } else if (discord.kind === "sandbox") {
      lines.push(
        `  Try the demo server in your browser: ${url}/sandbox`,
        "  Make a dashboard token for the demo server: npm run token -- create --demo --replace (revokes the one printed before)",
      );
    }
    // After the log lines buffered so far (logger.ts), so the banner comes last on a terminal.
    const banner = `${lines.join("\n")}\n\n`;
    logger.flush(() => process.stdout.write(banner));
  }

  return {
    ctx,
    app,
    bot,
    url,
    metrics,
    metricsPort: metricsServer?.port ?? null,
    async stop() {
      clearInterval(heartbeatTimer);
      await metricsServer?.close();
      // Stop taking requests and finish those in flight, then jobs, then the gateway, then storage.
      if (app) await app.close();
      await jobs.stop();
      await bot?.stop();
      // Counts still held in memory are written before storage closes (a graceful stop loses none).
      await stopInsights(ctx);
      stopRevocationSharing();
      stopSettingsSharing();
      stopBlockListSharing();
      subscriber?.disconnect();
      redis?.disconnect();
      await storage.close();
    },
  };
}
