import { Validator } from "@seriousme/openapi-schema-validator";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DiscordError } from "../../src/discord/port/port.ts";
import { answersOf, documentPath } from "../../src/http/openapi-answers.ts";
import { DocumentCheck, type OpenApiDocument } from "./document-check.ts";
import {
  type Call,
  type ContractApp,
  type Operation,
  operationsOf,
  renewTokens,
  startContractApp,
  walkOperations,
} from "./operations.ts";

// Issue 31: the OpenAPI document is the contract. Every operation it lists (read from the document
// and the route table, so a route added later is covered without a line here) is called on the demo
// server with valid input generated from its schemas, a bad token, another server's id or token, a
// lower level, invalid and oversized bodies, a record that doesn't exist; every answer's status must
// be documented for the operation and its body and headers match what the document says.

/** What the whole file covered, printed at the end: operations, calls, distinct operation statuses. */
const coverage = { operations: 0, calls: 0, statuses: new Set<string>() };
afterAll(() =>
  console.log(
    `API contract (all): ${coverage.operations} operations, ${coverage.calls} calls, ` +
      `${coverage.statuses.size} distinct operation statuses ` +
      `(${[...new Set([...coverage.statuses].map((key) => key.split(" ").pop()))].sort().join(", ")})`,
  ),
);

let app: ContractApp;
let document: OpenApiDocument;
let check: DocumentCheck;

beforeAll(async () => {
  app = await startContractApp();
  document = (await app.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  check = new DocumentCheck(document);
}, 60_000);
afterAll(() => app?.cleanup());

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI document (the OpenAPI Initiative's JSON schema for its version)", async () => {
    const result = await new Validator().validate(document as never);
    expect(result.valid, JSON.stringify(result.errors ?? []).slice(0, 2000)).toBe(true);
  });

  it("lists every /api route (none is left out of the contract)", () => {
    const missing = app.app.routeTable
      .filter(
        (route) => route.url.startsWith("/api/") && route.method !== "HEAD" && route.method !== "OPTIONS",
      )
      .filter((route) => !route.url.startsWith("/api/docs") && route.url !== "/api/openapi.json")
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => {
        const [method = "", url = ""] = key.split(" ");
        return !document.paths[documentPath(url)]?.[method.toLowerCase()];
      });
    expect(missing).toEqual([]);
  });

  it("documents every operation's errors with the shared error schema, Retry-After on every 429", () => {
    for (const operation of operationsOf(app, document)) {
      for (const status of answersOf(operation.route).keys()) {
        const response = check.responseOf(operation.path, operation.method, status);
        expect(response, `${operation.key} ${status}`).toBeDefined();
        // The shared error body, unless the route answers this status with a body of its own (/health's 503).
        if (!operation.route.schema?.response?.[status as keyof object])
          expect(JSON.stringify(response?.content), `${operation.key} ${status}`).toContain("ApiError");
      }
      expect(
        check.responseOf(operation.path, operation.method, 429)?.headers?.["Retry-After"]?.required,
      ).toBe(operation.route.url.startsWith("/api/") ? true : undefined);
    }
  });
});

describe("every operation against its document", () => {
  it("every answer's status is documented, its body and headers as documented", async () => {
    const operations = operationsOf(app, document);
    expect(operations.length).toBeGreaterThan(60);
    coverage.operations = operations.length;
    // One line per kind of call, operation, status and fault (the same fault on every attempt is one).
    const problems = new Set<string>();
    const statuses = new Set<string>();
    const withoutExample: string[] = [];
    let calls = 0;
    const record = (call: Call) => {
      calls++;
      coverage.calls++;
      const { operation, response } = call;
      coverage.statuses.add(`${operation.key} ${response.statusCode}`);
      if (process.env.CONTRACT_DEBUG && call.kind === "valid")
        console.log(
          `${operation.method} ${call.url} ${call.payload ?? ""} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      statuses.add(`${operation.key} ${response.statusCode}`);
      const label = `${call.kind} ${operation.key} -> ${response.statusCode} ${response.body.slice(0, 120)}`;
      for (const problem of check.problems(operation.path, operation.method, response))
        problems.add(`${label}: ${problem}`);
      if (call.expected !== undefined && response.statusCode !== call.expected)
        problems.add(`${label}: expected ${call.expected}`);
    };
    const examples = await walkOperations(app, operations, record);
    for (const operation of operations) {
      const example = examples.get(operation.key);
      if (!example) withoutExample.push(operation.key);
      // The examples `npm run openapi` keeps (shortened answers) must match the document too.
      else
        for (const problem of check.exampleProblems(operation.path, operation.method, example))
          problems.add(`${operation.key}: ${problem}`);
    }
    console.log(
      `API contract: ${operations.length} operations, ${calls} calls, ${statuses.size} distinct operation statuses` +
        ` (${withoutExample.length} without a 2xx from generated input: ${withoutExample.join(", ") || "none"})`,
    );
    expect([...problems].slice(0, 60), `${problems.size} kinds of answer disagree with the document`).toEqual(
      [],
    );
  }, 120_000);
});

describe("every operation under limits and outages", () => {
  let limited: ContractApp;
  let limitedCheck: DocumentCheck;
  const database = { down: false };
  const discord: { down: false | "unavailable" | "missing_permissions" } = { down: false };
  beforeAll(async () => {
    limited = await startContractApp({ rateLimitMax: 400, tokenWriteLimit: 3 });
    limitedCheck = new DocumentCheck(
      (await limited.app.inject({ method: "GET", url: "/api/openapi.json" })).json(),
    );
    // The database and Discord, failing as they do when they go away (a dropped connection; Discord's 5xx).
    limited.ctx.storage.db = limited.ctx.storage.db.withPlugin({
      transformQuery(args) {
        if (database.down)
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const sandbox = limited.ctx.discord;
    limited.ctx.discord = new Proxy(sandbox, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (!discord.down || typeof value !== "function" || String(property).startsWith("peek")) return value;
        const code = discord.down;
        return () => Promise.reject(new DiscordError(code, `Discord refused the call (${code})`));
      },
    });
  }, 60_000);
  afterAll(() => limited?.cleanup());
  // The walk before may have reset the sandbox (the playground's reset), tokens and all.
  beforeEach(() => renewTokens(limited));

  /** Calls every operation once as `call` says, checking each answer; the statuses seen, by count. */
  async function walk(call: (operation: Operation) => InjectOptions | null) {
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    for (const operation of operationsOf(limited, document)) {
      const request = call(operation);
      if (!request) continue;
      const response = await limited.app.inject(request);
      coverage.calls++;
      coverage.statuses.add(`${operation.key} ${response.statusCode}`);
      if (process.env.CONTRACT_DEBUG)
        console.log(`${operation.key} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      for (const problem of limitedCheck.problems(operation.path, operation.method, response))
        problems.push(
          `${operation.key} -> ${response.statusCode} ${response.body.slice(0, 120)}: ${problem}`,
        );
      if ([429, 503].includes(response.statusCode) && operation.route.url !== "/health")
        if (response.headers["retry-after"] === undefined)
          problems.push(`${operation.key} ${response.statusCode} without Retry-After`);
    }
    expect(problems.slice(0, 30)).toEqual([]);
    return statuses;
  }
  const request = (operation: Operation, headers: Record<string, string>, remoteAddress: string) => ({
    method: operation.method as "GET",
    url: limited.params.fill(operation.route.url, 0),
    headers,
    remoteAddress,
    ...(operation.method === "GET" ? {} : { payload: {} }),
  });

  it("Discord refusing Hearth (missing permissions): 502 as documented, never a 500", async () => {
    discord.down = "missing_permissions";
    const statuses = await walk((operation) =>
      request(operation, { authorization: limited.tokens.owner }, "10.8.0.6"),
    );
    discord.down = false;
    expect(statuses.get(502) ?? 0).toBeGreaterThan(0);
    expect(statuses.has(500)).toBe(false);
  });

  it("Discord unavailable: 503 with Retry-After as documented, never a 500", async () => {
    discord.down = "unavailable";
    const statuses = await walk((operation) =>
      request(operation, { authorization: limited.tokens.owner }, "10.8.0.1"),
    );
    discord.down = false;
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(statuses.has(500)).toBe(false);
  });

  it("the database unavailable: 503 with Retry-After, never a 500", async () => {
    database.down = true;
    const statuses = await walk((operation) =>
      request(operation, { authorization: limited.tokens.owner }, "10.8.0.2"),
    );
    database.down = false;
    expect(statuses.get(503) ?? 0).toBeGreaterThan(10);
    expect(statuses.has(500)).toBe(false);
  });

  it("the write limit: a token's writes beyond TOKEN_WRITE_LIMIT answer 429 with Retry-After", async () => {
    const statuses = await walk((operation) =>
      operation.isPrivate && operation.method !== "GET"
        ? request(operation, { authorization: limited.tokens.admin }, "10.8.0.3")
        : null,
    );
    expect(statuses.get(429) ?? 0).toBeGreaterThan(5);
  });

  it("failed authentication: an address refused too often gets 429 with Retry-After on every private operation", async () => {
    const statuses = await walk((operation) =>
      operation.isPrivate ? request(operation, { authorization: "0".repeat(56) }, "10.8.0.4") : null,
    );
    expect(statuses.get(401)).toBe(10);
    expect(statuses.get(429) ?? 0).toBeGreaterThan(10);
  });

  it("the rate limit: an address beyond RATE_LIMIT_MAX gets 429 with Retry-After and the limit's headers", async () => {
    for (let n = 0; n < 400; n++)
      await limited.app.inject({ method: "GET", url: "/api/ping", remoteAddress: "10.8.0.5" });
    const statuses = await walk((operation) =>
      operation.route.url.startsWith("/api/")
        ? request(operation, { authorization: limited.tokens.owner }, "10.8.0.5")
        : null,
    );
    expect(Object.fromEntries(statuses)).toEqual({ 429: expect.any(Number) });
  });
});
