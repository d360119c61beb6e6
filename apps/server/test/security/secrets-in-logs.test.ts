import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CommandOption, commandCatalogue } from "@hearth/core";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { type Bot, createBot } from "../../src/bot/bot.ts";
import {
  bindFeatures,
  buildHearthApp,
  implementedCommandPaths,
  registerFeatureJobs,
  seedFeatureDemos,
} from "../../src/composition.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { AppContext } from "../../src/context.ts";
import { openStorage, type Storage } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { SandboxAdapter } from "../../src/discord/sandbox/adapter.ts";
import { demoMembers, seedDemoDirectory } from "../../src/discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../src/discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../../src/features/auth/service.ts";
import { dmPacing } from "../../src/features/grinders/dm.ts";
import { quietMonitor, RedisActivityStore } from "../../src/http/activity-monitor.ts";
import { RedisFailureLimiter } from "../../src/http/failure-limiter.ts";
import { DatabaseJobQueue } from "../../src/jobs/queue.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { arbitraryOf } from "../fuzz/zod-arbitrary.ts";

// Issue 17 item 6 (b): no secret ever reaches a log line. The program is assembled as server.ts
// assembles it (api, bot and worker roles; Redis limiters when TEST_REDIS_URL is set), on a config
// loaded from an environment holding sentinel values for the bot token, every *_TOKEN / *_KEY /
// *_SECRET / *_PASSWORD variable config.ts reads, the database URL's password (PostgreSQL when
// TEST_DATABASE_URL is set; trust authentication ignores it) and the Redis URL's password, with the
// real logger (createLogger, its redaction included) at `trace` writing JSON lines to a captured
// stream. Every route is walked with several tokens (owner, admin, manager, a revoked one, none),
// with an empty and a generated body; every command runs with its options filled; an AI endpoint
// stand-in that echoes the key back in its error answers is configured for the message designer.
// Then the captured lines are searched for each sentinel and each dashboard token: 0 hits.

const configSource = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/config.ts"),
  "utf8",
);
/** Every secret-named variable config.ts reads, so one added later gets a sentinel too. */
const secretVariables = [
  ...new Set(configSource.match(/\b[A-Z][A-Z0-9_]*_(?:TOKEN|KEY|SECRET|PASSWORD)\b/g) ?? []),
];

const marker = randomBytes(6).toString("hex");
/** Shaped like the real thing, so shape-based redaction elsewhere can't hide a leak from this test either way. */
const sentinelFor = (name: string) =>
  name === "DISCORD_TOKEN"
    ? `MTA4NTI4MTQwOTgxMzY3NjAzMg.Gs${marker.slice(0, 4)}.sentinelBotToken${marker}abcdefghij`
    : `sentinel-${name.toLowerCase().replaceAll("_", "-")}-${marker}`;
const dbPassword = `sentinel-db-password-${marker}`;
const redisPassword = `sentinel-redis-password-${marker}`;

const lines: string[] = [];
let dir: string;
let storage: Storage;
let dropSchema: (() => Promise<void>) | null = null;
let ai: http.Server;
let aiRequests = 0;
let aiKeysSeen = 0;
let ctx: AppContext;
let sandbox: SandboxAdapter;
let app: FastifyInstance;
let bot: Bot;
let redis: Redis | null = null;
let jobs: DatabaseJobQueue;
let config: Config;
const dashboardTokens: string[] = [];

/** A PostgreSQL URL with the sentinel password, on a private schema; SQLite (no password) without one. */
async function databaseUrl(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return path.join(dir, "hearth.db");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  dropSchema = async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`drop schema ${schema} cascade`);
    await drop.end();
  };
  const url = new URL(base);
  url.password = dbPassword;
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

function redisUrl(): string | undefined {
  const base = process.env.TEST_REDIS_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.password = redisPassword;
  return url.toString();
}

/** An OpenAI-compatible endpoint that refuses the key and, as some providers do, repeats it. */
function startAiStandIn(): Promise<string> {
  ai = http.createServer((request, response) => {
    aiRequests++;
    const key = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (key === config.aiApiKey) aiKeysSeen++;
    request.resume();
    const refuse = aiRequests % 2 === 1;
    response.writeHead(refuse ? 401 : 200, { "content-type": "application/json" });
    response.end(
      refuse
        ? JSON.stringify({
            error: { message: `Incorrect API key provided: ${key}`, code: "invalid_api_key" },
          })
        : JSON.stringify({ choices: [{ message: { content: `not json, key ${key}` } }] }),
    );
  });
  return new Promise((resolve) =>
    ai.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`)),
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-secrets-"));
  Object.assign(dmPacing, { intervalMs: 0, retryDelayMs: 0 });
  const env: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "trace",
    LOG_FORMAT: "json",
    DATABASE_URL: await databaseUrl(),
    AI_BASE_URL: await startAiStandIn(),
    DEVELOPER_IDS: demoOwnerId,
    DEV_GUILD_ID: demoGuildId,
    DEV_EVAL: "true",
    RATE_LIMIT_MAX: "0",
    TOKEN_WRITE_LIMIT: "0",
    WEB_DIST: path.join(dir, "no-web"),
  };
  for (const name of secretVariables) env[name] = sentinelFor(name);
  const redisAt = redisUrl();
  if (redisAt) env.REDIS_URL = redisAt;
  config = loadConfig(env);

  const logger = createLogger(config, { write: (line: string) => void lines.push(line) });
  storage = openStorage(config.databaseUrl);
  await migrateToLatest(storage);
  sandbox = new SandboxAdapter(storage.db, logger.child({ adapter: "sandbox" }));
  jobs = new DatabaseJobQueue(storage, logger.child({ role: "worker" }));
  ctx = { config, storage, discord: sandbox, jobs, logger, startedAt: Date.now() };
  await seedDemoDirectory(storage.db);
  await seedFeatureDemos(ctx);
  redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  bot = createBot(ctx, sandbox);
  await bindFeatures(ctx, bot);
  await bot.start();
  registerFeatureJobs(ctx);
  jobs.start();
  app = await buildHearthApp(ctx, {
    serveWeb: false,
    // A walk full of 403s and many addresses on purpose: not a reason to revoke here.
    monitor: quietMonitor,
    ...(redis
      ? { limiter: new RedisFailureLimiter(redis), activityStore: new RedisActivityStore(redis) }
      : {}),
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await bot?.stop();
  await jobs?.stop();
  redis?.disconnect();
  await storage?.close();
  await dropSchema?.();
  await new Promise((resolve) => ai?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_match, name: string) =>
    /server|guild/i.test(name) || name === "id" ? demoGuildId : "123456789012345678",
  );

/** A value for a command option, from its type, choices and bounds. */
function optionValue(option: CommandOption, ids: { channel: string; role: string; user: string }) {
  if (option.choices?.[0]) return option.choices[0].value;
  switch (option.type) {
    case "integer":
    case "number":
      return Math.max(option.min ?? 1, Math.min(option.max ?? 5, 5));
    case "boolean":
      return true;
    case "user":
      return ids.user;
    case "channel":
      return ids.channel;
    case "role":
      return ids.role;
    case "attachment":
      return undefined;
    default:
      return option.name === "code" ? "({ config: ctx.config, env: process.env })" : "1h";
  }
}

describe("no secret in any log line", () => {
  it("walks every route and every command, then finds none of the secrets in the captured log", async () => {
    const [adminId, managerId, memberId] = await demoMembers(storage.db, 3);
    const owner = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
    const admin = await createDashboardToken(ctx, {
      serverId: demoGuildId,
      userId: adminId ?? "",
      permission: "admin",
    });
    const manager = await createDashboardToken(ctx, {
      serverId: demoGuildId,
      userId: managerId ?? "",
      permission: "manager",
    });
    const revoked = await createDashboardToken(ctx, {
      serverId: demoGuildId,
      userId: memberId ?? "",
      permission: "admin",
    });
    dashboardTokens.push(owner.token, admin.token, manager.token, revoked.token);
    const revoke = await app.inject({
      method: "DELETE",
      url: `/api/dashboard/tokens/${revoked.record.id}`,
      headers: { authorization: owner.token },
    });
    expect(revoke.statusCode).toBeLessThan(300);

    // Every route: each token (owner last, its writes may change what the others see), none, and
    // the token in the shapes clients get wrong (a Bearer prefix, a cookie).
    const routes = app.routeTable.filter((route) => route.method !== "HEAD" && route.method !== "OPTIONS");
    expect(routes.length).toBeGreaterThan(50);
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: revoked.token },
      { authorization: `Bearer ${manager.token}` },
      { cookie: `token=${admin.token}` },
      { authorization: manager.token },
      { authorization: admin.token },
      { authorization: owner.token },
    ];
    let requests = 0;
    for (const headers of headerSets) {
      for (const route of routes) {
        const schema = route.schema?.body as z.core.$ZodType | undefined;
        const bodies = [
          {},
          ...(schema ? fc.sample(arbitraryOf(schema), { seed: requests, numRuns: 1 }) : []),
        ];
        for (const body of bodies) {
          await app.inject({
            method: route.method as "GET",
            url: fill(route.url),
            headers,
            ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: body ?? {} }),
          });
          requests++;
        }
      }
    }

    // Every command, as the server's owner (a developer here, so /dev runs too; last, as it can block
    // and lock down), with its options filled.
    const channels = await sandbox.listChannels(demoGuildId);
    const roles = await sandbox.listRoles(demoGuildId);
    const ids = {
      channel: channels.find((channel) => channel.type === 0)?.id ?? "",
      role: roles.find((role) => role.id !== demoGuildId && !role.managed)?.id ?? "",
      user: memberId ?? demoOwnerId,
    };
    const paths = implementedCommandPaths(ctx).sort(
      (a, b) => Number(a.startsWith("dev")) - Number(b.startsWith("dev")),
    );
    expect(paths.length).toBeGreaterThan(20);
    for (const commandPath of paths) {
      const parts = commandPath.split(" ");
      const [name = "", subcommandGroup, subcommand] =
        parts.length === 3 ? parts : [parts[0], undefined, parts[1]];
      const entry = commandCatalogue.find((command) => command.name === commandPath);
      const options = Object.fromEntries(
        (entry?.options ?? [])
          .map((option) => [option.name, optionValue(option, ids)] as const)
          .filter(([, value]) => value !== undefined),
      );
      for (const withOptions of [false, true]) {
        await sandbox
          .simulateCommand({
            guildId: demoGuildId,
            userId: demoOwnerId,
            name,
            ...(subcommandGroup ? { subcommandGroup } : {}),
            ...(subcommand ? { subcommand } : {}),
            ...(withOptions ? { options: options as Record<string, string | number | boolean> } : {}),
          })
          .catch(() => undefined);
      }
    }
    await sandbox.events.idle();
    // Jobs the walk scheduled (DMs, timers, …) get a moment to run and log.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const secrets: [string, string][] = [
      ...secretVariables.map((name) => [name, sentinelFor(name)] as [string, string]),
      ...(process.env.TEST_DATABASE_URL ? [["DATABASE_URL password", dbPassword] as [string, string]] : []),
      ...(redis ? [["REDIS_URL password", redisPassword] as [string, string]] : []),
      ...dashboardTokens.map((token, index) => [`dashboard token ${index + 1}`, token] as [string, string]),
    ];
    // Each sentinel really is in the configuration the program ran with.
    const configText = JSON.stringify(config);
    for (const [name, value] of secrets.filter(([name]) => !name.startsWith("dashboard")))
      expect(configText, name).toContain(value);
    expect(secretVariables).toEqual(expect.arrayContaining(["DISCORD_TOKEN", "AI_API_KEY"]));

    const log = lines.join("");
    console.log(
      `secrets in logs: ${requests} requests, ${paths.length * 2} commands, ${lines.length} log lines ` +
        `(${(log.length / 1024).toFixed(0)} KB), ${aiRequests} AI endpoint calls; searched for ${secrets.map(([name]) => name).join(", ")}`,
    );
    // The capture works: request lines and the bot's lines are there.
    expect(lines.length).toBeGreaterThan(requests);
    expect(log).toContain('"msg":"request completed"');
    const hits = secrets
      .map(([name, value]) => ({
        name,
        lines: lines.filter((line) => line.includes(value)).map((line) => line.slice(0, 400)),
      }))
      .filter((hit) => hit.lines.length > 0);
    expect(hits).toEqual([]);
    if (aiRequests > 0) expect(aiKeysSeen).toBeGreaterThan(0);
  }, 300_000);
});
