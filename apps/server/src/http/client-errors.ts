import type { FastifyError } from "fastify";

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
