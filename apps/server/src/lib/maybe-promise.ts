/**
 * A value now, or later. For hot paths whose answer is usually in memory (a cached token, an
 * in-process counter): answering without a promise when it is there saves the promise, its
 * microtask and, on Node 20 with an AsyncLocalStorage in use, its hooks (issue 16's note).
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** `then` for a value that may be a promise: runs `next` at once when it isn't. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromise(value) ? value.then(next) : next(value);
}

/** A value held in memory when there is one (anything but undefined), else what `load` answers. */
export function orLoad<T>(held: T | undefined, load: () => Promise<T>): MaybePromise<T> {
  return held === undefined ? load() : held;
}
