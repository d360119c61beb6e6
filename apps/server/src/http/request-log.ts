import { LogController } from "fastify";

/**
 * One log line per request instead of Fastify's two: nothing when it arrives, and on completion a
 * line with what both carried (method, url, address, status, time; the request id comes with the
 * request's logger). Half the logging work on the API's hot path, and every request still leaves
 * exactly one line a user's X-Request-Id finds. Error, not-found and stream lines are Fastify's own.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController["requestCompleted"]>): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
