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

export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({ level: config.logLevel, redact, base: { app: "hearth" } });
}
