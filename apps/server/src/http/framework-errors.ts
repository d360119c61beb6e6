import type { Duplex } from "node:stream";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { clientErrorOf } from "./client-errors.ts";
import { errorBody } from "./errors.ts";

/**
 * Fastify's `frameworkErrors` (a bad URL, an over-long path parameter: raised before routing, so no
 * hook has set headers yet) and `clientErrorHandler` (requests Node's HTTP parser refuses), answered
 * in the API's error shape with the API's security headers.
 */
export function frameworkErrorHandlers(headers: Record<string, string>) {
  return {
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const known = clientErrorOf(error) ?? { status: 500, message: "Something went wrong on our side" };
      void reply
        .headers(headers)
        .status(known.status)
        .send(errorBody(known.status, known.message, known.field));
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      const [status, reason, message] =
        error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout", "The request took too long to arrive"]
          : error.code === "HPE_HEADER_OVERFLOW"
            ? [431, "Request Header Fields Too Large", "The request's headers are too large"]
            : [400, "Bad Request", "The request is not valid HTTP"];
      const body = JSON.stringify(errorBody(status, message));
      const lines = [
        `HTTP/1.1 ${status} ${reason}`,
        "content-type: application/json; charset=utf-8",
        `content-length: ${Buffer.byteLength(body)}`,
        "connection: close",
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      if (socket.writable) socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
      socket.destroy(error);
    },
  };
}
