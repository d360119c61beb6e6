import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseShardIds, parseTrustProxy } from "./config-values.ts";

/** The repository root: `./data/hearth.db` and the built site are found from here, wherever npm runs us. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const roleNames = ["api", "bot", "worker"] as const;
export type RoleName = (typeof roleNames)[number];

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const configSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(["development", "production", "test"]).default("production"),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(path.join(repoRoot, "data", "hearth.db"))
      .refine((value) => !/^[a-z]+:\/\//i.test(value) || /^postgres(ql)?:\/\//i.test(value), {
        message: "must be a file path (SQLite) or a postgres:// URL",
      }),
  ),
  DISCORD_TOKEN: optionalString,
  DISCORD_CLIENT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord application id (17 to 20 digits)")
      .optional(),
  ),
  DISCORD_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().default("gpt-4o-mini")),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(["json", "pretty"]).optional()),
  ROLES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default("api,bot,worker")
      .transform((value) => value.split(",").map((role) => role.trim()))
      .pipe(z.array(z.enum(roleNames)).min(1)),
  ),
  DEVELOPER_IDS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^\d{17,20}$/, "must be Discord user ids, comma-separated"))),
  ),
  COMMANDS_GUILD_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord server id")
      .optional(),
  ),
  DEV_GUILD_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord server id")
      .optional(),
  ),
  DEV_EVAL: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  DATABASE_POOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, "must be at least 16 characters (a Bearer token Prometheus sends)").optional(),
  ),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().default(path.join(repoRoot, "apps", "web", "dist"))),
  RATE_LIMIT_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(600)),
  TOKEN_WRITE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(120)),
  TOKEN_MAX_ADDRESSES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(5)),
  TOKEN_FORBIDDEN_BURST: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(20)),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default("false").transform(parseTrustProxy)),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),
  REQUEST_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1000).max(600_000).default(30_000),
  ),
  JOB_LEASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(60_000)),
  SHARD_COUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  SHARD_IDS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, "must be shard ids such as 0,1,2 or 0-3"))
      .transform(parseShardIds)
      .optional(),
  ),
});

/** Shard ids name shards that exist: SHARD_IDS needs SHARD_COUNT, and every id is below it. */
const checkedConfigSchema = configSchema.superRefine((e, ctx) => {
  if (!e.SHARD_IDS) return;
  const message =
    e.SHARD_COUNT === undefined
      ? "needs SHARD_COUNT, the total number of shards"
      : e.SHARD_IDS.some((id) => id >= (e.SHARD_COUNT ?? 0))
        ? `must be below SHARD_COUNT (${e.SHARD_COUNT})`
        : null;
  if (message) ctx.addIssue({ code: "custom", path: ["SHARD_IDS"], message });
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL connections per process (ignored on SQLite). */
  databasePoolSize: number;
  discordToken: string | undefined;
  discordClientId: string | undefined;
  discordApiUrl: string | undefined;
  publicUrl: string | undefined;
  /** An OpenAI-compatible API (`{aiBaseUrl}/chat/completions`) for `/welcome setup`; unset: offline composer. */
  aiBaseUrl: string | undefined;
  aiApiKey: string | undefined;
  aiModel: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** `pretty` by default when stdout is a terminal, JSON lines otherwise. */
  logFormat: "json" | "pretty";
  roles: RoleName[];
  redisUrl: string | undefined;
  /** A second HTTP port serving only `GET /metrics`, in every role (unset: none). */
  metricsPort: number | undefined;
  /** The Bearer token `GET /metrics` asks for; set, the api role also serves `/metrics` on its own port. */
  metricsToken: string | undefined;
  /** Users who may run the developer tools (/eval, /cache, …). */
  developerIds: string[];
  /** Register slash commands on this one server (instant, for development) instead of globally. */
  commandsGuildId: string | undefined;
  /**
   * The developers' server: the only place the `/dev` tools are registered (never globally).
   * DEV_GUILD_ID, else COMMANDS_GUILD_ID; unset, the tools are not registered at all.
   */
  devGuildId: string | undefined;
  /** `/dev eval` runs code only when DEV_EVAL=true (off by default). */
  devEval: boolean;
  webDist: string;
  /** Requests per minute per client on `/api`; 0 turns the limit off. */
  rateLimitMax: number;
  /** API writes per minute per dashboard token (`tokenWriteLimit` in packages/core); 0 turns the limit off. */
  tokenWriteLimit: number;
  /**
   * Which proxies' X-Forwarded-For entries to believe (Fastify's trustProxy): false, a hop count, or
   * proxy addresses/CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** A dashboard token used from more than this many addresses within an hour is revoked. */
  tokenMaxAddresses: number;
  /** A dashboard token answered this many 403s within a minute is revoked. */
  tokenForbiddenBurst: number;
  shutdownTimeoutMs: number;
  /**
   * How long a request may take to arrive, headers and body: one that hasn't finished by then is
   * answered 408 and its connection closed (a client trickling a body can't hold a connection).
   */
  requestTimeoutMs?: number;
  /**
   * How long a worker's claim on a job holds before another worker may take it (a crashed worker's
   * job); a running job's lease is renewed every third of it.
   */
  jobLeaseMs: number;
  /** Total gateway shards; unset lets Discord recommend a count (every shard then runs in this process). */
  shardCount: number | undefined;
  /** The shards this bot process runs; unset means all of them. */
  shardIds: number[] | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once; lists every bad key at once rather than failing on the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? "environment");
      const value = env[key];
      const shown =
        value === undefined || key === "DISCORD_TOKEN" || key === "AI_API_KEY" || key === "METRICS_TOKEN"
          ? ""
          : ` (got "${value}")`;
      return `${key}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    discordToken: e.DISCORD_TOKEN,
    discordClientId: e.DISCORD_CLIENT_ID,
    discordApiUrl: e.DISCORD_API_URL,
    publicUrl: e.PUBLIC_URL,
    aiBaseUrl: e.AI_BASE_URL,
    aiApiKey: e.AI_API_KEY,
    aiModel: e.AI_MODEL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json"),
    roles: [...new Set(e.ROLES)],
    redisUrl: e.REDIS_URL,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    developerIds: e.DEVELOPER_IDS,
    commandsGuildId: e.COMMANDS_GUILD_ID,
    devGuildId: e.DEV_GUILD_ID ?? e.COMMANDS_GUILD_ID,
    devEval: e.DEV_EVAL === "true",
    webDist: e.WEB_DIST,
    rateLimitMax: e.RATE_LIMIT_MAX,
    tokenWriteLimit: e.TOKEN_WRITE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    tokenMaxAddresses: e.TOKEN_MAX_ADDRESSES,
    tokenForbiddenBurst: e.TOKEN_FORBIDDEN_BURST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    shardCount: e.SHARD_COUNT,
    shardIds: e.SHARD_IDS,
  };
}

/** A configuration for tests and tools: defaults, with the given overrides. */
/**
 * An address on Hearth's website for links the bot and the API hand out (dashboard, giveaway and
 * tournament pages, vote webhooks): `PUBLIC_URL`, or this process's own port on localhost when
 * it is unset. `path` starts with "/".
 */
export function siteUrl(config: Pick<Config, "publicUrl" | "port">, path = ""): string {
  return `${(config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, "")}${path}`;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test" }), ...overrides };
}
