import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn } from "../../../test/discord-stand-in/index.ts";
import { createLogger } from "../../lib/logger.ts";
import { Metrics } from "../../metrics/metrics.ts";
import { DiscordError } from "../port/port.ts";
import { DiscordJsAdapter } from "./adapter.ts";
import { routeLabel } from "./metrics.ts";

// The real discord.js client against the Discord stand-in, counted by the metrics the bot role keeps.

const logger = createLogger({ logLevel: "silent" });
let standIn: DiscordStandIn;
let adapter: DiscordJsAdapter;
let metrics: Metrics;
let channelId: string;
let guildId: string;
let authorId: string;

/** One sample's value from the exposition, when present. */
async function sample(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await metrics.exposition();
  const want = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find((candidate) => candidate.startsWith(`${name}{`) && want.every((pair) => candidate.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

/** The sample once it appears (a gateway frame is counted when the client reads it, a moment after it is sent). */
async function eventually(name: string, labels: Record<string, string>): Promise<number | undefined> {
  for (let tries = 0; tries < 100; tries++) {
    const value = await sample(name, labels);
    if (value !== undefined) return value;
    await sleep(20);
  }
  return undefined;
}

beforeAll(async () => {
  // Heartbeats every 100 ms so the shard's ping is measured within the test.
  standIn = await DiscordStandIn.start({ heartbeatIntervalMs: 100 });
  const guild = standIn.state.addGuild({ name: "Metrics Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  guildId = guild.id;
  authorId = standIn.state.addUser({ username: "chatty" }).id;
  standIn.state.addMember(guild.id, authorId);
  metrics = new Metrics({ defaultMetrics: false });
  adapter = new DiscordJsAdapter({
    token: standIn.token,
    apiUrl: standIn.apiUrl,
    gateway: true,
    logger,
    metrics,
  });
  await adapter.start();
});

afterAll(async () => {
  await adapter?.stop();
  await standIn?.close();
});

describe("Discord metrics from the discord.js adapter", () => {
  it("counts gateway events by shard and type, and reads the shard's heartbeat ping", async () => {
    expect(await sample("hearth_gateway_events_total", { shard: "0", event: "GUILD_CREATE" })).toBe(1);
    await standIn.postMessage({ guildId, channelId, authorId, content: "hello" });
    expect(await eventually("hearth_gateway_events_total", { shard: "0", event: "MESSAGE_CREATE" })).toBe(1);
    const ping = await eventually("hearth_gateway_ping_seconds", { shard: "0" });
    expect(ping).toBeGreaterThanOrEqual(0);
    expect(ping).toBeLessThan(1);
  });

  it("counts failed REST calls by status, Discord's error code and route bucket; 429s as rate-limit hits", async () => {
    const bucket = { route: "/channels/:id/messages", method: "POST" };
    standIn.failNext("POST", `/channels/${channelId}/messages`, { status: 403, code: 50013 });
    const refused = await adapter.sendMessage(channelId, { content: "no" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DiscordError);
    expect(
      await sample("hearth_discord_rest_errors_total", { ...bucket, status: "403", code: "50013" }),
    ).toBe(1);

    // Discord is down: discord.js tries four times, the call fails once.
    standIn.failNext("POST", `/channels/${channelId}/messages`, { status: 502, times: 4 });
    await expect(adapter.sendMessage(channelId, { content: "down" })).rejects.toBeInstanceOf(DiscordError);
    expect(await sample("hearth_discord_rest_errors_total", { ...bucket, status: "502", code: "none" })).toBe(
      1,
    );

    // Discord says "slow down" once; discord.js waits and sends again, and the send succeeds.
    standIn.failNext("POST", `/channels/${channelId}/messages`, {
      status: 429,
      message: "You are being rate limited.",
    });
    await adapter.sendMessage(channelId, { content: "yes" });
    expect(await sample("hearth_discord_rest_rate_limits_total", bucket)).toBe(1);
    expect(await sample("hearth_discord_rest_errors_total", { ...bucket, status: "429" })).toBeUndefined();
    // Ids never become label values.
    expect(await metrics.exposition()).not.toContain(channelId);
  });

  it("folds ids, invite codes and tokens out of route labels", () => {
    expect(routeLabel("/channels/:id/messages")).toBe("/channels/:id/messages");
    expect(routeLabel("/invites/abcDEF12")).toBe("/invites/:code");
    expect(
      routeLabel("/channels/123456789012345678/messages/123456789012345679/reactions/%F0%9F%8E%89/@me"),
    ).toBe("/channels/:id/messages/:id/reactions/:reaction");
    expect(routeLabel("/webhooks/12345678901234567890/aW50ZXJhY3Rpb246MTIzNDU2Nzg5/messages/@original")).toBe(
      "/webhooks/:id/:token/messages/@original",
    );
  });
});
