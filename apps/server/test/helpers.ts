import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PermissionLevel } from "@hearth/core";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { bindCommands } from "../src/bot/commands/registry.ts";
import { buildHearthApp, managerRoleResolver } from "../src/composition.ts";
import { type Config, testConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import { openStorage, type Storage } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { SandboxAdapter } from "../src/discord/sandbox/adapter.ts";
import { seedDemoDirectory } from "../src/discord/sandbox/demo-seed.ts";
import { demoGuildId } from "../src/discord/sandbox/demo-seed-data.ts";
import { createDashboardToken, type DashboardToken } from "../src/features/auth/service.ts";
import { forgetStanding } from "../src/features/auth/standing.ts";
import { getSetup, updateSetup } from "../src/features/setup/service.ts";
import type { BuildAppOptions } from "../src/http/app.ts";
import { DatabaseJobQueue, type QueueOptions } from "../src/jobs/queue.ts";
import { createLogger, type Logger } from "../src/lib/logger.ts";

export { demoGuildId };

// Under CI the PostgreSQL half of the store suites is required, not optional.
if (process.env.CI === "true" && !process.env.TEST_DATABASE_URL) {
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the store suites must also run on PostgreSQL");
}

/** The dialects a store suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: ("sqlite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

export interface TestStorage {
  storage: Storage;
  /** A URL another connection can open to reach the same data. */
  url: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: a temp SQLite file, or a private schema on the PostgreSQL of
 * TEST_DATABASE_URL (dropped afterwards), so test files never see each other's rows.
 */
export async function openTestStorage(
  dialect: "sqlite" | "postgres" = "sqlite",
  /** PostgreSQL connections (tests keep it small; the bench opens what `npm start` opens). */
  poolSize = 4,
): Promise<TestStorage> {
  if (dialect === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = `${base}${base.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const storage = openStorage(url, { poolSize });
    await migrateToLatest(storage);
    return {
      storage,
      url,
      async cleanup() {
        await storage.close();
        const drop = new pg.Client({ connectionString: base });
        await drop.connect();
        await drop.query(`drop schema ${schema} cascade`);
        await drop.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-test-"));
  const url = path.join(dir, "hearth.db");
  const storage = openStorage(url);
  await migrateToLatest(storage);
  return {
    storage,
    url,
    async cleanup() {
      await storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  ctx: AppContext;
  sandbox: SandboxAdapter;
  cleanup(): Promise<void>;
}

/** A full service context on a fresh database with the demo server seeded. */
export async function createTestContext(
  options: {
    dialect?: "sqlite" | "postgres";
    queue?: QueueOptions;
    /** Settings over the test ones (the bench runs the production settings: `env`, `logLevel`). */
    config?: Partial<Config>;
    /** The logger (default: silent). */
    logger?: Logger;
    /** PostgreSQL connections (default: 4). */
    poolSize?: number;
  } = {},
): Promise<TestContext> {
  const test = await openTestStorage(options.dialect, options.poolSize);
  await seedDemoDirectory(test.storage.db);
  const logger = options.logger ?? createLogger({ logLevel: "silent" });
  const sandbox = new SandboxAdapter(test.storage.db, logger);
  const jobs = new DatabaseJobQueue(test.storage, logger, options.queue);
  const ctx: AppContext = {
    config: testConfig({ databaseUrl: test.url, rateLimitMax: 0, tokenWriteLimit: 0, ...options.config }),
    storage: test.storage,
    discord: sandbox,
    jobs,
    logger,
    startedAt: Date.now(),
  };
  return {
    ctx,
    sandbox,
    async cleanup() {
      await jobs.stop();
      await test.cleanup();
    },
  };
}

/** A second guild in the sandbox, for proving one server's token never reaches another's data. */
export async function seedOtherGuild(ctx: AppContext): Promise<{ guildId: string; ownerId: string }> {
  const guildId = "222222222222222222";
  const ownerId = "333333333333333333";
  const now = Date.now();
  await ctx.storage.db
    .insertInto("sandbox_users")
    .values({
      id: ownerId,
      username: "otherowner",
      global_name: null,
      avatar: null,
      bot: 0,
      created_at: now,
      dm_open: 1,
    })
    .execute();
  await ctx.storage.db
    .insertInto("sandbox_guilds")
    .values({
      id: guildId,
      name: "Other Place",
      icon: null,
      owner_id: ownerId,
      description: null,
      boost_count: 0,
      boost_level: 0,
      created_at: now,
    })
    .execute();
  await ctx.storage.db
    .insertInto("sandbox_members")
    .values({
      guild_id: guildId,
      user_id: ownerId,
      nick: null,
      roles: "[]",
      joined_at: now,
      timeout_until: null,
    })
    .execute();
  await ctx.storage.db
    .insertInto("sandbox_channels")
    .values({
      id: "444444444444444444",
      guild_id: guildId,
      name: "secret-plans",
      type: 0,
      parent_id: null,
      position: 0,
      topic: null,
      nsfw: 0,
    })
    .execute();
  return { guildId, ownerId };
}

export interface TestApp extends TestContext {
  app: FastifyInstance;
  /** An owner token of the demo server. */
  token: string;
}

export async function createTestApp(
  options: Omit<BuildAppOptions, "routes" | "resolveToken"> & {
    dialect?: "sqlite" | "postgres";
    config?: Partial<Config>;
    logger?: Logger;
    /** PostgreSQL connections (default: 4; the bench passes the production pool size). */
    poolSize?: number;
  } = {},
): Promise<TestApp> {
  const { dialect, config, logger, poolSize, ...appOptions } = options;
  const context = await createTestContext({ dialect, config, logger, poolSize });
  const app = await buildHearthApp(context.ctx, { serveWeb: false, ...appOptions });
  await app.ready();
  const { token } = await createDashboardToken(context.ctx, { serverId: demoGuildId, permission: "owner" });
  return {
    ...context,
    app,
    token,
    async cleanup() {
      await app.close();
      await context.cleanup();
    },
  };
}

/**
 * Binds command definitions to a test bot as the program does: with the manager roles every
 * feature declares, so a configured manager role counts in tests too.
 */
export function bindFeatureCommands(
  bot: Parameters<typeof bindCommands>[0],
  ctx: AppContext,
  definitions: Parameters<typeof bindCommands>[2],
  options: Parameters<typeof bindCommands>[3] = {},
): string[] {
  return bindCommands(bot, ctx, definitions, { managerRoleOf: managerRoleResolver(ctx), ...options });
}

/**
 * A dashboard token whose holder really is what its level needs on the demo server (tokens follow
 * Discord, issue 24 §2): an admin gets the Admin role (Administrator), a manager the role the setup
 * names as manager role (Grinder Manager, set when none is). Then the token is created.
 */
export async function createStandingToken(
  ctx: AppContext,
  input: { serverId?: string; userId: string; permission: PermissionLevel },
): Promise<{ token: string; record: DashboardToken }> {
  const serverId = input.serverId ?? demoGuildId;
  const roles = await ctx.discord.listRoles(serverId);
  const named = (name: string) => roles.find((role) => role.name === name)?.id;
  if (input.permission === "admin") {
    const admin = named("Admin");
    if (!admin) throw new Error("createStandingToken: the server has no Admin role");
    await ctx.discord.addMemberRole(serverId, input.userId, admin);
  }
  if (input.permission === "manager") {
    let managerRoleId = (await getSetup(ctx, serverId)).managerRoleId;
    if (!managerRoleId) {
      managerRoleId = named("Grinder Manager") ?? null;
      if (!managerRoleId) throw new Error("createStandingToken: the server has no Grinder Manager role");
      await updateSetup(ctx, serverId, { managerRoleId }, { tokenId: null, userId: null });
    }
    await ctx.discord.addMemberRole(serverId, input.userId, managerRoleId);
  }
  forgetStanding(serverId, input.userId);
  return createDashboardToken(ctx, { ...input, serverId });
}
