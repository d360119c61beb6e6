import type { Duplex } from "node:stream";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./errors.ts";

export interface ClientError {
  status: number;
  message: string;
  field?: string;
}

const bodyError = (status: number, message: string): ClientError => ({
  status,
  message: `body: ${message}`,
  field: "body",
});

/**
 * Fastify's own client errors (router, body parsers, content types, sizes) in our words and our
 * shape; null for anything that is not a client error (the caller answers 500 and logs it).
 */
export function clientErrorOf(
  error: FastifyError,
  request?: { routeOptions?: { bodyLimit?: number } },
): ClientError | null {
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return { status: 400, message: "The URL is not valid: it has a malformed percent-encoding" };
    case "FST_ERR_MAX_PARAM_LENGTH":
      return { status: 414, message: "A path segment is too long for any route" };
    case "FST_ERR_CTP_BODY_TOO_LARGE": {
      const limit = request?.routeOptions?.bodyLimit;
      return bodyError(413, limit ? `is larger than ${Math.floor(limit / 1024)} KB` : "is too large");
    }
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE": {
      const type = error.message.replace(/^Unsupported Media Type:?\s*/i, "").trim();
      return {
        status: 415,
        message: `The content type ${type ? `"${type.slice(0, 100)}" ` : ""}is not accepted; send application/json`,
      };
    }
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return bodyError(400, "its length does not match Content-Length");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return bodyError(400, "must not be empty");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return bodyError(400, "is not valid JSON");
  }
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  // Our own parsers' errors already name the body ("body: …").
  if (error.message.startsWith("body: ")) return { status, message: error.message, field: "body" };
  return { status, message: error.message };
}

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
