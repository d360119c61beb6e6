import { describe, expect, it } from "vitest";
import { testConfig } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { evaluate, redact, secretsOf } from "./eval.ts";

const botToken = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB";
const config = testConfig({
  discordToken: botToken,
  aiApiKey: "sk-test-0123456789abcdef",
  databaseUrl: "postgres://hearth:s3cret-pass@db.internal:5432/hearth",
  redisUrl: "redis://:redis-pass-42@cache:6379",
});
const ctx = { config, storage: { db: {} }, discord: { kind: "sandbox" } } as unknown as AppContext;

describe("dev eval", () => {
  it("answers an expression's value, and statements with return", async () => {
    expect(await evaluate(ctx, "1 + 2")).toMatchObject({ ok: true, output: "3" });
    expect(await evaluate(ctx, "const a = [1, 2]; return a.length")).toMatchObject({ ok: true, output: "2" });
    expect(await evaluate(ctx, "discord.kind")).toMatchObject({ ok: true, output: "'sandbox'" });
    expect(await evaluate(ctx, "await Promise.resolve('later')")).toMatchObject({
      ok: true,
      output: "'later'",
    });
  });

  it("stops a synchronous loop and an endless promise at the time limit", async () => {
    const loop = await evaluate(ctx, "while (true) {}", 200);
    expect(loop).toMatchObject({ ok: false, output: "Timed out after 200 ms" });
    expect(loop.ms).toBeLessThan(2000);
    const waiting = await evaluate(ctx, "await new Promise(() => {})", 200);
    expect(waiting).toMatchObject({ ok: false, output: "Timed out after 200 ms" });
  });

  it("reports errors thrown inside the context, and syntax errors", async () => {
    expect(await evaluate(ctx, "null.x")).toMatchObject({ ok: false });
    expect((await evaluate(ctx, "null.x")).output).toMatch(/^TypeError: Cannot read properties of null/);
    expect((await evaluate(ctx, "throw new RangeError('nope')")).output).toBe("RangeError: nope");
    expect((await evaluate(ctx, "this is not code")).output).toMatch(/^SyntaxError/);
  });

  it("can't build code from strings inside the context", async () => {
    expect((await evaluate(ctx, "eval('1 + 1')")).output).toMatch(/EvalError|Code generation from strings/);
  });

  it("redacts the bot token, API keys, the database URL and URL passwords from the output", async () => {
    for (const code of [
      "ctx.config.discordToken",
      "ctx.config.aiApiKey",
      "ctx.config.databaseUrl",
      "ctx.config",
      "JSON.stringify(ctx.config)",
    ]) {
      const { output } = await evaluate(ctx, code);
      expect(output).not.toContain(botToken);
      expect(output).not.toContain("sk-test-0123456789abcdef");
      expect(output).not.toContain("s3cret-pass");
      expect(output).not.toContain("redis-pass-42");
      expect(output).toContain("[redacted]");
    }
    // A token-shaped string is caught even when it isn't this instance's.
    const other = "OTk5OTk5OTk5OTk5OTk5OTk5.Xyz123.zyxwvutsrqponmlkjihgfedcba9876543210";
    expect(redact(`token ${other}`, [])).toBe("token [redacted]");
    expect(redact("mysql://root:hunter22@host/db", [])).toBe("mysql://[redacted]@host/db");
  });

  it("lists the secrets of the configuration, longest first", () => {
    const secrets = secretsOf(config);
    expect(secrets).toContain(botToken);
    expect(secrets).toContain("s3cret-pass");
    expect(secrets).toContain("redis-pass-42");
    expect(secrets).not.toContain(config.host);
    for (let i = 1; i < secrets.length; i++) {
      expect(secrets[i - 1]?.length ?? 0).toBeGreaterThanOrEqual(secrets[i]?.length ?? 0);
    }
  });

  it("keeps its output within a Discord message", async () => {
    const long = await evaluate(ctx, "'x'.repeat(5000)");
    expect(long.output).toMatch(/more characters$/);
    const { output } = await evaluate(ctx, "Array.from({ length: 20 }, () => 'y'.repeat(1000))");
    expect(output).toHaveLength(1820);
    expect(output.endsWith("…")).toBe(true);
  });
});
