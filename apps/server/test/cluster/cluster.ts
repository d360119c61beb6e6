import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { DiscordStandIn, type RecordedRequest } from "../discord-stand-in/index.ts";
import { HearthProcess } from "./processes.ts";

// The deployment the multi-process test runs: a fresh PostgreSQL database and Redis database index
// of its own, the Discord stand-in serving two shards with two servers on each, and real Hearth
// processes (2 api, 2 bot split by shard, workers) started as `npm start` starts the server.

export const shardCount = 2;
/** Short enough for a test to wait one out, long enough for a busy machine to renew it in time. */
export const jobLeaseMs = 3000;

const discordEpoch = 1_420_070_400_000n;
let guildSeq = 0n;

/** A guild id Discord would place on `shard`: `(id >> 22) % shardCount === shard`. */
export function guildIdOnShard(shard: number): string {
  let ms = BigInt(Date.now()) - discordEpoch - 86_400_000n;
  while (ms % BigInt(shardCount) !== BigInt(shard)) ms -= 1n;
  guildSeq += 1n;
  return ((ms << 22n) | guildSeq).toString();
}

/** The shard of a guild, as Discord computes it. */
export const shardOf = (guildId: string) => Number((BigInt(guildId) >> 22n) % BigInt(shardCount));

export interface ClusterGuild {
  id: string;
  shard: number;
  ownerId: string;
  /** A second member, an administrator (who gets an admin token). */
  memberId: string;
  channels: { general: string; giveaways: string; timers: string; welcome: string; jobs: string };
  /** The owner's dashboard token. */
  token: string;
}

/** Which process sent a REST request, from the pid Hearth puts in its User-Agent. */
export function senderPid(request: RecordedRequest): number | null {
  const match = /Hearth \([^;]*; pid (\d+)\)/.exec(request.userAgent ?? "");
  return match?.[1] ? Number(match[1]) : null;
}

export class Cluster {
  readonly processes: HearthProcess[] = [];
  readonly guilds: ClusterGuild[] = [];
  /** A stand-in for the built website (the api role serves it; the test reads only the API). */
  private readonly webDist = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-cluster-"));

  private constructor(
    readonly standIn: DiscordStandIn,
    /** The admin connection to the test server (creates and drops the database). */
    private readonly adminUrl: string,
    readonly databaseName: string,
    readonly databaseUrl: string,
    readonly redisUrl: string,
    /** This run's database (read by the test to check what the processes did). */
    readonly db: pg.Pool,
  ) {}

  static async create(options: { databaseUrl: string; redisUrl: string }): Promise<Cluster> {
    const name = `cluster_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    // A Redis database index of this run's own (1–15; other tests use 0), so its keys (failed-login
    // counts, token address sets) meet no one else's. Pub/sub channels are server-wide: messages
    // from other runs only drop cache entries here.
    const redis = new URL(options.redisUrl);
    redis.pathname = `/${1 + ((randomBytes(1)[0] ?? 0) % 15)}`;
    const standIn = await DiscordStandIn.start();
    const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // Dropping the database at the end closes its idle connections from the server's side.
    db.on("error", () => {});
    const cluster = new Cluster(standIn, options.databaseUrl, name, url.toString(), redis.toString(), db);
    fs.writeFileSync(path.join(cluster.webDist, "index.html"), "<!doctype html><title>Hearth</title>");
    return cluster;
  }

  /** Two servers on each shard, each with an owner, a member and the channels the test uses. */
  addGuilds(perShard: number): void {
    const { state } = this.standIn;
    for (let shard = 0; shard < shardCount; shard++) {
      for (let i = 0; i < perShard; i++) {
        const id = guildIdOnShard(shard);
        const owner = state.addUser({ username: `owner-${shard}-${i}` });
        const member = state.addUser({ username: `member-${shard}-${i}` });
        state.addGuild({ id, name: `Shard ${shard} server ${i}`, ownerId: owner.id });
        const admins = state.addRole(id, { name: "Admins", permissions: "8" });
        state.addMember(id, member.id, [admins.id]);
        const channel = (name: string) => state.addChannel(id, { name, type: 0 }).id;
        const general = [...state.guild(id).channels.values()][0]?.id ?? "";
        this.guilds.push({
          id,
          shard,
          ownerId: owner.id,
          memberId: member.id,
          channels: {
            general,
            giveaways: channel("giveaways"),
            timers: channel("timers"),
            welcome: channel("welcome"),
            jobs: channel("jobs"),
          },
          token: "",
        });
      }
    }
  }

  /** The environment every process shares. */
  private env(): Record<string, string> {
    return {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      DISCORD_TOKEN: this.standIn.token,
      DISCORD_API_URL: this.standIn.apiUrl,
      DISCORD_CLIENT_ID: this.standIn.state.appId,
      WEB_DIST: this.webDist,
      // The test writes hundreds of giveaways from one address with one token a minute.
      RATE_LIMIT_MAX: "0",
      TOKEN_WRITE_LIMIT: "0",
      JOB_LEASE_MS: String(jobLeaseMs),
      SHUTDOWN_TIMEOUT_MS: "5000",
    };
  }

  /** Starts a process (not waiting for it): `roles` and any extra environment. */
  spawn(name: string, roles: string, extra: Record<string, string> = {}): HearthProcess {
    const started = new HearthProcess(name, { ...this.env(), ROLES: roles, ...extra });
    this.processes.push(started);
    return started;
  }

  /** A bot process running one shard of `shardCount`. */
  spawnBot(shard: number): HearthProcess {
    return this.spawn(`bot#${shard}`, "bot", { SHARD_COUNT: String(shardCount), SHARD_IDS: String(shard) });
  }

  /**
   * A member runs `/dashboard create` in Discord (answered by the bot of the server's shard) and the
   * token arrives by DM, as for a real user.
   */
  async dashboardToken(guildId: string, userId: string): Promise<string> {
    const after = this.standIn.requests.length;
    await this.standIn.dispatch(
      "INTERACTION_CREATE",
      this.standIn.slashCommand({ guildId, userId, name: "dashboard", subcommand: "create" }),
    );
    const dm = await this.standIn.waitForRequest(
      (request) =>
        request.method === "POST" &&
        /^\/channels\/\d+\/messages$/.test(request.path) &&
        String(request.body?.embeds?.[0]?.title ?? "").startsWith("Your dashboard token"),
      { after, timeoutMs: 20_000 },
    );
    const token = /```\n([0-9a-f]{56})\n```/.exec(String(dm.body.embeds[0].description))?.[1];
    if (!token) throw new Error("The DM carried no dashboard token");
    return token;
  }

  /** Stops every process still running, the stand-in, and drops this run's database and Redis keys. */
  async destroy(): Promise<void> {
    await Promise.all(this.processes.map((process) => process.stop()));
    await this.db.end();
    await this.standIn.close();
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${this.databaseName} with (force)`);
    await admin.end();
    const redis = new Redis(this.redisUrl, { maxRetriesPerRequest: 1 });
    try {
      const keys: string[] = [];
      let cursor = "0";
      do {
        const [next, found] = await redis.scan(cursor, "MATCH", "hearth:*", "COUNT", 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== "0");
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    fs.rmSync(this.webDist, { recursive: true, force: true });
  }
}
