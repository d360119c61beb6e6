import { implementedCommandPaths, registerCommandPaths } from "../composition.ts";
import { type Config, loadConfig } from "../config.ts";
import type { AppContext } from "../context.ts";
import { openStorage } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { DiscordJsAdapter } from "../discord/discordjs/adapter.ts";
import { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { DatabaseJobQueue } from "../jobs/queue.ts";
import { createLogger } from "../lib/logger.ts";
import { type CliIo, parseCommandLine } from "./args.ts";

const usage = `Usage:
  npm run commands -- list                       the slash commands this build implements
  npm run commands -- register [--guild <id>]    register them with Discord (globally, or on one server)

register needs DISCORD_TOKEN and DISCORD_CLIENT_ID; on the sandbox it records the registration instead.`;

export async function runCommandsCli(argv: string[], config: Config, io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, { guild: { type: "string" } }, usage, io);
  if (typeof parsed === "number") return parsed;
  const { values, command } = parsed;
  if (command !== "list" && command !== "register") {
    io.err(usage);
    return 2;
  }
  const guild = values.guild;
  if (guild !== undefined && !/^\d{17,20}$/.test(guild)) {
    io.err("--guild must be a Discord server id");
    return 2;
  }
  const logger = createLogger({ logLevel: "silent" });
  const storage = openStorage(config.databaseUrl);
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
    const paths = implementedCommandPaths(ctx).sort();
    if (command === "list") {
      for (const path of paths) io.out(`/${path}`);
      io.err(`${paths.length} commands.`);
      return 0;
    }
    const done = await registerCommandPaths(ctx, paths, { force: true, commandsGuildId: guild });
    const sandbox = discord.kind === "sandbox" ? " (sandbox: recorded, not sent)" : "";
    for (const { guildId, commands } of done) {
      io.err(
        `Registered ${commands} top-level commands ${guildId ? `on server ${guildId}` : "globally"}${sandbox}.`,
      );
    }
    if (!config.devGuildId)
      io.err("The /dev tools are not registered: set DEV_GUILD_ID (or COMMANDS_GUILD_ID).");
    return 0;
  } finally {
    await storage.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCommandsCli(process.argv.slice(2), loadConfig(), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
}
