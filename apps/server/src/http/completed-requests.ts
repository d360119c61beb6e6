import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** An answered request: its status and how long it took, from its first hook to the last byte handed over. */
export type CompletedRequestListener = (
  request: FastifyRequest,
  statusCode: number,
  elapsedMs: number,
) => void;

/**
 * A request that never got its answer out: its connection closed first (the client went away, a
 * write to the socket failed, the server destroyed it). `elapsedMs` runs to the close.
 */
export type AbandonedRequestListener = (request: FastifyRequest, elapsedMs: number) => void;

/** The Fastify request of a raw request, set by `begin` (a symbol: it never meets a header or a route's field). */
const fastifyRequestOf = Symbol("hearth.fastifyRequest");
type TaggedMessage = IncomingMessage & { [fastifyRequestOf]?: FastifyRequest };
/** A connection's requests begun and not yet answered (more than one only when a client pipelines). */
const unanswered = Symbol("hearth.unanswered");
type WatchedSocket = Socket & { [unanswered]?: Set<FastifyRequest> };

declare module "fastify" {
  interface FastifyRequest {
    /** `performance.now()` when the request's first hook ran: the start of its `responseTime`. */
    startedAt: number;
  }
}

/** What Node publishes on `http.server.response.finish` once a response has been handed over. */
interface FinishedResponse {
  request: TaggedMessage;
  response: ServerResponse;
  server: unknown;
}

const finishChannel = "http.server.response.finish";

/**
 * Hears of every answered request of `app` without Fastify's per-request response listeners
 * (issue 25): Fastify with a logger adds a `finish` and an `error` listener to every response,
 * makes a child logger and checks it: about 5 of the 81 µs of CPU the dashboard's hot read cost
 * (measured in one process against the version with them). Node publishes every finished response of an HTTP server on its
 * `http.server.response.finish` diagnostics channel anyway; `begin`, called from the app's one
 * onRequest hook, tags the raw request with its Fastify request, and the channel's message leads
 * back to it. Injected requests (`app.inject`, the tests' way in) have no server: their response's
 * own `finish` event is heard instead. A response that never finishes is heard from its connection:
 * each connection has one `close` listener (not one per request), and the requests it began and
 * never answered go to `abandoned`. A listener that throws is reported to `onError`: it must not
 * reach Node's channel (which rethrows it as an uncaught exception) or an event of Node's.
 */
export function watchCompletedRequests(
  app: FastifyInstance,
  listener: CompletedRequestListener,
  onError: (error: unknown) => void,
  abandoned: AbandonedRequestListener = () => {},
): { begin(request: FastifyRequest, response: ServerResponse): void } {
  app.decorateRequest("startedAt", 0);
  const heard = (request: FastifyRequest, response: ServerResponse) => {
    try {
      listener(request, response.statusCode, performance.now() - request.startedAt);
    } catch (error) {
      onError(error);
    }
  };
  const onFinished = (message: unknown) => {
    const { request: raw, response, server } = message as FinishedResponse;
    if (server !== app.server) return;
    const request = raw[fastifyRequestOf];
    if (!request) return;
    (raw.socket as WatchedSocket)[unanswered]?.delete(request);
    heard(request, response);
  };
  const onConnectionClosed = (socket: WatchedSocket) => {
    for (const request of socket[unanswered] ?? []) {
      try {
        abandoned(request, performance.now() - request.startedAt);
      } catch (error) {
        onError(error);
      }
    }
  };
  app.server.on("connection", (socket: WatchedSocket) => {
    // Read once per connection, so Node keeps it: a closed socket no longer knows its peer, and the
    // line of a request it abandoned names the client's address.
    void socket.remoteAddress;
    socket.once("close", () => onConnectionClosed(socket));
  });
  app.addHook("onReady", async () => subscribe(finishChannel, onFinished));
  app.addHook("onClose", async () => {
    unsubscribe(finishChannel, onFinished);
  });
  return {
    begin(request, response) {
      request.startedAt = performance.now();
      const raw = request.raw as TaggedMessage;
      if (raw.socket instanceof Socket) {
        raw[fastifyRequestOf] = request;
        const socket = raw.socket as WatchedSocket;
        socket[unanswered] ??= new Set();
        socket[unanswered].add(request);
      } else response.once("finish", () => heard(request, response));
    },
  };
}
