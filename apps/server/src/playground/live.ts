import type { FastifyReply, FastifyRequest } from "fastify";
import type { SandboxChanges } from "../discord/sandbox/context.ts";
import { errorBody } from "../http/errors.ts";
import { outsideLogContext } from "../lib/log-context.ts";

// Server-sent events: every change the sandbox notes (what the bot sent or edited, from a command,
// the dashboard in another tab or a job; what members did) is announced to every open playground at
// once, coalesced to one event per 150 ms. The page then reads what it shows again.

const coalesceMs = 150;
const heartbeatMs = 20_000;

/** The open streams, ended when the server closes (an open stream would hold the close up). */
export class LiveStreams {
  private readonly open = new Set<() => void>();

  add(end: () => void): () => void {
    this.open.add(end);
    return () => this.open.delete(end);
  }

  endAll(): void {
    for (const end of [...this.open]) end();
  }
}

export function serveLiveChanges(
  streams: LiveStreams,
  changes: SandboxChanges,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // Only an event-stream client gets a stream: anything else (a route-walking test, a curious curl)
  // gets an answer that ends.
  if (!(request.headers.accept ?? "").includes("text/event-stream")) {
    return reply
      .status(406)
      .send(errorBody(406, "This is an event stream: ask with Accept: text/event-stream", "accept"));
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  raw.write("retry: 2000\n\n");
  let pending: NodeJS.Timeout | null = null;
  let sequence = 0;
  const send = () => {
    pending = null;
    sequence += 1;
    raw.write(`event: change\nid: ${sequence}\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
  };
  // Timers outlive the request that opened the stream: they must not carry its log fields.
  const stop = changes.listen(() => {
    if (pending) return;
    pending = outsideLogContext(() => setTimeout(send, coalesceMs));
  });
  const heartbeat = outsideLogContext(() => setInterval(() => raw.write(": keep-alive\n\n"), heartbeatMs));
  heartbeat.unref();
  const forget = streams.add(() => raw.end());
  const close = () => {
    forget();
    stop();
    clearInterval(heartbeat);
    if (pending) clearTimeout(pending);
  };
  request.raw.once("close", close);
  raw.once("close", close);
}
