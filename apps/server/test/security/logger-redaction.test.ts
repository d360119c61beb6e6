import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { censorSecrets, createLogger } from "../../src/lib/logger.ts";

// Issue 17 item 6 (b), the safety net under the walks of secrets-in-logs.test.ts: should code ever log
// the configuration (as a field, spread, or in a child logger's bindings), the logger itself leaves out
// every secret in it: the bot token, the AI key, the metrics token, and the database and Redis URLs
// (which carry their passwords).

const env = {
  NODE_ENV: "test",
  DISCORD_TOKEN: "MTA4NTI4MTQwOTgxMzY3NjAzMg.GsAbCd.redactionSentinelBotTokenabcdefghij",
  AI_BASE_URL: "https://ai.example/v1",
  AI_API_KEY: "sk-redaction-sentinel-ai-key",
  METRICS_TOKEN: "redaction-sentinel-metrics-token",
  DATABASE_URL: "postgres://hearth:redaction-sentinel-db-password@db.example:5432/hearth",
  REDIS_URL: "redis://:redaction-sentinel-redis-password@redis.example:6379",
};
const secrets = [
  env.DISCORD_TOKEN,
  env.AI_API_KEY,
  env.METRICS_TOKEN,
  "redaction-sentinel-db-password",
  "redaction-sentinel-redis-password",
];

describe("the logger's redaction", () => {
  it("leaves every secret of the configuration out, however the configuration is logged", () => {
    const config = loadConfig(env);
    const lines: string[] = [];
    const logger = createLogger({ logLevel: "info" }, { write: (line: string) => void lines.push(line) });
    logger.info({ config }, "the configuration, nested");
    logger.info(config, "the configuration, spread");
    logger.child({ config }).info("a child bound to the configuration");
    expect(lines).toHaveLength(3);
    // Non-secret values still show, so the lines stay useful.
    expect(lines.join("")).toContain('"aiModel":"gpt-4o-mini"');
    for (const secret of secrets)
      expect(
        lines.filter((line) => line.includes(secret)),
        secret,
      ).toEqual([]);
  });

  it("censors a token in a request's headers, in an error's own fields and in a grandchild's bindings", () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: "info" }, { write: (line: string) => void lines.push(line) });
    const token = "redaction-sentinel-dashboard-token";
    logger.info({ req: { method: "GET", headers: { authorization: token, host: "x" } } }, "a request");
    logger.info({ headers: { authorization: token } }, "headers");
    logger.error({ err: Object.assign(new Error("lookup failed"), { token }) }, "an error carrying a token");
    logger.child({ role: "api" }).child({ session: { token } }).info("a grandchild");
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    expect(lines.join("")).toContain('"host":"x"');
    expect(lines.join("")).toContain('"message":"lookup failed"');
    expect(lines.join("")).toContain('"role":"api"');
  });

  it("leaves a line without secrets as it is, without copying it", () => {
    const fields = { reqId: "r1", res: { statusCode: 200 }, list: [1, 2] };
    expect(censorSecrets(fields)).toBe(fields);
    const censored = censorSecrets({ reqId: "r1", nested: { token: "t", keep: 1 } });
    expect(censored).toEqual({ reqId: "r1", nested: { token: "[redacted]", keep: 1 } });
  });
});
