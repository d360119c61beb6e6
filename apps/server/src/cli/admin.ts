import { Redis } from "ioredis";
import { type Config, loadConfig } from "../config.ts";
import type { AppContext } from "../context.ts";
import { openStorage } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { DiscordJsAdapter } from "../discord/discordjs/adapter.ts";
import { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { blockEntity, globalStateChannel, listBlocked, unblockEntity } from "../features/devtools/service.ts";
import { setAdvertised } from "../features/discovery/service.ts";
import { settingsChannel } from "../features/settings/cache.ts";
import { setPremium } from "../features/settings/service.ts";
import { DatabaseJobQueue } from "../jobs/queue.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { type CliIo, parseCommandLine } from "./args.ts";

const usage = `Usage:
  npm run admin -- block user <id> [--reason <text>]     ignore a user everywhere
  npm run admin -- block server <id> [--reason <text>]   ignore a server, and leave it
  npm run admin -- unblock <id>                          lift a block
  npm run admin -- list-blocked                          the block list
  npm run admin -- premium <serverId> on|off             set a server's premium (pro)
  npm run admin -- advertised <serverId> on|off          pin a server in the directory's featured group

Works on the configured database (DATABASE_URL) and Discord (DISCORD_TOKEN, else the sandbox).
With REDIS_URL set, running processes hear of the change at once; otherwise within 15 s (blocks) or 5 s (premium).`;

const snowflake = /^\d{17,20}$/;
const actor = "operator CLI";

function onOff(value: string | undefined): boolean | null {
  return value === "on" ? true : value === "off" ? false : null;
}

/** Runs one operator command; answers the exit code (0 done, 1 refused, 2 bad usage). */
export async function runAdminCli(argv: string[], config: Config, io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, { reason: { type: "string" } }, usage, io);
  if (typeof parsed === "number") return parsed;
  const { values, command, rest } = parsed;
  const bad = (message: string) => {
    io.err(`${message}\n\n${usage}`);
    return 2;
  };
  // Everything is checked before the database is opened.
  if (command === "block") {
    const [kind, id] = rest;
    if (kind !== "user" && kind !== "server") return bad("block needs user or server, then an id");
    if (!id || !snowflake.test(id)) return bad("block needs a Discord id (17 to 20 digits)");
  } else if (command === "unblock") {
    if (!rest[0] || !snowflake.test(rest[0])) return bad("unblock needs a Discord id (17 to 20 digits)");
  } else if (command === "premium" || command === "advertised") {
    if (!rest[0] || !snowflake.test(rest[0])) return bad(`${command} needs a server id (17 to 20 digits)`);
    if (onOff(rest[1]) === null) return bad(`${command} needs on or off after the server id`);
  } else if (command !== "list-blocked") {
    return bad(`Unknown command "${command}"`);
  }

  const logger = createLogger({ logLevel: "silent" });
  const storage = openStorage(config.databaseUrl);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true })
    : null;
  const announce = async (channel: string, message: string) => {
    if (!redis) return;
    try {
      await redis.publish(channel, message);
    } catch (error) {
      io.err(
        `Not announced to running processes (${error instanceof Error ? error.message : String(error)}); they catch up on their own.`,
      );
    }
  };
  try {
    await migrateToLatest(storage);
    const discord = config.discordToken
      ? new DiscordJsAdapter({
          token: config.discordToken,
          apiUrl: config.discordApiUrl,
          applicationId: config.discordClientId,
          gateway: false,
          logger,
        })
      : new SandboxAdapter(storage.db, logger);
    const ctx: AppContext = {
      config,
      storage,
      discord,
      jobs: new DatabaseJobQueue(storage, logger),
      logger,
      startedAt: Date.now(),
    };

    if (command === "block") {
      const [kind, id = ""] = rest as ["user" | "server", string];
      const { block, left } = await blockEntity(ctx, {
        id,
        kind,
        reason: values.reason ?? null,
        blockedBy: actor,
      });
      await announce(globalStateChannel, String(Date.now()));
      const leftNote =
        kind === "server" ? (left ? " The bot left the server." : " The bot is not in it.") : "";
      io.err(`Blocked ${block.kind} ${block.id}${block.reason ? ` (${block.reason})` : ""}.${leftNote}`);
      return 0;
    }
    if (command === "unblock") {
      const block = await unblockEntity(ctx, rest[0] ?? "", actor);
      await announce(globalStateChannel, String(Date.now()));
      io.err(`Unblocked ${block.kind} ${block.id}.`);
      return 0;
    }
    if (command === "list-blocked") {
      const blocks = await listBlocked(ctx);
      if (blocks.length === 0) io.err("The block list is empty.");
      for (const block of blocks) {
        io.out(
          `${block.kind.padEnd(6)} ${block.id}  blocked ${new Date(block.blockedAt).toISOString()} by ${block.blockedBy}${block.reason ? `  ${block.reason}` : ""}`,
        );
      }
      return 0;
    }
    const [serverId = "", value] = rest;
    const on = onOff(value) === true;
    if (command === "premium") {
      const changed = await setPremium(ctx, serverId, on, actor);
      if (changed) await announce(settingsChannel, serverId);
      io.err(`Premium is ${on ? "on" : "off"} for server ${serverId}${changed ? "" : " (it already was)"}.`);
      return 0;
    }
    const changed = await setAdvertised(ctx, serverId, on, actor);
    io.err(
      `Server ${serverId} is ${on ? "now advertised (featured)" : "no longer advertised"}${changed ? "" : " (it already was)"}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    redis?.disconnect();
    await storage.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runAdminCli(process.argv.slice(2), loadConfig(), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
}
