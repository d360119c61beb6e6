import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { testConfig } from "../../src/config.ts";
import type { AppContext } from "../../src/context.ts";
import { openStorage, type Storage } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { DiscordJsAdapter } from "../../src/discord/discordjs/adapter.ts";
import { createDashboardToken } from "../../src/features/auth/service.ts";
import { configureVotes } from "../../src/features/votes/service.ts";
import { DatabaseJobQueue } from "../../src/jobs/queue.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { DiscordStandIn, type StoredGuild } from "../discord-stand-in/index.ts";

// What the crash-safety tests share: the real program as a child process (`src/main.ts`, as
// `npm start` runs it), a TCP proxy that can play a database or Redis going away, a fresh PostgreSQL
// database per run, and the Discord stand-in with a server whose members press buttons.

const mainPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/main.ts");

export interface Program {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` in a child process and resolves once it listens. */
export function startProgram(env: Record<string, string>): Promise<Program> {
  const child = spawn(process.execPath, ["--import", "tsx", mainPath], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      WEB_DIST: path.join(os.tmpdir(), "hearth-crash-no-web"),
      // The load is the point: neither limit may refuse it.
      RATE_LIMIT_MAX: "0",
      TOKEN_WRITE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Never outlive the test process, whatever happens to it.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  void exited.then(() => process.off("exit", killChild));
  return new Promise((resolve, reject) => {
    // Generous: on a busy shared machine a start (tsx compiling, migrations, the gateway) is slow.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no start within 90 s:\n${text}`));
    }, 90_000);
    const check = setInterval(() => {
      const match = text.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearInterval(check);
        clearTimeout(timer);
        resolve({ child, url: match[1].replace("localhost", "127.0.0.1"), output: () => text, exited });
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`exited ${code} before it listened:\n${text}`));
    });
  });
}

/** Stops a program with SIGTERM (SIGKILL after 10 s) and waits for it. */
export async function stopProgram(program: Program | undefined): Promise<void> {
  if (!program || program.child.exitCode !== null || program.child.signalCode !== null) return;
  program.child.kill("SIGTERM");
  const force = setTimeout(() => program.child.kill("SIGKILL"), 10_000);
  await program.exited;
  clearTimeout(force);
}

/** JSON log lines of a program's output (pino, LOG_FORMAT=json). */
export function logLines(output: string): { level: number; msg: string; [key: string]: unknown }[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/**
 * A TCP proxy in front of a service (PostgreSQL, Redis): `cut()` destroys every connection and
 * refuses new ones, as a restarting or dead service does; `restore()` lets them through again.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private refusing = false;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    let proxy: TcpProxy | null = null;
    const server = net.createServer((client) => {
      if (!proxy || proxy.refusing) {
        client.destroy();
        return;
      }
      const upstream = net.connect(targetPort, targetHost);
      const pair = proxy.sockets;
      pair.add(client);
      pair.add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
        pair.delete(client);
        pair.delete(upstream);
      };
      client.on("error", close).on("close", close);
      upstream.on("error", close).on("close", close);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  /** Every open connection dies and new ones are refused until restore(). */
  cut(): void {
    this.refusing = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.refusing = false;
  }

  get connections(): number {
    return this.sockets.size / 2;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(proxy.port);
  return parsed.toString();
}

/** A fresh PostgreSQL database (`crash_<random>`) on the server of TEST_DATABASE_URL, dropped by drop(). */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `crash_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A temp dir with the SQLite file of the single-process default, removed by drop(). */
export function freshSqlite(): { url: string; drop(): Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-crash-"));
  return {
    url: path.join(dir, "hearth.db"),
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Community {
  standIn: DiscordStandIn;
  guild: StoredGuild;
  channelId: string;
  /** Members who press buttons (not the owner, not the bot). */
  memberIds: string[];
}

/** The Discord stand-in with one server: a giveaways channel and `members` members. */
export async function startCommunity(members: number): Promise<Community> {
  const standIn = await DiscordStandIn.start();
  const guild = standIn.state.addGuild({ name: "Crash Hollow" });
  const channelId = standIn.state.addChannel(guild.id, { name: "giveaways", type: 0 }).id;
  const memberIds: string[] = [];
  for (let i = 0; i < members; i++) {
    const user = standIn.state.addUser({ username: `member${i}` });
    standIn.state.addMember(guild.id, user.id);
    memberIds.push(user.id);
  }
  return { standIn, guild, channelId, memberIds };
}

/** The program's environment for the stand-in (the discord.js adapter, every role in one process). */
export function discordEnv(community: Community): Record<string, string> {
  return {
    DISCORD_TOKEN: community.standIn.token,
    DISCORD_API_URL: community.standIn.apiUrl,
    DISCORD_CLIENT_ID: community.standIn.state.appId,
  };
}

export interface Prepared {
  /** An owner's dashboard token for the server. */
  token: string;
  tokenId: string;
  webhookId: string;
  webhookSecret: string;
}

/**
 * The services on the program's database, in the test process (what the token CLI or another process
 * would do): Discord over REST on the stand-in, no gateway, no worker.
 */
export async function serverContext(
  databaseUrl: string,
  community: Community,
): Promise<{ ctx: AppContext; close(): Promise<void> }> {
  const storage = openStorage(databaseUrl, { poolSize: 2 });
  const logger = createLogger({ logLevel: "silent" });
  const discord = new DiscordJsAdapter({
    token: community.standIn.token,
    apiUrl: community.standIn.apiUrl,
    gateway: false,
    logger,
  });
  const ctx: AppContext = {
    config: testConfig({ databaseUrl }),
    storage,
    discord,
    jobs: new DatabaseJobQueue(storage, logger),
    logger,
    startedAt: Date.now(),
  };
  return {
    ctx,
    async close() {
      await discord.stop();
      await storage.close();
    },
  };
}

/**
 * Migrates the database and makes what an owner would have made before the load: a dashboard token
 * and the vote webhook (through the services, as `/dashboard create` and `/votetracker admin setup` do).
 */
export async function prepareServer(databaseUrl: string, community: Community): Promise<Prepared> {
  const migrating = openStorage(databaseUrl, { poolSize: 1 });
  try {
    await migrateToLatest(migrating);
  } finally {
    await migrating.close();
  }
  const { ctx, close } = await serverContext(databaseUrl, community);
  try {
    const { token, record } = await createDashboardToken(ctx, {
      serverId: community.guild.id,
      permission: "owner",
    });
    const votes = await configureVotes(
      ctx,
      community.guild.id,
      { tokenId: null, userId: community.guild.ownerId },
      {},
    );
    return {
      token,
      tokenId: record.id,
      webhookId: votes.settings.webhook_id,
      webhookSecret: votes.settings.secret,
    };
  } finally {
    await close();
  }
}

/** Opens the database the program uses, for the test to read what it stored. */
export function inspect(databaseUrl: string): Storage {
  return openStorage(databaseUrl, { poolSize: 2 });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true or `timeoutMs` passes; answers the last result. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > until) return false;
    await sleep(everyMs);
  }
}
