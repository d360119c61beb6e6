import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CommandOption, commandCatalogue } from "@hearth/core";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDashboardToken } from "../../src/features/auth/service.ts";
import {
  type Community,
  type Prepared,
  type Program,
  prepareServer,
  serverContext,
  sleep,
  startProgram,
} from "../crash/harness.ts";
import { DiscordStandIn } from "../discord-stand-in/index.ts";

// Issue 17 item 6 (b), the whole program: `src/main.ts` as a child process (as `npm start` runs it)
// with the discord.js adapter on the Discord stand-in, so the sentinel bot token really travels
// (gateway IDENTIFY, every REST call's Authorization header, discord.js's own debug lines at
// LOG_LEVEL=trace), every secret-named variable config.ts reads set to a sentinel, the database and
// Redis URLs carrying sentinel passwords (PostgreSQL and Redis when TEST_DATABASE_URL / TEST_REDIS_URL
// are set), an AI endpoint that repeats the key in its errors, dashboard tokens and the vote webhook's
// secret. Every route the API documents is called with each token, every command is used in the
// stand-in's server, a vote arrives, a member joins and a message is posted; the process stops; its
// whole stdout and stderr hold none of the secrets.

const configSource = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/config.ts"),
  "utf8",
);
const secretVariables = [
  ...new Set(configSource.match(/\b[A-Z][A-Z0-9_]*_(?:TOKEN|KEY|SECRET|PASSWORD)\b/g) ?? []),
];
const marker = randomBytes(6).toString("hex");
const sentinelFor = (name: string) =>
  name === "DISCORD_TOKEN"
    ? `MTA4NTI4MTQwOTgxMzY3NjAzMg.Gs${marker.slice(0, 4)}.sentinelBotToken${marker}abcdefghij`
    : `sentinel-${name.toLowerCase().replaceAll("_", "-")}-${marker}`;
const dbPassword = `sentinel-db-password-${marker}`;
const redisPassword = `sentinel-redis-password-${marker}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-secrets-process-"));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function databaseUrl(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return path.join(dir, "hearth.db");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`drop schema ${schema} cascade`);
    await drop.end();
  });
  const url = new URL(base);
  url.password = dbPassword;
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/** An OpenAI-compatible endpoint that refuses the key and repeats it, as some providers do. */
async function startAi(): Promise<string> {
  const server = http.createServer((request, response) => {
    const key = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    request.resume();
    response.writeHead(401, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function optionValue(option: CommandOption, ids: { channel: string; role: string; user: string }) {
  if (option.choices?.[0]) return option.choices[0].value;
  switch (option.type) {
    case "integer":
    case "number":
      return Math.max(option.min ?? 1, Math.min(option.max ?? 5, 5));
    case "boolean":
      return true;
    case "user":
      return { user: ids.user };
    case "channel":
      return { channel: ids.channel };
    case "role":
      return { role: ids.role };
    case "attachment":
      return undefined;
    default:
      return "1h";
  }
}

describe("no secret in the program's output", () => {
  it("runs the whole program with sentinel secrets; its stdout and stderr hold none of them", async () => {
    const standIn = await DiscordStandIn.start({ token: sentinelFor("DISCORD_TOKEN"), guildMembers: true });
    cleanups.push(() => standIn.close());
    const guild = standIn.state.addGuild({ name: "Secret Hollow" });
    const channelId = standIn.state.addChannel(guild.id, { name: "lobby", type: 0 }).id;
    const role = standIn.state.addRole(guild.id, { name: "Regular", position: 1, permissions: "0" });
    const memberIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = standIn.state.addUser({ username: `member${i}` });
      standIn.state.addMember(guild.id, user.id);
      memberIds.push(user.id);
    }
    const community: Community = { standIn, guild, channelId, memberIds };

    const env: Record<string, string> = {
      LOG_LEVEL: "trace",
      LOG_FORMAT: "json",
      DATABASE_URL: await databaseUrl(),
      DISCORD_API_URL: standIn.apiUrl,
      DISCORD_CLIENT_ID: standIn.state.appId,
      AI_BASE_URL: await startAi(),
      DEVELOPER_IDS: guild.ownerId,
      COMMANDS_GUILD_ID: guild.id,
    };
    for (const name of secretVariables) env[name] = sentinelFor(name);
    if (process.env.TEST_REDIS_URL) {
      const url = new URL(process.env.TEST_REDIS_URL);
      url.password = redisPassword;
      env.REDIS_URL = url.toString();
    }
    const prepared: Prepared = await prepareServer(env.DATABASE_URL ?? "", community);
    const tokens = [prepared.token];
    {
      const { ctx, close } = await serverContext(env.DATABASE_URL ?? "", community);
      for (const [index, permission] of (["admin", "manager"] as const).entries())
        tokens.push(
          (await createDashboardToken(ctx, { serverId: guild.id, userId: memberIds[index], permission }))
            .token,
        );
      await close();
    }

    const program: Program = await startProgram(env);
    cleanups.push(() => {
      program.child.kill("SIGKILL");
    });
    // The bot has the server once the API can answer for it.
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${program.url}/api/dashboard/server`, {
        headers: { authorization: prepared.token },
      });
      if (res.ok) break;
      await sleep(250);
    }

    // Every documented route with each token (and none), an empty JSON body on writes.
    const spec = (await (await fetch(`${program.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    let requests = 0;
    for (const authorization of [undefined, ...tokens.slice().reverse()]) {
      for (const [pattern, methods] of Object.entries(spec.paths)) {
        const url = pattern.replace(/\{(\w+)\}/g, (_match, name: string) =>
          /server|guild/i.test(name) || name === "id" ? guild.id : (memberIds[0] ?? ""),
        );
        for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
          const write = method !== "GET" && method !== "DELETE" && method !== "HEAD";
          await fetch(`${program.url}${url}`, {
            method,
            headers: {
              ...(authorization ? { authorization } : {}),
              ...(write ? { "content-type": "application/json" } : {}),
            },
            ...(write ? { body: "{}" } : {}),
          }).catch(() => undefined);
          requests++;
        }
      }
    }
    // A vote through the webhook, with its secret (and once with a wrong one).
    for (const secret of [prepared.webhookSecret, `${prepared.webhookSecret}x`])
      await fetch(`${program.url}/api/votes/${prepared.webhookId}`, {
        method: "POST",
        headers: { authorization: secret, "content-type": "application/json" },
        body: JSON.stringify({ user: memberIds[1], type: "upvote" }),
      });
    // The metrics endpoint with its token, when the program serves one.
    if (env.METRICS_TOKEN)
      await fetch(`${program.url}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });

    // Every command of the catalogue, as the server's owner (a developer here), options filled.
    const ids = { channel: channelId, role: role.id, user: memberIds[2] ?? "" };
    const commands = [...commandCatalogue].sort((a, b) => Number(a.developerOnly) - Number(b.developerOnly));
    for (const entry of commands) {
      const parts = entry.name.split(" ");
      const [name = "", subcommandGroup, subcommand] =
        parts.length === 3 ? parts : [parts[0], undefined, parts[1]];
      const options = Object.fromEntries(
        (entry.options ?? [])
          .map((option) => [option.name, optionValue(option, ids)] as const)
          .filter(([, value]) => value !== undefined),
      );
      await standIn
        .dispatch(
          "INTERACTION_CREATE",
          standIn.slashCommand({
            guildId: guild.id,
            userId: guild.ownerId,
            name,
            ...(subcommandGroup ? { subcommandGroup } : {}),
            ...(subcommand ? { subcommand } : {}),
            options: options as never,
          }),
        )
        .catch(() => undefined);
    }
    await standIn
      .postMessage({ channelId, authorId: memberIds[3] ?? "", content: "1.5m*3" })
      .catch(() => undefined);
    await sleep(3000);

    program.child.kill("SIGTERM");
    await program.exited;
    const output = program.output();
    const lines = output.split("\n");

    const secrets: [string, string][] = [
      ...secretVariables.map((name) => [name, sentinelFor(name)] as [string, string]),
      ...(process.env.TEST_DATABASE_URL ? [["DATABASE_URL password", dbPassword] as [string, string]] : []),
      ...(env.REDIS_URL ? [["REDIS_URL password", redisPassword] as [string, string]] : []),
      ...tokens.map((token, index) => [`dashboard token ${index + 1}`, token] as [string, string]),
      ["vote webhook secret", prepared.webhookSecret],
    ];
    console.log(
      `secrets in process logs: ${requests} requests, ${commands.length} commands, ${lines.length} lines ` +
        `(${(output.length / 1024).toFixed(0)} KB); searched for ${secrets.map(([name]) => name).join(", ")}`,
    );
    // The capture holds the program's lines, discord.js's debug lines and request lines among them.
    expect(output).toContain('"msg":"Hearth is running"');
    expect(output).toContain("discord.js debug");
    expect(output).toContain('"msg":"request completed"');
    // The bot really used the token: the stand-in accepted its REST calls.
    expect(standIn.requests.length).toBeGreaterThan(0);
    const hits = secrets
      .map(([name, value]) => ({
        name,
        lines: lines.filter((line) => line.includes(value)).map((line) => line.slice(0, 400)),
      }))
      .filter((hit) => hit.lines.length > 0);
    expect(hits).toEqual([]);
  }, 240_000);
});
