import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, type TestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";

const apiCsp = "default-src 'none'; frame-ancestors 'none'";

/** One raw HTTP/1.1 exchange: some of these requests can't be made through inject or fetch. */
async function raw(port: number, request: string) {
  const socket = net.connect(port, "127.0.0.1");
  socket.write(request);
  let data = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    data += chunk;
  });
  await new Promise((resolve) => {
    socket.on("close", resolve);
  });
  const [head = "", ...rest] = data.split("\r\n\r\n");
  const [status = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return {
    status: Number(status.split(" ")[1]),
    headers,
    body: JSON.parse(rest.join("\r\n\r\n")) as unknown,
  };
}

/** Exactly the documented error shape: error, message and maybe field; never Fastify's code/statusCode. */
function expectErrorShape(body: unknown, status: string, field?: string) {
  expect(Object.keys(body as object).sort()).toEqual(
    field ? ["error", "field", "message"] : ["error", "message"],
  );
  expect(body).toMatchObject({ error: status, ...(field ? { field } : {}) });
  expect(typeof (body as { message: unknown }).message).toBe("string");
}

function expectApiHeaders(headers: Record<string, string | string[] | number | undefined>) {
  expect(headers["content-security-policy"]).toBe(apiCsp);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-frame-options"]).toBe("DENY");
}

/**
 * Issue 15, finding 9: Fastify's own errors (bad URL, router 404, body parsing, content type, body
 * size, malformed requests) answered in Fastify's shape (`code`, `statusCode`) and, for a bad URL,
 * without the API's security headers.
 */
describe.each([false, true])("Fastify's own errors (site served: %s)", (serveWeb) => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  const timers = `/api/timers/${demoGuildId}/timers`;

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildHearthApp(t.ctx, { serveWeb });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it("a bad percent-encoding in the URL (%c0): 400", async () => {
    const response = await raw(port, "GET /api/%c0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(response.status).toBe(400);
    expectErrorShape(response.body, "Bad Request");
    expectApiHeaders(response.headers);
  });

  it("a malformed request the HTTP parser refuses: 400", async () => {
    const response = await raw(port, "GET /api/ping HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
    expect(response.status).toBe(400);
    expectErrorShape(response.body, "Bad Request");
    expectApiHeaders(response.headers);
  });

  it("headers larger than the server takes: 431", async () => {
    const response = await raw(
      port,
      `GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\nX-Big-2: ${"b".repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expectErrorShape(response.body, "Request Header Fields Too Large");
    expectApiHeaders(response.headers);
  });

  it("an unknown /api route: 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.json(), "Not Found");
    expectApiHeaders(response.headers);
  });

  it("an unknown method on a known /api path: 404", async () => {
    const response = await app.inject({ method: "PATCH", url: "/api/ping" });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.json(), "Not Found");
    expectApiHeaders(response.headers);
  });

  it("a path parameter longer than the router takes: 414", async () => {
    const response = await app.inject({ method: "GET", url: `/api/giveaways/${"1".repeat(120)}` });
    expect(response.statusCode).toBe(414);
    expectErrorShape(response.json(), "URI Too Long");
    expectApiHeaders(response.headers);
  });

  it("a body that is not JSON: 400 naming the body", async () => {
    const response = await app.inject({
      method: "POST",
      url: timers,
      headers: { authorization: t.token, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json(), "Bad Request", "body");
    expect(response.json().message).toMatch(/^body: /);
    expectApiHeaders(response.headers);
  });

  it.each([
    ["application/xml", "<timer/>"],
    // Issue 24 §4: text/plain was parsed by Fastify's own parser and then answered 400.
    ["text/plain", '{"channelId":"1","duration":60,"message":"x"}'],
    ["text/plain; charset=utf-8", "hello"],
  ])("a content type the API doesn't read (%s): 415", async (type, payload) => {
    const response = await app.inject({
      method: "POST",
      url: timers,
      headers: { authorization: t.token, "content-type": type },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expectErrorShape(response.json(), "Unsupported Media Type");
    expect(response.json().message).toContain("application/json");
    expectApiHeaders(response.headers);
  });

  it("a body over the size limit: 413 naming the body", async () => {
    const response = await app.inject({
      method: "POST",
      url: timers,
      headers: { authorization: t.token, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expectErrorShape(response.json(), "Payload Too Large", "body");
    expect(response.json().message).toBe("body: is larger than 256 KB");
    expectApiHeaders(response.headers);
  });
});
