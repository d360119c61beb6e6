import { andThen } from "../lib/maybe-promise.ts";
import { errorBody } from "./errors.ts";
import type { RequestGate } from "./request-gates.ts";
import { MemoryWriteCounter, type WriteCounter, type WriteWindow } from "./write-counter.ts";

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The write-limit gate (`request-gates.ts`): caps the writes (POST, PUT, PATCH, DELETE) one dashboard
 * token makes on the API: `perMinute` in fixed one-minute windows, counted by `counter` (across every
 * api process with Redis: write-counter.ts; in this process otherwise); more answer 429 with
 * Retry-After. It runs after the auth gate, so it sees the request's token (public routes and refused
 * tokens aren't counted here: the address limits cover them). 0 turns it off (no gate).
 */
export function tokenWriteGate({
  perMinute,
  now = Date.now,
  counter = new MemoryWriteCounter(now),
}: {
  perMinute: number;
  counter?: WriteCounter;
  now?: () => number;
}): RequestGate | null {
  if (perMinute <= 0) return null;
  return (request, reply) => {
    const token = request.dashboardToken;
    // Reads pass without a step: every request comes here.
    if (!token || reads.has(request.method)) return null;
    return andThen(counter.count(token.id), (window: WriteWindow) => {
      if (window.count <= perMinute) return null;
      const seconds = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
      reply
        .status(429)
        .header("retry-after", String(seconds))
        .send(
          errorBody(
            429,
            `Too many changes with this dashboard token: at most ${perMinute} a minute; try again in ${seconds} s`,
          ),
        );
      return "answered";
    });
  };
}
