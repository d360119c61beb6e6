import type { GatewayDispatchEvents } from "discord.js";
import { type Bot, createBot } from "../src/bot/bot.ts";
import { type Config, testConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import { DiscordJsAdapter } from "../src/discord/discordjs/adapter.ts";
import type { BotFeature } from "../src/features/feature.ts";
import { DatabaseJobQueue } from "../src/jobs/queue.ts";
import { createLogger } from "../src/lib/logger.ts";
import { Metrics } from "../src/metrics/metrics.ts";
import type { DiscordStandIn } from "./discord-stand-in/index.ts";
import { bindFeatureCommands, openTestStorage } from "./helpers.ts";

export interface StandInBot {
  ctx: AppContext;
  adapter: DiscordJsAdapter;
  bot: Bot;
  /**
   * Waits until the bot has heard every gateway event dispatched so far and its handlers have
   * finished (the stand-in's helpers resolve once a frame is sent, before the bot has read it).
   */
  settle(): Promise<void>;
  /**
   * Stops the bot, its listeners and jobs, and drops the database (the stand-in is the caller's).
   * Then fails when the bot sent Discord a body it would refuse (400 Invalid Form Body or an empty
   * message) while this harness ran, unless `allowRefusals` was set: every stand-in test is a
   * conformance test, even where the product swallows the error.
   */
  stop(): Promise<void>;
}

/**
 * A real discord.js client on the Discord stand-in, with a fresh database and the bot runtime:
 * the feature's commands and/or listeners bound, started, and its guilds received.
 */
export async function startStandInBot(
  standIn: DiscordStandIn,
  feature: BotFeature,
  options: {
    commands?: boolean;
    listen?: boolean;
    config?: Partial<Config>;
    registerJobs?: (ctx: AppContext) => void;
    /** The test sends refused bodies on purpose (stop() then doesn't fail on them). */
    allowRefusals?: boolean;
  } = {},
): Promise<StandInBot> {
  const firstRequest = standIn.requests.length;
  const logger = createLogger({ logLevel: "silent" });
  const test = await openTestStorage();
  const adapter = new DiscordJsAdapter({
    token: standIn.token,
    apiUrl: standIn.apiUrl,
    gateway: true,
    logger,
    // Counted as a bot process with metrics on is: the instrumentation must change nothing it sees.
    metrics: new Metrics({ defaultMetrics: false }),
  });
  const ctx: AppContext = {
    config: testConfig({ databaseUrl: test.url, ...options.config }),
    storage: test.storage,
    discord: adapter,
    jobs: new DatabaseJobQueue(test.storage, logger),
    logger,
    startedAt: Date.now(),
  };
  options.registerJobs?.(ctx);
  const bot = createBot(ctx, adapter);
  if (options.commands) bindFeatureCommands(bot, ctx, feature.commands?.(ctx) ?? []);
  const stopListening = options.listen === false ? undefined : feature.listeners?.(bot, ctx);
  await bot.start();
  await adapter.events.idle();
  return {
    ctx,
    adapter,
    bot,
    settle: () => settle(standIn, adapter),
    async stop() {
      stopListening?.();
      await bot.stop();
      await ctx.jobs.stop();
      await test.cleanup();
      const refused = options.allowRefusals ? [] : standIn.refusals(firstRequest);
      if (refused.length > 0) {
        const lines = refused.map(
          (request) => `${request.method} ${request.path}: ${request.refused?.problems.join("; ")}`,
        );
        throw new Error(`Discord would refuse ${refused.length} request(s):\n${lines.join("\n")}`);
      }
    },
  };
}

let marker = 0;
/** An event name Discord never sends: discord.js passes it on raw and otherwise ignores it. */
const settleEvent = "STAND_IN_SETTLE" as GatewayDispatchEvents;

/**
 * Frames reach the client in order: once a marker event sent after them is heard, every earlier one
 * has been read and its handlers started, so waiting for the bot's events to go idle waits for them.
 */
export async function settle(standIn: DiscordStandIn, adapter: DiscordJsAdapter): Promise<void> {
  const client = adapter.client;
  if (!client) throw new Error("settle() needs an adapter with the gateway open");
  const nonce = `settle-${++marker}`;
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.ws.off(settleEvent, listener);
      reject(new Error("The bot did not hear the stand-in's marker event in time"));
    }, 5000);
    const listener = (data: { nonce?: string }) => {
      if (data.nonce !== nonce) return;
      clearTimeout(timer);
      client.ws.off(settleEvent, listener);
      resolve();
    };
    client.ws.on(settleEvent, listener);
  });
  await standIn.dispatch(settleEvent, { nonce });
  await heard;
  await adapter.events.idle();
}
