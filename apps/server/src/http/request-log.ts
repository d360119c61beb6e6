import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino from "pino";
import { jsonLineStream, type Logger } from "../lib/logger.ts";

/**
 * The API's request lines, written to the API's logger (`role: "api"`). Fastify itself is built
 * without a logger (app.ts): with one, it makes and checks a child logger and adds two response
 * listeners for every request, most of a hot read's cost above Fastify's own (issue 25). So its
 * log controller writes here instead of to `request.log`, and every request leaves one line, on
 * completion (`completed`, called by `watchCompletedRequests`): method, url, address, status, time
 * and the request id a user's X-Request-Id finds. Nothing is written when a request arrives; a
 * request whose connection closed before its answer was out leaves one line too (`abandoned`).
 * Lines for errors, unknown routes, broken streams and refused requests while closing carry flat
 * fields too (never the request object: it holds sockets and tokens).
 */
export class RequestLog extends LogController {
  readonly #logger: Logger;
  readonly #line: CompletedLine | null;

  constructor(logger: Logger) {
    super();
    this.#logger = logger;
    this.#line = completedLine(logger);
  }

  /** Writes the "request completed" line of an answered request. */
  readonly completed = (request: FastifyRequest, statusCode: number, elapsedMs: number): void => {
    if (this.isLogDisabled(request)) return;
    const responseTime = Math.round(elapsedMs * 100) / 100;
    if (this.#line) this.#line(request, statusCode, responseTime);
    else
      this.#logger.info(
        { method: request.method, url: request.url, statusCode, ip: request.ip, responseTime },
        "request completed",
      );
  };

  /**
   * Writes the line of a request whose connection closed before its answer was out: the client
   * went away (a closed tab, a proxy's timeout) or the socket failed while the answer was written.
   */
  readonly abandoned = (request: FastifyRequest, elapsedMs: number): void => {
    if (this.isLogDisabled(request)) return;
    this.#logger.info(
      { ...requestFields(request), ip: request.ip, elapsedMs: Math.round(elapsedMs * 100) / 100 },
      "request closed before its answer was sent",
    );
  };

  override incomingRequest(): void {}

  /** Fastify calls this only when a route has onResponse hooks; `completed` writes the line for every request. */
  override requestCompleted(): void {}

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = { ...requestFields(request), statusCode: reply.statusCode, err: error };
    if (reply.statusCode >= 500) this.#logger.error(fields, error.message);
    else this.#logger.info(fields, error.message);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    if (error.code === "ERR_STREAM_PREMATURE_CLOSE") {
      this.#logger.info(requestFields(request), "stream closed prematurely");
    } else {
      this.#logger.warn(
        { ...requestFields(request), err: error },
        "response terminated with an error with headers already sent",
      );
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    this.#logger.info(requestFields(request), "route not found");
  }

  override writeHeadError(error: Error, request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    this.#logger.warn({ ...requestFields(request), err: error }, error.message);
  }

  override serializerError(
    error: Error,
    request: FastifyRequest,
    _reply: FastifyReply,
    metadata: { statusCode: number },
  ): void {
    if (this.isLogDisabled(request)) return;
    this.#logger.error(
      { ...requestFields(request), err: error, statusCode: metadata.statusCode },
      "the serializer for the given status code failed",
    );
  }

  override serviceUnavailable(): void {
    this.#logger.info({ statusCode: 503 }, "request refused: the server is closing");
  }
}

const requestFields = (request: FastifyRequest) => ({
  reqId: request.id,
  method: request.method,
  url: request.url,
});

type CompletedLine = (request: FastifyRequest, statusCode: number, responseTime: number) => void;

/**
 * The "request completed" line built as one string and handed to the logger's stream: the same
 * JSON line pino writes for `logger.info(fields, "request completed")` (its level, time and
 * bindings, then `reqId` as the log context adds it, the fields and the message; the test in
 * request-log.test.ts compares the two), without the generic path's mixin, merge, censoring pass
 * (none of these keys is secret) and per-field serialisation. It is written for every answer.
 * Null when the logger is not a JSON line logger of ours (pretty output, a test's own pino): lines
 * are then written the usual way.
 */
function completedLine(logger: Logger): CompletedLine | null {
  const stream = jsonLineStream(logger);
  if (!stream) return null;
  const bindings = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? "";
  const idBound = bindings.includes('"reqId":');
  return (request, statusCode, responseTime) => {
    if (!logger.isLevelEnabled("info")) return;
    const id = idBound ? "" : `,"reqId":${quoted(request.id)}`;
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings}${id},"method":${quoted(request.method)},"url":${quoted(request.url)},"statusCode":${statusCode},"ip":${quoted(request.ip)},"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  };
}

/** Printable ASCII without a quote or a backslash: a JSON string as it stands. */
const plainJson = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON: quoted as it is when nothing in it needs escaping (ids, methods, addresses, most paths). */
function quoted(value: string | undefined): string {
  if (value === undefined) return "null";
  return plainJson.test(value) ? `"${value}"` : JSON.stringify(value);
}
