import type http from "node:http";
import type { RecordedRequest, RequestLog } from "./requests.ts";
import { RestError, type restRoutes } from "./rest.ts";
import { type bodyRules, refusalOf } from "./rest-rules.ts";

// The stand-in's HTTP side: checks the bot token, answers /gateway/bot, injects queued failures,
// refuses bodies Discord would refuse, and runs the matching REST route, sending the gateway events
// it emits before the answer.

export interface RestServer {
  readonly token: string;
  /** Read when asked for: the port is known once the server listens. */
  readonly gatewayUrl: () => string;
  readonly routes: CompiledRoute[];
  /** What Discord refuses in a write's body (see rest-rules.ts). */
  readonly rules: ReturnType<typeof bodyRules>;
  readonly log: RequestLog;
  dispatch(event: string, data: unknown): Promise<void>;
}

export type CompiledRoute = ReturnType<typeof compile>[number];

export function compile(routes: ReturnType<typeof restRoutes>) {
  return routes.map(([method, path, handler]) => ({
    method,
    handler,
    pattern: new RegExp(`^${path.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`),
  }));
}

export async function serve(
  server: RestServer,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? "/", "http://stand-in");
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const multipart = multipartBody(request.headers["content-type"], raw);
  const text = multipart ? multipart.payload : raw.toString();
  const reason = request.headers["x-audit-log-reason"];
  const recorded: RecordedRequest = {
    method: request.method ?? "GET",
    // discord.js encodes "@me" and "@original" as %40.
    path: decodeURIComponent(url.pathname).replace(/^\/api\/v10/, ""),
    query: url.searchParams,
    body: text ? JSON.parse(text) : null,
    ...(multipart ? { files: multipart.files } : {}),
    reason: typeof reason === "string" ? decodeURIComponent(reason) : null,
    at: Date.now(),
    status: 0,
    userAgent: request.headers["user-agent"] ?? null,
  };
  /** How long the answer is kept back (a hold whose answer is lost: the work is done at once). */
  let answerAfterMs = 0;
  const answer = (status: number, body?: unknown) => {
    recorded.status = status;
    server.log.record(recorded);
    const write = () => {
      if (response.destroyed) return;
      if (body === undefined) return void response.writeHead(status).end();
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (answerAfterMs > 0) setTimeout(write, answerAfterMs);
    else write();
  };

  const needsBotToken = !/^\/(interactions|webhooks)\//.test(recorded.path);
  if (needsBotToken && request.headers.authorization !== `Bot ${server.token}`) {
    return answer(401, { message: "401: Unauthorized", code: 0 });
  }
  if (recorded.path === "/gateway/bot") {
    return answer(200, {
      url: server.gatewayUrl(),
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
    });
  }
  const route = server.routes.find((r) => r.method === recorded.method && r.pattern.test(recorded.path));
  if (!route) return answer(404, { message: "404: Not Found", code: 0 });
  const hold = server.log.takeHold(recorded.method, recorded.path);
  if (hold) {
    hold.arrived(recorded);
    if (hold.answerLost) answerAfterMs = hold.ms;
    else if (await hungUpWithin(response, hold.ms)) return server.log.record(recorded);
  }
  const failure = server.log.takeFailure(recorded.method, recorded.path);
  if (failure) return answer(failure.status, { message: failure.message, code: failure.code });
  const refusal = refusalOf(server.rules, recorded.method, recorded.path, recorded.body);
  if (refusal) {
    recorded.refused = { code: refusal.error.code, problems: refusal.problems };
    const { message, code, errors } = refusal.error;
    return answer(400, { message, code, ...(errors === undefined ? {} : { errors }) });
  }
  try {
    const params = route.pattern.exec(recorded.path)?.groups ?? {};
    const events: [string, unknown][] = [];
    const emit = (event: string, data: unknown) => void events.push([event, data]);
    const result = route.handler({ params, query: url.searchParams, body: recorded.body ?? {}, emit });
    for (const [event, data] of events) await server.dispatch(event, data);
    return result === null || result === undefined ? answer(204) : answer(200, result);
  } catch (error) {
    if (error instanceof RestError) {
      const errors = error.errors === undefined ? {} : { errors: error.errors };
      return answer(error.status, { message: error.message, code: error.code, ...errors });
    }
    return answer(500, { message: String(error), code: 0 });
  }
}

/** Waits `ms`; true when the client hung up meanwhile (its answer would reach no one). */
function hungUpWithin(response: http.ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      response.off("close", hungUp);
      resolve(false);
    }, ms);
    const hungUp = () => {
      clearTimeout(timer);
      resolve(true);
    };
    response.once("close", hungUp);
  });
}

/**
 * A multipart/form-data body as Discord takes uploads: `payload_json` holds the JSON body and each
 * `files[n]` part a file. Null for any other content type.
 */
function multipartBody(
  contentType: string | undefined,
  raw: Buffer,
): { payload: string; files: NonNullable<RecordedRequest["files"]> } | null {
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? "")?.[1];
  if (!boundary) return null;
  let payload = "";
  const files: NonNullable<RecordedRequest["files"]> = [];
  for (const part of raw.toString("utf8").split(`--${boundary}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const data = part.slice(split + 4).replace(/\r\n$/, "");
    const name = /name="([^"]+)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name === "payload_json") payload = data;
    else if (filename !== undefined) {
      files.push({
        name: filename,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? null,
        data,
      });
    }
  }
  return { payload, files };
}
