import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "./metrics.ts";

/** Whether an Authorization header carries `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Serves `GET /metrics` on the app's own port to a Bearer of the METRICS_TOKEN. (Every answered
 * request is timed into the latency histogram by app.ts, labelled with the route's pattern, so ids
 * never become label values.) Without a token the public port has no /metrics.
 */
export function serveMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ error: "Unauthorized", message: "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>" });
    }
    const text = await metrics.exposition();
    return reply.header("content-type", metrics.contentType).header("cache-control", "no-store").send(text);
  });
}

/**
 * The separate metrics port (METRICS_PORT): `GET /metrics` and nothing else, in every role, so a
 * bot-only or worker-only process (which has no API server) is scraped the same way. It asks for the
 * METRICS_TOKEN too when one is set.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; token: string | undefined },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request: IncomingMessage, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("Only GET /metrics here\n");
      return;
    }
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, {
          "content-type": "text/plain; charset=utf-8",
          "www-authenticate": 'Bearer realm="metrics"',
        })
        .end("GET /metrics needs Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
    metrics.exposition().then(
      (text) => {
        response.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      () => {
        response.writeHead(503, { "content-type": "text/plain; charset=utf-8" }).end("metrics unavailable\n");
      },
    );
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
