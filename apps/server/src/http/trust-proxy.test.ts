import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";
import type { Config } from "../config.ts";
import { failureLimit } from "./failure-limiter.ts";

const proxyAddress = "10.0.0.2";
const clientAddress = "203.0.113.9";

/**
 * Issue 15, finding 3: with TRUST_PROXY=true Fastify believed the whole X-Forwarded-For chain, so
 * behind a proxy that appends the real address, a client choosing the left-most entry per request
 * got a fresh address each time and was never blocked. TRUST_PROXY now takes the hops or the
 * proxies' addresses, and `true` is refused at start (config.test.ts).
 */
describe.each<[string, Config["trustProxy"]]>([
  ["one hop", 1],
  ["the proxy's range", ["10.0.0.0/8"]],
])("behind one appending proxy, TRUST_PROXY as %s", (_name, trustProxy) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildHearthApp(
      { ...t.ctx, config: { ...t.ctx.config, trustProxy, rateLimitMax: 30 } },
      {
        serveWeb: false,
      },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** What the proxy forwards: the client's own X-Forwarded-For with the real address appended. */
  const viaProxy = (forged: string, url = "/api/dashboard/token-info", authorization = "b".repeat(56)) =>
    app.inject({
      method: "GET",
      url,
      remoteAddress: proxyAddress,
      headers: { authorization, "x-forwarded-for": `${forged}, ${clientAddress}` },
    });

  it("blocks failed tokens by the real client address whatever left-most address the client forges", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= failureLimit.max; attempt++) {
      statuses.push((await viaProxy(`198.51.100.${attempt + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(failureLimit.max).fill(401), 429]);
    // Another real client behind the same proxy is not blocked.
    const other = await app.inject({
      method: "GET",
      url: "/api/dashboard/token-info",
      remoteAddress: proxyAddress,
      headers: { authorization: t.token, "x-forwarded-for": `${clientAddress}, 203.0.113.77` },
    });
    expect(other.statusCode).toBe(200);
  });

  it("counts the /api request limit by the real client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await viaProxy(`192.0.2.${i + 1}`, "/api/ping")).statusCode);
    // One address: 30 a minute pass (the failed-token requests above were refused before counting).
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});

describe("TRUST_PROXY as addresses: a client that is not one of the proxies", () => {
  it("is known by its own address, whatever X-Forwarded-For it sends", async () => {
    const t = await createTestApp();
    const app = await buildHearthApp(
      { ...t.ctx, config: { ...t.ctx.config, trustProxy: ["10.0.0.0/8"] } },
      {
        serveWeb: false,
      },
    );
    await app.ready();
    const direct = await app.inject({
      method: "GET",
      url: "/api/ping",
      remoteAddress: "198.51.100.200",
      headers: { "x-forwarded-for": "10.0.0.5" },
    });
    expect(direct.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= failureLimit.max; attempt++) {
      const response = await app.inject({
        method: "GET",
        url: "/api/dashboard/token-info",
        remoteAddress: "198.51.100.200",
        headers: { authorization: "c".repeat(56), "x-forwarded-for": `192.0.2.${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    await app.close();
    await t.cleanup();
  });
});
