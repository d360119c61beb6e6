import { channel } from "node:diagnostics_channel";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { createLogger } from "../lib/logger.ts";
import { Metrics } from "../metrics/metrics.ts";
import { buildApp } from "./app.ts";
import { watchCompletedRequests } from "./completed-requests.ts";

// Issue 25: the API hears of answered requests from Node's diagnostics channel instead of Fastify's
// per-request response listeners. Every answer still gets exactly one line and one latency sample,
// over a socket and injected, and two apps in one process never hear each other's requests.

function lineCollector() {
  const raw: string[] = [];
  return {
    destination: { write: (chunk: string) => void raw.push(...chunk.split("\n").filter(Boolean)) },
    all: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
    completed: () =>
      raw
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === "request completed"),
  };
}

const contexts: TestContext[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const t of contexts.splice(0)) await t.cleanup();
});

/** An app with a quick route, a slow one and one that reports how many `finish` listeners its answer has. */
async function serve(options: { metrics?: Metrics; onListen?: () => Promise<void> } = {}) {
  const out = lineCollector();
  const t = await createTestContext({
    logger: createLogger({ logLevel: "info", logFormat: "json" }, out.destination),
  });
  contexts.push(t);
  const app = await buildApp(t.ctx, {
    serveWeb: false,
    resolveToken: async () => null,
    metrics: options.metrics ?? null,
    routes: [
      async (scope) => {
        if (options.onListen) scope.addHook("onListen", options.onListen);
        scope.get("/echo/quick", async () => ({ ok: true }));
        scope.get("/echo/slow", async () => {
          await new Promise((done) => setTimeout(done, 40));
          return { ok: true };
        });
        scope.get("/echo/listeners", (_request, reply) => {
          reply.send({ finish: reply.raw.listenerCount("finish"), error: reply.raw.listenerCount("error") });
        });
      },
    ],
  });
  apps.push(app);
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base, out };
}

/** Lines are written when the response has been handed over: a moment after the client has it. */
const settled = () => new Promise((done) => setTimeout(done, 50));

describe("answered requests", () => {
  it("each leave one line, with their status, id and time, over a socket", async () => {
    const { base, out } = await serve();
    const ids: string[] = [];
    for (const path of ["/echo/quick", "/echo/slow", "/echo/missing", "/echo/quick"]) {
      const answer = await fetch(`${base}${path}`);
      ids.push(answer.headers.get("x-request-id") ?? "");
    }
    await settled();
    const lines = out.completed();
    expect(lines.map((line) => [line.reqId, line.url, line.statusCode])).toEqual([
      [ids[0], "/echo/quick", 200],
      [ids[1], "/echo/slow", 200],
      [ids[2], "/echo/missing", 404],
      [ids[3], "/echo/quick", 200],
    ]);
    // The slow route's time is its own, from the first hook to the answer handed over.
    expect(lines[1]?.responseTime).toBeGreaterThanOrEqual(35);
    expect(lines[0]?.responseTime).toBeLessThan(35);
  });

  it("leave one line when their connection closes before the answer, and answered ones none", async () => {
    const { app, base, out } = await serve();
    const { port } = new URL(base);
    // Answered, then the connection closes: only its completed line.
    await fetch(`${base}/echo/quick`, { headers: { connection: "close" } });
    // Two requests pipelined on one connection, which the client closes while the first (slow) one
    // is still being handled: both were begun, neither was answered.
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((done) => socket.once("connect", done));
    socket.write(
      "GET /echo/slow HTTP/1.1\r\nHost: test\r\n\r\nGET /echo/quick?second HTTP/1.1\r\nHost: test\r\n\r\n",
    );
    await new Promise((done) => setTimeout(done, 15));
    socket.destroy();
    // The slow handler finishes after the close and its answer goes nowhere.
    await new Promise((done) => setTimeout(done, 80));
    await app.close();
    apps.splice(apps.indexOf(app), 1);

    const abandoned = out.all().filter((line) => line.msg === "request closed before its answer was sent");
    expect(abandoned.map((line) => line.url).sort()).toEqual(["/echo/quick?second", "/echo/slow"]);
    for (const line of abandoned) {
      expect(line).toMatchObject({ level: 30, method: "GET", ip: "127.0.0.1" });
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.elapsedMs).toBeGreaterThanOrEqual(0);
    }
    expect(out.completed().map((line) => line.url)).toEqual(["/echo/quick"]);
  });

  it("each leave one line when injected", async () => {
    const { app, out } = await serve();
    await app.inject({ method: "GET", url: "/echo/quick" });
    await app.inject({ method: "GET", url: "/echo/missing" });
    const lines = out.completed();
    expect(lines.map((line) => [line.url, line.statusCode])).toEqual([
      ["/echo/quick", 200],
      ["/echo/missing", 404],
    ]);
  });

  it("are heard only by their own app", async () => {
    const first = await serve();
    const second = await serve();
    await fetch(`${first.base}/echo/quick`);
    await fetch(`${first.base}/echo/quick`);
    await fetch(`${second.base}/echo/slow`);
    await settled();
    expect(first.out.completed().map((line) => line.url)).toEqual(["/echo/quick", "/echo/quick"]);
    expect(second.out.completed().map((line) => line.url)).toEqual(["/echo/slow"]);
  });

  it("are each timed once into the latency histogram, by route pattern", async () => {
    const metrics = new Metrics();
    const { app, base } = await serve({ metrics });
    await fetch(`${base}/echo/quick`);
    await fetch(`${base}/echo/quick`);
    await app.inject({ method: "GET", url: "/echo/quick" });
    await settled();
    const text = await metrics.exposition();
    const count = text
      .split("\n")
      .find(
        (line) =>
          line.startsWith("hearth_http_request_duration_seconds_count") &&
          line.includes('route="/echo/quick"'),
      );
    expect(count?.split(" ").at(-1)).toBe("3");
  });

  it("cost an answer no listener of Fastify's: it has the ones a bare node:http answer has", async () => {
    const bare = http.createServer((_request, response) => {
      response.end(
        JSON.stringify({ finish: response.listenerCount("finish"), error: response.listenerCount("error") }),
      );
    });
    await new Promise<void>((done) => bare.listen(0, "127.0.0.1", done));
    const barePort = (bare.address() as AddressInfo).port;
    const baseline = await (await fetch(`http://127.0.0.1:${barePort}/`)).json();
    await new Promise((done) => bare.close(done));

    // With a metrics registry too: latencies no longer need an onResponse hook (which brings the listeners back).
    const { base } = await serve({ metrics: new Metrics() });
    expect(await (await fetch(`${base}/echo/listeners`)).json()).toEqual(baseline);
  });

  it("stop being heard when the app closes", async () => {
    const finished = channel("http.server.response.finish");
    const before = finished.hasSubscribers;
    const { app } = await serve();
    expect(finished.hasSubscribers).toBe(true);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    expect(finished.hasSubscribers).toBe(before);
  });

  it("are reported, not thrown, when hearing one fails: over a socket and injected", async () => {
    const app = Fastify();
    apps.push(app);
    const errors: unknown[] = [];
    const completions = watchCompletedRequests(
      app,
      () => {
        throw new Error("the listener broke");
      },
      (error) => errors.push(error),
    );
    app.addHook("onRequest", (request, reply, done) => {
      completions.begin(request, reply.raw);
      done();
    });
    app.get("/ok", async () => ({ ok: true }));
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    expect((await fetch(`${base}/ok`)).status).toBe(200);
    expect((await app.inject({ method: "GET", url: "/ok" })).statusCode).toBe(200);
    await settled();
    // Still answering: nothing reached Node's channel or the response's event as an uncaught error.
    expect((await fetch(`${base}/ok`)).status).toBe(200);
    await settled();
    expect(errors.map((error) => (error as Error).message)).toEqual([
      "the listener broke",
      "the listener broke",
      "the listener broke",
    ]);
  });
});

describe("Fastify's own messages", () => {
  it("reach the API's log: the listening address, an onListen hook's error", async () => {
    const { base, out } = await serve({
      onListen: async () => {
        throw new Error("a listener that failed");
      },
    });
    const lines = () => out.all().filter((line) => line.role === "api");
    // The address it listens at, written to the instance's log.
    expect(lines().some((line) => String(line.msg).includes(base))).toBe(true);
    await settled();
    expect(
      lines()
        .filter((line) => line.level === 50)
        .map((line) => (line.err as { message?: string })?.message),
    ).toEqual(["a listener that failed"]);
  });
});
