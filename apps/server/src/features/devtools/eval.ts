import { inspect } from "node:util";
import vm from "node:vm";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { cacheStats } from "../../lib/cache-registry.ts";

export const evalTimeoutMs = 3000;
/** Room for the code fence and the status line inside Discord's 2,000 characters. */
/** Fits in one message (2,000 characters) with the reply's status line and code fence. */
const maxOutput = 1820;

/** Config keys whose values never leave the process, whatever their name. */
const secretKeys = new Set<keyof Config>(["discordToken", "aiApiKey", "databaseUrl", "redisUrl"]);
const secretName = /token|key|secret|password|credential/i;

/** Every secret value of the configuration (and the credentials inside its URLs), longest first. */
export function secretsOf(config: Config): string[] {
  const secrets = new Set<string>();
  for (const [key, value] of Object.entries(config)) {
    if (typeof value !== "string" || value.length < 6) continue;
    if (!secretKeys.has(key as keyof Config) && !secretName.test(key)) continue;
    secrets.add(value);
    try {
      const url = new URL(value);
      if (url.password) secrets.add(decodeURIComponent(url.password));
      if (url.password) secrets.add(url.password);
    } catch {
      // Not a URL (a token, a file path): the value itself is enough.
    }
  }
  return [...secrets].filter((secret) => secret.length >= 6).sort((a, b) => b.length - a.length);
}

const botTokenShape = /[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}/g;
const urlCredentials = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s:/@]+:[^\s@/]+@/gi;

/**
 * Removes the configuration's secrets from text, plus anything shaped like a bot token or a URL with
 * credentials. A safety net against printing one by accident: the code runs with the process's own
 * rights, so it is no sandbox (hence DEV_EVAL, off by default, and developers only).
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("[redacted]");
  return out.replace(botTokenShape, "[redacted]").replace(urlCredentials, "$1[redacted]@");
}

export interface EvalResult {
  ok: boolean;
  /** Inspected result or error, redacted and cut to fit a Discord message. */
  output: string;
  ms: number;
}

/** Errors thrown inside the context come from its own realm: `instanceof Error` is false for them. */
function describeError(error: unknown, timeoutMs: number): string {
  if (typeof error !== "object" || error === null || !("message" in error))
    return `Thrown: ${inspect(error)}`;
  const { name, message } = error as { name?: unknown; message: unknown };
  if (/Script execution timed out|^Timed out after/.test(String(message)))
    return `Timed out after ${timeoutMs} ms`;
  return `${typeof name === "string" ? name : "Error"}: ${String(message)}`;
}

function compile(code: string): vm.Script {
  // An expression first (`ctx.discord.kind`), else statements (`const a = 1; return a`), both async.
  try {
    return new vm.Script(`(async () => (${code}\n))()`, { filename: "dev-eval.js" });
  } catch {
    return new vm.Script(`(async () => {\n${code}\n})()`, { filename: "dev-eval.js" });
  }
}

/**
 * Runs a developer's code in a `node:vm` context holding the services (`ctx`, `discord`, `db`,
 * `client` on discord.js, `caches()`), stopped after `timeoutMs`: a synchronous loop is interrupted
 * by vm's timeout, an awaited promise is abandoned when the time is up.
 */
export async function evaluate(
  ctx: AppContext,
  code: string,
  timeoutMs = evalTimeoutMs,
): Promise<EvalResult> {
  const started = performance.now();
  const secrets = secretsOf(ctx.config);
  const client = (ctx.discord as { client?: unknown }).client ?? null;
  const context = vm.createContext(
    {
      ctx,
      discord: ctx.discord,
      db: ctx.storage.db,
      client,
      caches: cacheStats,
      process: { uptime: process.uptime, memoryUsage: process.memoryUsage, version: process.version },
    },
    { codeGeneration: { strings: false, wasm: false } },
  );
  let timer: NodeJS.Timeout | undefined;
  try {
    const script = compile(code);
    const running = script.runInContext(context, { timeout: timeoutMs }) as Promise<unknown>;
    const remaining = Math.max(1, timeoutMs - (performance.now() - started));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms`)), remaining);
    });
    const value = await Promise.race([running, timeout]);
    return finish(true, inspect(value, { depth: 2, maxArrayLength: 25, maxStringLength: 1500 }));
  } catch (error) {
    return finish(false, describeError(error, timeoutMs));
  } finally {
    clearTimeout(timer);
  }

  function finish(ok: boolean, text: string): EvalResult {
    const clean = redact(text, secrets).replaceAll("```", "`\u200b``");
    const output = clean.length > maxOutput ? `${clean.slice(0, maxOutput - 1)}…` : clean;
    return { ok, output, ms: Math.round(performance.now() - started) };
  }
}
