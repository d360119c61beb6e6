import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the current unit of work is (an HTTP request's id, an interaction's id, a gateway event), for
 * every log line written while it runs. Services log through `ctx.logger`, which knows nothing of
 * the request or interaction that called them; the logger's mixin (`logger.ts`) adds these fields
 * from here, so a line written anywhere below a request carries its id.
 */
export type LogFields = Readonly<Record<string, string | number>>;

const storage = new AsyncLocalStorage<LogFields>();

/**
 * Runs `work` with `fields` added to every log line it writes (nested calls add to the outer fields).
 * `args` are passed to `work`, so a hot caller (every API request) needs no closure.
 */
export function withLogFields<T, A extends unknown[] = []>(
  fields: LogFields,
  work: (...args: A) => T,
  ...args: A
): T {
  const outer = storage.getStore();
  return storage.run(outer ? { ...outer, ...fields } : fields, work, ...args);
}

/** The fields of the unit of work running now (empty outside one). */
export function currentLogFields(): LogFields | undefined {
  return storage.getStore();
}

/**
 * Runs `work` as a unit of its own: only `fields`, none of the caller's. A job run by a worker that a
 * request happened to wake belongs to no request.
 */
export function withOwnLogFields<T>(fields: LogFields, work: () => T): T {
  return storage.run(fields, work);
}

/**
 * Runs `work` outside any unit of work: timers it creates (a poll loop started from a request) don't
 * carry the request's fields into everything they run later.
 */
export function outsideLogContext<T>(work: () => T): T {
  return storage.exit(work);
}
