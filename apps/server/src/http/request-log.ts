import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino from "pino";
import { jsonLineStream } from "../lib/logger.ts";

/**
 * One log line per request instead of Fastify's two: nothing when it arrives, and on completion a
 * line with what both carried (method, url, address, status, time, and the request id). Half the
 * logging work on the API's hot path, and every request still leaves exactly one line a user's
 * X-Request-Id finds. Error, not-found and stream lines are Fastify's own.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController["requestCompleted"]>): void {
    if (this.isLogDisabled(request)) return;
    if (!error && writeCompletedLine(request, reply)) return;
    // Flat fields, not Fastify's `req`/`res` serializers (which also look up the host header and the
    // remote port): the line is written for every answer.
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ip: request.ip,
      responseTime: responseTime(reply),
    };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}

const responseTime = (reply: FastifyReply) => Math.round(reply.elapsedTime * 100) / 100;

const { chindingsSym } = pino.symbols;

/**
 * The "request completed" line, built as one string and handed to the logger's stream: the same
 * JSON line pino writes for `reply.log.info(fields, "request completed")` (its level, time and
 * bindings, then `reqId` as the log context adds it, the fields and the message; the test in
 * request-log.test.ts compares the two), without the generic path's mixin, merge, censoring pass
 * (none of these keys is secret) and per-field serialisation. It is written for every answer, and
 * it was the largest part of an answer's own work (issue 16). False when the logger is not a JSON
 * line logger of ours (pretty output, a test's own pino): the caller logs the usual way.
 */
function writeCompletedLine(request: FastifyRequest, reply: FastifyReply): boolean {
  const logger = reply.log as unknown as pino.Logger;
  const stream = jsonLineStream(logger);
  if (!stream) return false;
  if (!logger.isLevelEnabled("info")) return true;
  stream.write(
    `{"level":30,"time":${Date.now()}${boundPart(logger, request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)},"statusCode":${reply.statusCode},"ip":${JSON.stringify(request.ip)},"responseTime":${responseTime(reply)},"msg":"request completed"}\n`,
  );
  return true;
}

/**
 * The last bindings seen, and whether they hold `reqId`: the request logger is the same one every
 * time, so its bindings are searched once, not on every line.
 */
let lastBound: { bindings: string; hasReqId: boolean } = { bindings: "", hasReqId: false };

/** The line's part after its time: the logger's bindings, then `reqId` unless they carry it already. */
function boundPart(logger: pino.Logger, reqId: string): string {
  const bindings = (logger as unknown as Record<symbol, string | undefined>)[chindingsSym] ?? "";
  if (bindings !== lastBound.bindings) lastBound = { bindings, hasReqId: bindings.includes('"reqId":') };
  return lastBound.hasReqId ? bindings : `${bindings},"reqId":${JSON.stringify(reqId)}`;
}
