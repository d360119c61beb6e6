import fs from "node:fs";
import pino, { type Logger } from "pino";
import type { Config } from "../config.ts";
import { currentLogFields } from "./log-context.ts";

export type { Logger };

/** The configuration's secrets (the URLs carry their passwords): left out of a logged config, whole or spread. */
const secretConfigKeys = ["discordToken", "aiApiKey", "metricsToken", "databaseUrl", "redisUrl"];

/** Keys whose values never reach a log line: tokens arrive in headers and in CLI/config objects. */
const secretKeys: ReadonlySet<string> = new Set(["authorization", "token", ...secretConfigKeys]);
const censor = "[redacted]";
/** How deep below a line's own fields a secret key is still looked for (`req.headers.authorization`). */
const censorDepth = 2;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The object with the value of every secret key replaced, at its top level and in plain objects up
 * to `censorDepth` below; the same object when there is nothing to replace (the common case: no
 * copy). One pass over a line's few fields, cheaper than pino's wildcard redaction paths, which ran
 * a stringifier on every field of every line.
 */
export function censorSecrets<T>(object: T, depth = 0): T {
  if (!isPlainObject(object)) return object;
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    const value = object[key];
    const replaced = censoredValue(key, value, depth);
    if (replaced !== value) {
      copy ??= { ...object };
      copy[key] = replaced;
    }
  }
  return (copy ?? object) as T;
}

/** A field's value as a line may show it: censored under a secret key, looked into below `censorDepth`. */
function censoredValue(key: string, value: unknown, depth: number): unknown {
  if (secretKeys.has(key)) return value === undefined ? value : censor;
  if (depth < censorDepth && typeof value === "object" && value !== null)
    return censorSecrets(value, depth + 1);
  return value;
}

/** pino's error serializer, then the same censoring: an error's own fields can carry a token too. */
function errorSerializer(error: Error): Record<string, unknown> {
  // The serialised error has a prototype of its own (not a plain object): its fields are censored in place.
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const key in serialized) serialized[key] = censoredValue(key, serialized[key], 0);
  return serialized;
}

/**
 * The current request's or interaction's fields (`log-context.ts`), on every line; a logger already
 * bound to them (Fastify's `request.log` carries `reqId`) does not repeat them.
 */
function contextMixin(_merge: object, _level: number, logger: Logger): Record<string, unknown> {
  const fields = currentLogFields();
  if (!fields) return {};
  // The logger's bindings as pino keeps them, serialised (`,"role":"api","reqId":"…"`): a substring test
  // per field instead of parsing them back (`bindings()`) on every line of every request.
  const bound = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? "";
  let added: Record<string, unknown> | null = null;
  for (const key in fields) {
    if (bound.includes(`"${key}":`)) continue;
    added ??= {};
    added[key] = fields[key];
  }
  return added ?? {};
}

/** Set on loggers of ours that write plain JSON lines (not pretty output); their children inherit it. */
const jsonLines = Symbol("hearth.jsonLines");

/**
 * The stream a logger of ours writes its JSON lines to, for a hot line built by hand in the same
 * format (`http/request-log.ts`); null for any other logger (pretty output, a test's own pino, a
 * level whose lines pino would format differently).
 */
export function jsonLineStream(logger: Logger): pino.DestinationStream | null {
  const fields = logger as unknown as Record<symbol, unknown>;
  if (fields[jsonLines] !== true || logger.levels.values.info !== 30) return null;
  return (fields[pino.symbols.streamSym] as pino.DestinationStream | undefined) ?? null;
}

/** How long a line may wait in the buffer before it is written. */
const logFlushMs = 250;
/**
 * Lines are handed to the writer together once they add up to this many bytes (or after
 * `logFlushMs`). Each hand-over the writer acts on is an fs write through libuv's thread pool,
 * whose hand-off and completion cost the event loop more than the bytes do: at 15,000 answers a
 * second a 4 KB batch meant ~850 writes a second, a 64 KB one ~55.
 */
const logBatchBytes = 64 * 1024;
/** A batch's buffer: a full batch and room for one more line of usual length. */
const logBatchCapacity = logBatchBytes + 16 * 1024;
/** The most the writer puts in one fs write: batches that queue up while one is written go out together. */
const logMaxWrite = 256 * 1024;

export interface LogDestination extends pino.DestinationStream {
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
  /** Hands over what it holds; resolves once the writer has written everything (a benchmark's pause between runs). */
  written(): Promise<void>;
  /** Writes what it holds and closes the stream underneath; the exit hook forgets it. */
  end(): void;
}

/**
 * Every open buffering destination's "write out what you hold" (`sync`: the process is exiting). A
 * destination leaves the set when its stream closes, so code that makes and ends many holds none.
 */
const liveBatches = new Set<(sync: boolean) => void>();

/** How many buffering destinations are open (for the test that they are forgotten once closed). */
export function openLogDestinations(): number {
  return liveBatches.size;
}
let exitHooked = false;

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  // Before pino's own exit handlers (which flush, then end, the streams underneath).
  process.prependListener("beforeExit", () => {
    for (const release of liveBatches) release(false);
  });
  process.prependListener("exit", () => {
    for (const release of liveBatches) release(true);
  });
}

/**
 * Where JSON lines go (standard output by default, or a file). Lines are encoded into one buffer and
 * handed to pino's asynchronous writer (sonic-boom) together, once they add up to 64 KB and at the latest 250 ms
 * after the first of them, instead of one by one: each hand-over can start an fs write through
 * libuv's thread pool, and sonic-boom's own buffering (`minLength`) re-measures the string it
 * appends to on every line. An API answer logs one line; this takes its write off the hot path
 * (18,300 against 13,000 answers/s on the dashboard route, measured). What is held is written
 * when the process exits, normally or by an uncaught error; a SIGKILL loses at most 250 ms of lines.
 */
export function logDestination(dest: string | number = 1): LogDestination {
  // Bytes, not strings: each line is encoded into the batch's buffer as it comes, and the batch is
  // handed over as that buffer. Strings held for a batch (and sonic-boom's appended string) outlive
  // the young generation's collections, get copied and promoted, and are then measured and encoded
  // again on their way to the fs write; a buffer's bytes live outside the JavaScript heap (issue 25).
  const stream = pino.destination({ dest, sync: false, maxWrite: logMaxWrite, contentMode: "buffer" });
  let batch = Buffer.allocUnsafeSlow(logBatchCapacity);
  let used = 0;
  let timer: NodeJS.Timeout | null = null;
  const hand = (bytes: Buffer) => {
    try {
      stream.write(bytes as unknown as string);
    } catch {
      // Already ended (pino ends its streams on beforeExit): nothing more can be written.
    }
  };
  const release = (sync = false) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (used > 0) {
      // The writer keeps the handed buffer until it is written: the next batch gets a new one.
      let chunk = batch.subarray(0, used);
      batch = Buffer.allocUnsafeSlow(logBatchCapacity);
      used = 0;
      // Written at once when nothing is in flight or queued (a flush, the process exiting): handed
      // over, it would start an asynchronous write that the synchronous flush below doesn't wait for.
      const writer = stream as unknown as { fd: number; _writing?: boolean; _len?: number };
      if (sync && writer.fd >= 0 && !writer._writing && !writer._len) {
        try {
          while (chunk.length > 0) chunk = chunk.subarray(fs.writeSync(writer.fd, chunk));
        } catch {
          // Not writable at once (a full pipe): the writer takes the rest.
        }
      }
      if (chunk.length > 0) hand(chunk);
    }
    if (sync) {
      try {
        stream.flushSync();
      } catch {
        // Not open yet, or already ended.
      }
    }
  };
  liveBatches.add(release);
  stream.on("close", () => liveBatches.delete(release));
  hookExit();
  return {
    write(line: string) {
      // At most 3 bytes per UTF-16 unit: a line that might not fit sends what is held first.
      const most = line.length * 3;
      if (used + most > batch.length) release();
      if (most > batch.length) hand(Buffer.from(line, "utf8"));
      else used += batch.write(line, used, "utf8");
      if (used >= logBatchBytes) release();
      else if (!timer && used > 0) {
        timer = setTimeout(release, logFlushMs);
        timer.unref();
      }
      return true;
    },
    flush(callback?: (error?: Error) => void) {
      release();
      stream.flush(callback);
    },
    flushSync: () => release(true),
    written() {
      release();
      // sonic-boom says 'drain' when an asynchronous write leaves nothing more to write.
      if (!(stream as unknown as { _writing?: boolean })._writing) return Promise.resolve();
      return new Promise<void>((done) => stream.once("drain", () => done()));
    },
    end() {
      release();
      liveBatches.delete(release);
      stream.end();
    },
  };
}

/**
 * JSON lines for machines; readable, coloured lines when a person watches a terminal. `destination`
 * (JSON lines only) replaces standard output, e.g. a file for the benchmarks.
 */
export function createLogger(
  config: Pick<Config, "logLevel"> & { logFormat?: Config["logFormat"] },
  destination?: pino.DestinationStream,
): Logger {
  const pretty = config.logFormat === "pretty" && config.logLevel !== "silent";
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    formatters: { log: (object) => censorSecrets(object), bindings: (bindings) => censorSecrets(bindings) },
    serializers: { err: errorSerializer },
    base: { app: "hearth" },
    mixin: contextMixin,
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { colorize: true, ignore: "pid,hostname,app", translateTime: "HH:MM:ss" },
          },
        }
      : {}),
  };
  const quiet = config.logLevel === "silent";
  const logger =
    pretty || (quiet && !destination) ? pino(options) : pino(options, destination ?? logDestination());
  if (!pretty) (logger as unknown as Record<symbol, unknown>)[jsonLines] = true;
  // pino applies the bindings formatter to the root's own bindings only; a child's (`logger.child({ config })`)
  // are censored here. Children are created from their parent's prototype, so every descendant uses this.
  const child = logger.child;
  logger.child = function censoredChild(this: Logger, bindings, childOptions) {
    return child.call(this, censorSecrets(bindings), childOptions);
  } as Logger["child"];
  return logger;
}
