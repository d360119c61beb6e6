import { hasPermission, type PermissionLevel, permissionLevel } from "@hearth/core";
import { Redis } from "ioredis";
import { type Config, loadConfig } from "../config.ts";
import type { AppContext } from "../context.ts";
import { openStorage } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { demoMembers, hasDemoDirectory, seedDemoDirectory } from "../discord/sandbox/demo-seed.ts";
import { demoGuildId } from "../discord/sandbox/demo-seed-data.ts";
import {
  createDashboardToken,
  findLiveDashboardToken,
  listDashboardTokens,
  revocationChannel,
  revokeDashboardToken,
} from "../features/auth/service.ts";
import { standingOf } from "../features/auth/standing.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { type CliIo, parseCommandLine } from "./args.ts";

const usage = `Usage:
  npm run token -- create --server <id> [--user <id>] [--permission owner|admin|manager]
  npm run token -- create --demo [--permission admin|manager]
                                            (a token for the sandbox's demo server: its owner's, or a
                                             member's who holds that level there now)
  npm run token -- create … --replace     (revokes the member's live token on that server first: a member
                                             holds one at a time, e.g. the demo owner's printed by the first start)
  npm run token -- list --server <id>
  npm run token -- revoke <token-id>

create prints only the token on stdout, so it can be piped. The token is shown once; only its hash is kept.`;

/**
 * Tells the running processes (through Redis, when REDIS_URL is set) to drop the token from their
 * caches at once; without Redis, or when Redis can't be reached, they re-read it within 5 seconds.
 */
async function announceRevocation(config: Config, tokenId: string, io: CliIo): Promise<void> {
  if (!config.redisUrl) return;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
  redis.on("error", () => {});
  try {
    await redis.publish(revocationChannel, tokenId);
  } catch {
    io.err("Could not reach Redis: running processes stop accepting the token within 5 seconds.");
  } finally {
    redis.disconnect();
  }
}

/** A demo member (not the owner) holding `level` now and no live token, for `create --demo --permission`. */
async function demoHolderOf(
  ctx: Pick<AppContext, "storage" | "discord">,
  level: PermissionLevel,
): Promise<string | undefined> {
  for (const userId of await demoMembers(ctx.storage.db)) {
    const standing = await standingOf(ctx, demoGuildId, userId);
    if (!standing || !hasPermission(standing, level)) continue;
    if (!(await findLiveDashboardToken(ctx, demoGuildId, userId))) return userId;
  }
  return undefined;
}

/** Runs one token command; answers the exit code. */
export async function runTokenCli(argv: string[], config: Config, io: CliIo): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    {
      server: { type: "string" },
      user: { type: "string" },
      permission: { type: "string" },
      demo: { type: "boolean" },
      replace: { type: "boolean" },
    },
    usage,
    io,
  );
  if (typeof parsed === "number") return parsed;
  const { values, command, rest } = parsed;

  const logger = createLogger({ logLevel: "silent" });
  const storage = openStorage(config.databaseUrl);
  try {
    await migrateToLatest(storage);
    if (config.discordToken) {
      io.err(
        "The token CLI works on the sandbox; with DISCORD_TOKEN set, create tokens with /dashboard create in Discord.",
      );
      return 1;
    }
    const discord = new SandboxAdapter(storage.db, logger);
    const ctx = { storage, discord } satisfies Pick<AppContext, "storage" | "discord">;

    if (command === "create") {
      if (values.demo && !(await hasDemoDirectory(storage.db))) await seedDemoDirectory(storage.db);
      const serverId = values.demo ? demoGuildId : values.server;
      if (!serverId) {
        io.err(`create needs --server <id> or --demo\n\n${usage}`);
        return 2;
      }
      const permission = permissionLevel.safeParse(values.permission ?? "admin");
      if (!permission.success) {
        io.err(`--permission must be one of ${permissionLevel.options.join(", ")}`);
        return 2;
      }
      // Tokens follow Discord: a token is only as strong as its holder is in the server now.
      let userId = values.user;
      if (values.demo && !userId && values.permission !== undefined && permission.data !== "owner") {
        userId = await demoHolderOf(ctx, permission.data);
        if (!userId) {
          io.err(`No member of the demo server without a token holds the ${permission.data} level.`);
          return 1;
        }
      }
      if (userId) {
        const standing = await standingOf(ctx, serverId, userId);
        if (standing !== undefined && (standing === null || !hasPermission(standing, permission.data))) {
          io.err(
            `${userId} is ${standing ?? "neither the owner, an Administrator or Manage Server holder, nor a manager"} in that server: a ${permission.data} token would be lowered or revoked on its first use (tokens follow Discord).`,
          );
          return 1;
        }
      }
      const { token, replaced } = await createDashboardToken(ctx, {
        serverId,
        userId,
        permission: permission.data,
        ...(values.replace ? { replace: { reason: "replaced from the command line" } } : {}),
      });
      if (replaced) {
        io.err(`Token ${replaced.id} (${replaced.userName}'s) revoked.`);
        await announceRevocation(config, replaced.id, io);
      }
      io.out(token);
      return 0;
    }
    if (command === "list") {
      if (!values.server) {
        io.err(`list needs --server <id>\n\n${usage}`);
        return 2;
      }
      const tokens = await listDashboardTokens(ctx, values.server);
      if (tokens.length === 0) io.err(`No dashboard tokens for server ${values.server}.`);
      for (const token of tokens) {
        const state = token.revokedAt ? `revoked ${new Date(token.revokedAt).toISOString()}` : "live";
        const used = token.lastUsedAt ? new Date(token.lastUsedAt).toISOString() : "never";
        io.out(
          `${token.id}  ${token.userName} (${token.userId})  ${token.permission}  created ${new Date(token.createdAt).toISOString()}  last used ${used}  ${state}`,
        );
      }
      return 0;
    }
    if (command === "revoke") {
      const id = rest[0];
      if (!id) {
        io.err(`revoke needs a token id (see list)\n\n${usage}`);
        return 2;
      }
      await revokeDashboardToken(ctx, id, "revoked from the command line");
      io.err(`Token ${id} revoked.`);
      await announceRevocation(config, id, io);
      return 0;
    }
    io.err(`Unknown command "${command}"\n\n${usage}`);
    return 2;
  } catch (error) {
    if (error instanceof AppError) {
      // The one refusal the command line can resolve itself: a member holds one live token per server.
      const hint =
        command === "create" && error.statusCode === 409
          ? "\nAdd --replace to revoke it and make a new one."
          : "";
      io.err(`${error.message}${hint}`);
      return 1;
    }
    throw error;
  } finally {
    await storage.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const code = await runTokenCli(process.argv.slice(2), loadConfig(), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
  process.exitCode = code;
}
