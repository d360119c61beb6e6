import pino, { type Logger } from "pino";
import type { Config } from "../config.ts";

export type { Logger };

/** Paths whose values never reach a log line: tokens arrive in headers and in CLI/config objects. */
const redact = {
  paths: [
    "req.headers.authorization",
    "headers.authorization",
    "authorization",
    "token",
    "*.token",
    "discordToken",
    "config.discordToken",
  ],
  censor: "[redacted]",
};

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
