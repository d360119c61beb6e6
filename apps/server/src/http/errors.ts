import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { DiscordError } from "../discord/port/port.ts";
import { AppError } from "../lib/errors.ts";
import { clientErrorOf } from "./client-errors.ts";

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export const reasonPhrase = (status: number) => reasons[status] ?? "Error";

export function errorBody(status: number, message: string, field?: string) {
  return field === undefined
    ? { error: reasonPhrase(status), message }
    : { error: reasonPhrase(status), message, field };
}

/**
 * A database outage fails every request until it ends: one warning when the first fails, then at
 * most one every 10 s with the number answered 503 since, rather than a line per request.
 */
const databaseOutageLog = {
  lastAt: 0,
  since: 0,
  note(log: { warn: (details: object, message: string) => void }, error: Error) {
    this.since++;
    const now = Date.now();
    if (now - this.lastAt < 10_000) return;
    const code = (error as { code?: unknown }).code;
    log.warn(
      { code: typeof code === "string" ? code : undefined, reason: error.message, answered503: this.since },
      "database unavailable: answering 503 until it is back",
    );
    this.lastAt = now;
    this.since = 0;
  },
};

/**
 * One error shape for every failure; stack traces and internal messages never leave the server.
 * `onForbidden` hears of every 403 a route answers (a `forbidden()` thrown): the activity monitor
 * counts them beside the auth gate's own.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { onForbidden }: { onForbidden?: (request: FastifyRequest) => void } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, "").replaceAll("/", ".") ?? "";
      const part = error.validationContext ?? "body";
      const field = path === "" ? part : path;
      const message = first ? `${field}: ${first.message}` : "The request is not valid";
      return reply.status(400).send(errorBody(400, message, field));
    }
    if (error instanceof AppError) {
      reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.field));
      if (error.statusCode === 403) onForbidden?.(request);
      return reply;
    }
    if (error instanceof DiscordError) {
      const status = error.code === "unavailable" || error.code === "rate_limited" ? 503 : 502;
      request.log.warn({ code: error.code }, "discord call failed");
      // Discord being down or limiting us passes; the client may try again in a few seconds.
      if (status === 503) reply.header("retry-after", "5");
      return reply.status(status).send(errorBody(status, `Discord refused the request (${error.code})`));
    }
    // The library's own check is `"method" in error`, which any error with a `method` (discord.js's
    // DiscordAPIError, say) passes without a `cause`: the class decides, and `cause` may still be
    // missing.
    if (error instanceof ResponseSerializationError) {
      const issues = (error.cause as { issues?: unknown } | undefined)?.issues;
      request.log.error({ err: error, issues }, "response did not match its schema");
      return reply.status(500).send(errorBody(500, "Something went wrong on our side"));
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limit.
    const known = clientErrorOf(error, request);
    if (known) return reply.status(known.status).send(errorBody(known.status, known.message, known.field));
    // The database went away (a restart, a dropped connection): the request may be retried, and the
    // pool reconnects by itself once the database answers again.
    if (isDatabaseUnavailable(error)) {
      databaseOutageLog.note(request.log, error);
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(errorBody(503, "The database is unavailable right now; try again in a few seconds"));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody(500, "Something went wrong on our side"));
  });
}
