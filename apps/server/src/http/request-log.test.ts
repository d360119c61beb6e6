import net from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { withLogFields } from "../lib/log-context.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { buildApp } from "./app.ts";

// The "request completed" line is built by hand on the hot path (request-log.ts). It must be the
// line pino itself writes for the same fields: same keys in the same order, same values, valid JSON
// whatever the URL holds. Other loggers get the line the usual way.

function lineCollector() {
  const raw: string[] = [];
  return {
    raw,
    destination: { write: (chunk: string) => void raw.push(...chunk.split("\n").filter(Boolean)) },
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

let t: TestContext | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

async function serve(logger: Logger, level: "info" | "warn" = "info") {
  t = await createTestContext({ logger, config: { logLevel: level } });
  const app = await buildApp(t.ctx, {
    serveWeb: false,
    resolveToken: async () => null,
    routes: [
      async (scope) => {
        scope.get("/echo/*", async () => ({ ok: true }));
      },
    ],
  });
  return app;
}

/** A GET over a raw socket: its status and X-Request-Id. */
function rawGet(base: string, path: string): Promise<{ status: number; requestId: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(answer.match(/^HTTP\/1\.1 (\d+)/)?.[1]);
      resolve({ status, requestId: answer.match(/x-request-id: ([^\r]+)/i)?.[1] ?? "" });
    });
  });
}

describe("the request line", () => {
  const awkwardPath = `/echo/a"b\\c/%E2%9C%93?q=${encodeURIComponent('"x"')}&tab=%09`;

  it("is the line pino writes for the same fields, key for key, in the same order", async () => {
    const out = lineCollector();
    const logger = createLogger({ logLevel: "info", logFormat: "json" }, out.destination);
    const app = await serve(logger);
    // Over a raw socket: the path reaches the server as sent, quotes and backslashes unencoded.
    const { status, requestId } = await rawGet(await app.listen({ port: 0, host: "127.0.0.1" }), awkwardPath);
    expect(status).toBe(200);
    const [fast] = out.lines().filter((line) => line.msg === "request completed");
    expect(fast).toBeDefined();
    expect(fast).toMatchObject({
      level: 30,
      app: "hearth",
      role: "api",
      reqId: requestId,
      method: "GET",
      url: awkwardPath,
      statusCode: 200,
      ip: "127.0.0.1",
    });

    // What pino writes through the generic path for the same fields, in the same request context.
    const fields = {
      method: fast?.method,
      url: fast?.url,
      statusCode: fast?.statusCode,
      ip: fast?.ip,
      responseTime: fast?.responseTime,
    };
    withLogFields({ reqId: String(fast?.reqId) }, () =>
      logger.child({ role: "api" }).info(fields, "request completed"),
    );
    const generic = out.lines().at(-1);
    const withoutTime = (line: Record<string, unknown> | undefined) => ({ ...line, time: 0 });
    expect(withoutTime(fast)).toEqual(withoutTime(generic));
    expect(Object.keys(fast ?? {})).toEqual(Object.keys(generic ?? {}));
    expect(typeof fast?.time).toBe("number");
    await app.close();
  });

  it("is not written when the level is above info", async () => {
    const out = lineCollector();
    const app = await serve(createLogger({ logLevel: "warn", logFormat: "json" }, out.destination), "warn");
    expect((await app.inject({ method: "GET", url: "/echo/x" })).statusCode).toBe(200);
    expect(out.raw).toEqual([]);
    await app.close();
  });

  it("is written the usual way by a logger that is not one of ours", async () => {
    const out = lineCollector();
    const foreign = pino({ level: "info" }, out.destination) as unknown as Logger;
    const app = await serve(foreign);
    const res = await app.inject({ method: "GET", url: "/echo/y" });
    const [line] = out.lines().filter((l) => l.msg === "request completed");
    expect(line).toMatchObject({ method: "GET", url: "/echo/y", statusCode: 200, role: "api" });
    // The answer still names its request id.
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });
});
