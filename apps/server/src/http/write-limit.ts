import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { andThen } from "../lib/maybe-promise.ts";
import { errorBody } from "./errors.ts";
import { MemoryWriteCounter, type WriteCounter, type WriteWindow } from "./write-counter.ts";

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Caps the writes (POST, PUT, PATCH, DELETE) one dashboard token makes on the API: `perMinute` in
 * fixed one-minute windows, counted by `counter` (across every api process with Redis:
 * write-counter.ts; in this process otherwise); more answer 429 with Retry-After. Registered after
 * the auth plugin, so it sees the request's token (public routes and refused tokens aren't counted
 * here: the address limits cover them). 0 turns it off.
 */
export const tokenWriteLimiter = fp<{ perMinute: number; counter?: WriteCounter; now?: () => number }>(
  async (app: FastifyInstance, { perMinute, now = Date.now, counter = new MemoryWriteCounter(now) }) => {
    if (perMinute <= 0) return;
    // A callback hook: every request passes here (reads too), and an async hook would cost each a promise.
    app.addHook("onRequest", (request, reply, done) => {
      const token = request.dashboardToken;
      if (!token || reads.has(request.method)) return done();
      void andThen(counter.count(token.id), (window: WriteWindow) => {
        if (window.count <= perMinute) return done();
        const seconds = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
        // Answered here: the hook doesn't go on (no `done`).
        reply
          .status(429)
          .header("retry-after", String(seconds))
          .send(
            errorBody(
              429,
              `Too many changes with this dashboard token: at most ${perMinute} a minute; try again in ${seconds} s`,
            ),
          );
      });
    });
  },
  { name: "token-write-limit" },
);
