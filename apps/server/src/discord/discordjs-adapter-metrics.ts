import type { EventEmitter } from "node:events";
import { type Client, Events, type REST, RESTEvents } from "discord.js";
import type { Metrics } from "../metrics/metrics.ts";

/**
 * Counts what Discord's REST API answered: each rate limit discord.js waited for or was told of
 * (`rateLimited`, by route bucket such as `/channels/:id/messages`), and every answer of 400 or above
 * by status. Route buckets are patterns, so ids never become label values.
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
    // discord.js hands listeners a clone of the answer; nothing reads its body, so let it go.
    const body = response.body as { cancel?: () => Promise<void> } | null;
    body?.cancel?.().catch(() => {});
    if (response.status < 400) return;
    const labels = { route: routeLabel(request.route), method: request.method.toUpperCase() };
    metrics.restErrors.inc({ ...labels, status: String(response.status) });
    // A 429 discord.js did not see coming (it emits rateLimited only for the waits it plans itself).
    if (response.status === 429) {
      metrics.restRateLimits.inc({ ...labels, scope: response.headers.get("x-ratelimit-scope") ?? "user" });
    }
  });
}

/**
 * A route bucket as a label: discord.js already writes ids as `:id` and webhook tokens as `:token`;
 * invite codes and anything else shaped like an id or a token are folded the same way, so a label
 * never holds a secret and the series stay few.
 */
export function routeLabel(route: string): string {
  return (route.split("?")[0] ?? route)
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
