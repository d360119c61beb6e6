import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";
import { originFormUrl } from "./security-headers.ts";

/** One raw HTTP/1.1 exchange, so the request line is exactly what a client (or attacker) wrote. */
async function raw(port: number, requestLine: string, headers: Record<string, string> = {}) {
  const socket = net.connect(port, "127.0.0.1");
  const lines = [requestLine, "Host: localhost", "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  let data = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    data += chunk;
  });
  await new Promise((resolve, reject) => {
    socket.on("end", resolve);
    socket.on("error", reject);
  });
  const [head = "", ...rest] = data.split("\r\n\r\n");
  const [status = "", ...headerLines] = head.split("\r\n");
  const parsed: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(":");
    parsed[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(status.split(" ")[1]), headers: parsed, body: rest.join("\r\n\r\n") };
}

/**
 * Issue 15, finding 2: the /api rate limit and the API's security headers decided on the raw
 * `request.url`, so an absolute-form request line (`GET http://host/api/…`) skipped both.
 */
describe("absolute-form and encoded request lines", () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildHearthApp(
      { ...t.ctx, config: { ...t.ctx.config, rateLimitMax: 3 } },
      { serveWeb: false },
    );
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it("counts absolute-form /api requests against the rate limit and answers them with the API headers", async () => {
    const origin = await raw(port, "GET /api/ping HTTP/1.1");
    const statuses = [origin.status];
    const answers = [];
    for (const line of [
      `GET http://localhost:${port}/api/ping HTTP/1.1`,
      "GET HTTP://evil.example/api/ping?x=1 HTTP/1.1",
      "GET /%61pi/ping HTTP/1.1",
    ]) {
      const answer = await raw(port, line);
      statuses.push(answer.status);
      answers.push(answer);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    for (const answer of [origin, ...answers]) {
      expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-ratelimit-limit"]).toBe("3");
    }
    // Answered like the origin-form request: the same body shape and rate-limit bookkeeping.
    expect(JSON.parse(answers[0]?.body ?? "{}")).toMatchObject({ pong: true });
    expect(JSON.parse(origin.body)).toMatchObject({ pong: true });
    expect(JSON.parse(answers[2]?.body ?? "{}")).toMatchObject({ error: "Too Many Requests" });
    expect(answers[2]?.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("keeps private routes private in absolute form", async () => {
    const { status, headers, body } = await raw(
      port,
      "GET http://localhost/api/dashboard/token-info HTTP/1.1",
    );
    expect(status).toBe(401);
    expect(JSON.parse(body)).toEqual({ error: "Unauthorized", message: "A dashboard token is required" });
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("originFormUrl", () => {
  it.each([
    ["/api/x?y=1", "/api/x?y=1"],
    ["http://host:3000/api/x?y=1", "/api/x?y=1"],
    ["HTTPS://host/api/x", "/api/x"],
    ["http://host", "/"],
    ["*", "*"],
    ["api/x", "api/x"],
  ])("%s → %s", (input, output) => {
    expect(originFormUrl(input)).toBe(output);
  });
});
