import type { FastifyReply, FastifyRequest } from "fastify";
import { isPromise, type MaybePromise } from "../lib/maybe-promise.ts";

/**
 * A check every request passes before its route is run (the dashboard token, the write limit). It
 * answers `null` to let the request go on, or `"answered"` when it has sent the reply itself (a 401,
 * a 403, a 429). It answers without a promise when what it needs is in memory (a token in use).
 */
export type RequestGate = (request: FastifyRequest, reply: FastifyReply) => MaybePromise<"answered" | null>;

/**
 * Runs the gates in order, then `done`; stops at the first that answered the request (`done` is then
 * not called: the reply is on its way). The app's one onRequest hook calls this: one hook step for
 * every check instead of a Fastify hook per check, each of which costs every request a step of
 * Fastify's hook runner (issue 25). A gate that throws or rejects hands its error to `done`, as a
 * hook's would.
 */
export function passGates(
  gates: readonly RequestGate[],
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
  from = 0,
): void {
  for (let index = from; index < gates.length; index++) {
    let outcome: MaybePromise<"answered" | null>;
    try {
      outcome = (gates[index] as RequestGate)(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (isPromise(outcome)) {
      outcome.then(
        (result) => {
          if (result === null) passGates(gates, request, reply, done, index + 1);
        },
        (error: Error) => done(error),
      );
      return;
    }
    if (outcome !== null) return;
  }
  done();
}
