import pino, { type Logger } from "pino";
import type { Config } from "../config.ts";
import { currentLogFields } from "./log-context.ts";

export type { Logger };

/** The configuration's secrets (the URLs carry their passwords): left out of a logged config, whole or spread. */
const secretConfigKeys = ["discordToken", "aiApiKey", "metricsToken", "databaseUrl", "redisUrl"];

/** Paths whose values never reach a log line: tokens arrive in headers and in CLI/config objects. */
const redact = {
  paths: [
    "req.headers.authorization",
    "headers.authorization",
    "authorization",
    "token",
    "*.token",
    ...secretConfigKeys.flatMap((key) => [key, `*.${key}`]),
  ],
  censor: "[redacted]",
};

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
    redact,
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
  return destination && !pretty ? pino(options, destination) : pino(options);
}
