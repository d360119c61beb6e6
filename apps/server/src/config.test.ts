import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, repoRoot } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to the embedded setup: port 3000, SQLite under ./data, every role", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(`${repoRoot}/data/hearth.db`);
    expect(config.roles).toEqual(["api", "bot", "worker"]);
    expect(config.discordToken).toBeUndefined();
    expect(config.logLevel).toBe("info");
    expect(config.databasePoolSize).toBe(10);
  });

  it("reads every key it knows", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://hearth@db:5432/hearth",
      DISCORD_TOKEN: "secret",
      DISCORD_CLIENT_ID: "123456789012345678",
      PUBLIC_URL: "https://hearth.example",
      LOG_LEVEL: "debug",
      ROLES: "api, worker",
      REDIS_URL: "redis://127.0.0.1:6379",
      RATE_LIMIT_MAX: "0",
      TRUST_PROXY: "2",
      DATABASE_POOL_SIZE: "25",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://hearth@db:5432/hearth",
      discordToken: "secret",
      discordClientId: "123456789012345678",
      publicUrl: "https://hearth.example",
      logLevel: "debug",
      roles: ["api", "worker"],
      redisUrl: "redis://127.0.0.1:6379",
      rateLimitMax: 0,
      trustProxy: 2,
      databasePoolSize: 25,
    });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DISCORD_TOKEN: "" })).toMatchObject({
      port: 3000,
      discordToken: undefined,
    });
  });

  it("lists every bad key in one error", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        ROLES: "api,chef",
        LOG_LEVEL: "loud",
        DATABASE_URL: "mysql://x",
        DISCORD_CLIENT_ID: "abc",
        DATABASE_POOL_SIZE: "0",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(":")[0])).toEqual(
      expect.arrayContaining([
        "PORT",
        "ROLES",
        "LOG_LEVEL",
        "DATABASE_URL",
        "DISCORD_CLIENT_ID",
        "DATABASE_POOL_SIZE",
      ]),
    );
    expect((error as ConfigError).message).toContain("PORT: ");
    expect((error as ConfigError).message).toContain('(got "eighty")');
  });

  it("TRUST_PROXY takes false, a hop count or proxy addresses, never the whole chain", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "fd00::/8",
      "loopback",
    ]);
    const problem = (value: string) => {
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (error) {
        return (error as ConfigError).problems.join("\n");
      }
      return null;
    };
    expect(problem("true")).toMatch(
      /^TRUST_PROXY: true would trust every X-Forwarded-For entry.*\(e\.g\. 1\)/,
    );
    expect(problem("10.0.0.0/33")).toContain("not an address: 10.0.0.0/33");
    expect(problem("proxy.example")).toContain("not an address: proxy.example");
    expect(problem("1.2.3.4/8/1")).toContain("not an address");
    expect(problem(" , ")).toContain("must be false, a number of proxy hops");
  });

  it("never echoes the bot token in an error", () => {
    try {
      loadConfig({ DISCORD_TOKEN: "x", PORT: "-1" });
    } catch (error) {
      expect((error as Error).message).not.toContain('"x"');
    }
    expect.assertions(1);
  });
});
