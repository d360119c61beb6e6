import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { PermissionLevel } from "@hearth/core";
import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import {
  type FastifyPluginAsyncZod,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";
import { withLogFields } from "../lib/log-context.ts";
import { version } from "../lib/version.ts";
import { serveMetrics } from "../metrics/http.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { type ActivityMonitor, quietMonitor } from "./activity-monitor.ts";
import { authGate, requiredPermission, type TokenResolver } from "./auth-plugin.ts";
import { watchCompletedRequests } from "./completed-requests.ts";
import { errorBody, registerErrorHandling } from "./errors.ts";
import { type FailureLimiter, MemoryFailureLimiter } from "./failure-limiter.ts";
import { frameworkErrorHandlers } from "./framework-errors.ts";
import { documentAnswers } from "./openapi-answers.ts";
import type { OperationExample } from "./openapi-examples.ts";
import { openApiTransform } from "./openapi-paging.ts";
import { passGates, type RequestGate } from "./request-gates.ts";
import { RequestLog } from "./request-log.ts";
import { responseSerializerCompiler } from "./response-serializer.ts";
import {
  apiSecurityHeaders,
  decisionPath,
  originFormUrl,
  securityHeaders,
  securityHeadersFor,
} from "./security-headers.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";
import { registerWebStatic } from "./web-static.ts";
import type { WriteCounter } from "./write-counter.ts";
import { tokenWriteGate } from "./write-limit.ts";

export interface BuildAppOptions {
  /** The features' route plugins, behind the auth gate (assembled by composition.ts). */
  routes: readonly FastifyPluginAsyncZod<{ ctx: AppContext }>[];
  /** Resolves an Authorization header to its dashboard token (the auth feature's lookup). */
  resolveToken: TokenResolver;
  limiter?: FailureLimiter;
  /** Counts each token's writes for TOKEN_WRITE_LIMIT (Redis in a split deployment; this process's memory by default). */
  writeCounter?: WriteCounter;
  /** Watches token use for suspicious activity (composition.ts gives the real one; none by default here). */
  monitor?: ActivityMonitor;
  /** The command paths that have a handler (composition.ts: the features' registry), for the site's lists. */
  commandPaths?: readonly string[];
  /** Serve the built website (off in most API tests). */
  serveWeb?: boolean;
  /** This process's metrics: request latencies are recorded, and `/metrics` served when METRICS_TOKEN is set. */
  metrics?: Metrics | null;
  /** Examples for the OpenAPI document by `METHOD /route` (`npm run openapi` writes them from the demo server). */
  openApiExamples?: ReadonlyMap<string, OperationExample>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every registered route with its schemas, for the route-walking tests (security, fuzz) and the docs. */
    routeTable: {
      method: string;
      url: string;
      permission: PermissionLevel;
      /** The path parameter the auth hook checks against the token's server. */
      serverIdParam: string;
      schema?: FastifySchema;
    }[];
    /** The command paths the bot has handlers for (the same list it registers with Discord). */
    commandPaths: ReadonlySet<string>;
  }
}

/** A request (headers and body) must have arrived within this, unless `REQUEST_TIMEOUT_MS` says otherwise. */
export const defaultRequestTimeoutMs = 30_000;

/** The content security policy the site works under: everything from our origin, Discord's CDN for images. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "https://cdn.discordapp.com", "https://media.discordapp.net"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(ctx: AppContext, options: BuildAppOptions): Promise<FastifyInstance> {
  const requestTimeoutMs = ctx.config.requestTimeoutMs ?? defaultRequestTimeoutMs;
  const log = ctx.logger.child({ role: "api" });
  const requestLog = new RequestLog(log);
  const app = Fastify({
    // No logger for Fastify itself: with one it makes and checks a child logger and adds two
    // response listeners for every request (issue 25). The API's lines go to `log`: the request
    // lines from `requestLog` (Fastify's log controller, and `completed` below), the rest from the
    // code that has something to say; the one hook below gives each request and reply this logger
    // as `log` (Fastify's own would be its silent one).
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 256 * 1024,
    // A request whose headers and body haven't all arrived in time is answered 408 and its connection
    // closed; Node checks its connections for this every quarter of the limit.
    // (Node applies them only when the server is created with them, hence `http` as well.)
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(250, Math.floor(requestTimeoutMs / 4)),
    },
    // Request ids unique across api processes (Fastify's own count from req-1 in each).
    genReqId: () => randomUUID(),
    logController: requestLog,
    return503OnClosing: true,
    rewriteUrl: (request) => originFormUrl(request.url),
    ...frameworkErrorHandlers(apiSecurityHeaders(ctx.config.publicUrl?.startsWith("https://") ?? false)),
  }).withTypeProvider<ZodTypeProvider>();
  // The instance's own logger, set after the fact: Fastify captured its (silent) logger for the
  // requests when it was built, so this adds nothing per request, while what Fastify and plugins
  // write to `app.log` (an onListen hook's error, the listening address, a plugin's warning, a
  // client error at trace level) reaches the API's log instead of nowhere.
  app.log = log;

  app.decorate("routeTable", []);
  app.decorate("commandPaths", new Set(options.commandPaths ?? []));
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        permission: requiredPermission(method, route.config),
        serverIdParam: route.config?.serverIdParam ?? "serverId",
        schema: route.schema,
      });
    }
  });

  const https = ctx.config.publicUrl?.startsWith("https://") ?? false;
  const securityHeadersOf = securityHeadersFor(
    apiSecurityHeaders(https),
    securityHeaders({
      contentSecurityPolicy: { directives: contentSecurityPolicy },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? undefined : false,
    }),
  );
  // One hook for every request (each Fastify hook costs every request a step of its hook runner, so
  // the checks are gates run by this one: request-gates.ts). It sets what every answer gets: the
  // security headers (JSON API answers get the REST set, everything else the document set) and the
  // request id as X-Request-Id, so a user's report leads to the log lines. It runs the gates (the
  // dashboard token, the write limit) in the log context, so every line written while the request is
  // handled carries that id, services' `ctx.logger` too.
  const auth = authGate(app, {
    resolveToken: options.resolveToken,
    limiter: options.limiter ?? new MemoryFailureLimiter(),
    monitor: options.monitor ?? quietMonitor,
  });
  const writeGate = tokenWriteGate({
    perMinute: ctx.config.tokenWriteLimit,
    ...(options.writeCounter ? { counter: options.writeCounter } : {}),
  });
  const gates: RequestGate[] = writeGate ? [auth.gate, writeGate] : [auth.gate];
  const completions = watchCompletedRequests(
    app,
    (request, statusCode, elapsedMs) => {
      requestLog.completed(request, statusCode, elapsedMs);
      options.metrics?.observeRequest(
        request.method,
        request.routeOptions.url ?? null,
        statusCode,
        elapsedMs / 1000,
      );
    },
    (error) => log.error({ err: error }, "could not note a completed request"),
    requestLog.abandoned,
  );
  let closing = false;
  app.addHook("onRequest", (request, reply, done) => {
    completions.begin(request, reply.raw);
    request.log = log;
    reply.log = log;
    reply.headers(securityHeadersOf(request));
    reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
    withLogFields({ reqId: request.id }, passGates, gates, request, reply, done);
  });
  if (options.metrics && ctx.config.metricsToken) serveMetrics(app, options.metrics, ctx.config.metricsToken);

  // While shutting down, requests that arrive on a keep-alive connection are answered with
  // `Connection: close` (above), and connections whose answer in flight has been sent are closed as
  // soon as they are idle, so the server finishes closing instead of waiting out the keep-alive
  // timeout. (Node closes the idle ones once, when closing starts; this keeps at it until it's done.)
  let reaper: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    closing = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    reaper.unref();
  });
  app.addHook("onClose", async () => clearInterval(reaper));

  app.setValidatorCompiler(validatorCompiler);
  // Compiled stringifiers answer in production; elsewhere (tests) every answer is checked by its zod schema too.
  app.setSerializerCompiler(
    responseSerializerCompiler({
      validate: ctx.config.env !== "production",
      onFallback: (route, reason) => log.debug({ route, reason }, "response schema kept on zod's parse"),
    }),
  );
  registerErrorHandling(app, { onForbidden: auth.noteForbidden });

  // The API reads JSON only: Fastify's own text/plain parser would hand a route a string that then
  // fails validation as a 400, where any other type answers 415 (as the README says).
  app.removeContentTypeParser("text/plain");
  // An empty body with a JSON content type is "no body", not a parse error (the dashboard sends one).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error("body: is not valid JSON"), { statusCode: 400 }), undefined);
    }
  });

  if (ctx.config.rateLimitMax > 0) {
    await app.register(rateLimit, {
      max: ctx.config.rateLimitMax,
      timeWindow: "1 minute",
      allowList: (request) => !decisionPath(request).startsWith("/api/"),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`), {
          statusCode: 429,
        }),
    });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: "Hearth API", version, description: "The API behind the Hearth website and dashboard." },
      components: {
        securitySchemes: {
          dashboardToken: {
            type: "apiKey",
            in: "header",
            name: "Authorization",
            description: "The raw 56-character dashboard token (no scheme prefix).",
          },
        },
      },
    },
    transform: openApiTransform,
    transformObject: documentAnswers(
      () => app.routeTable,
      () => options.openApiExamples ?? new Map(),
    ) as never,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  for (const routes of options.routes) await app.register(routes, { ctx });

  if (options.serveWeb ?? true) {
    await registerWebStatic(app, ctx.config.webDist, log);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(errorBody(404, `No route for ${request.method} ${request.url.split("?")[0]}`)),
    );
  }
  return app;
}
