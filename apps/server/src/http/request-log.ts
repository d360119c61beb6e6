import { LogController } from "fastify";

/**
 * One log line per request instead of Fastify's two: nothing when it arrives, and on completion a
 * line with what both carried (method, url, address, status, time; the request id comes from the
 * log context, `log-context.ts`). Half the logging work on the API's hot path, and every request still leaves
 * exactly one line a user's X-Request-Id finds. Error, not-found and stream lines are Fastify's own.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController["requestCompleted"]>): void {
    if (this.isLogDisabled(request)) return;
    // Flat fields, not Fastify's `req`/`res` serializers (which also look up the host header and the
    // remote port): the line is written for every answer.
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ip: request.ip,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
