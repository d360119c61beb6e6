import type { EventEmitter } from "node:events";
import {
  type Client,
  DiscordAPIError,
  Events,
  HTTPError,
  RateLimitError,
  type REST,
  RESTEvents,
} from "discord.js";
import type { Metrics } from "../../metrics/metrics.ts";

/**
 * Counts what Discord's REST API answered: each rate limit discord.js waited for (`rateLimited`) or
 * was surprised by (a 429 answer), by route bucket such as `/channels/:id/messages`, and each call
 * that failed, by HTTP status and Discord's error code (50013 Missing Permissions…). Route buckets
 * are patterns, so ids never become label values.
 */
export function instrumentRest(rest: REST, metrics: Metrics): void {
  rest.on(RESTEvents.RateLimited, (info) => {
    metrics.restRateLimits.inc({
      route: routeLabel(info.route),
      method: info.method.toUpperCase(),
      scope: info.global ? "global" : info.scope,
    });
  });
  rest.on(RESTEvents.Response, (request, response) => {
    // discord.js emits rateLimited only for the waits it plans itself; a 429 it didn't see coming
    // is retried after Retry-After without one. (The body is never touched: with Node's default
    // transport the listener gets the very stream discord.js reads next.)
    if (response.status !== 429) return;
    metrics.restRateLimits.inc({
      route: routeLabel(request.route),
      method: request.method.toUpperCase(),
      scope: response.headers.get("x-ratelimit-scope") ?? "user",
    });
  });
  // Every call (get, post, … and discord.js's own) goes through request(): count the ones that fail.
  const request = rest.request.bind(rest);
  rest.request = async (options) => {
    try {
      return await request(options);
    } catch (error) {
      const labels = {
        route: routeLabel(options.fullRoute),
        method: (options.method ?? "GET").toUpperCase(),
      };
      metrics.restErrors.inc({ ...labels, ...failureOf(error) });
      throw error;
    }
  };
}

/** A failed call's status and code labels: Discord's answer, or how the call failed without one. */
function failureOf(error: unknown): { status: string; code: string } {
  if (error instanceof DiscordAPIError) return { status: String(error.status), code: String(error.code) };
  if (error instanceof HTTPError) return { status: String(error.status), code: "none" };
  if (error instanceof RateLimitError) return { status: "429", code: "none" };
  const code = (error as { code?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : "unknown";
  return { status: "none", code: typeof code === "string" && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : name };
}

/**
 * A route bucket as a label: discord.js already writes ids as `:id` and webhook tokens as `:token`;
 * invite codes and anything else shaped like an id or a token are folded the same way, so a label
 * never holds a secret and the series stay few.
 */
export function routeLabel(route: string): string {
  return (route.split("?")[0] ?? route)
    .replace(/\/reactions\/.*/, "/reactions/:reaction")
    .replace(/\/invites\/[^/]+/, "/invites/:code")
    .replace(/\/\d{5,}(?=\/|$)/g, "/:id")
    .replace(/\/[A-Za-z0-9_.-]{20,}(?=\/|$)/g, "/:token");
}

/**
 * Counts gateway dispatches by shard and event type, and lets a scrape read each shard's last
 * heartbeat round trip. discord.js emits `raw` with the shard id for every dispatch it receives.
 */
export function instrumentGateway(client: Client, metrics: Metrics): void {
  (client as unknown as EventEmitter).on(Events.Raw, (packet: { t?: string | null }, shardId: number) => {
    if (packet.t) metrics.gatewayEvents.inc({ shard: String(shardId), event: packet.t });
  });
  metrics.watchGateway(() => client.ws.shards.map((shard) => ({ shard: shard.id, pingMs: shard.ping })));
}
