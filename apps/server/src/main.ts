import { ConfigError, loadConfig } from "./config.ts";
import { startHearth } from "./server.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const hearth = await startHearth(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    hearth.ctx.logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      hearth.ctx.logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await hearth.stop();
      process.exit(0);
    } catch (error) {
      hearth.ctx.logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`Hearth failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
