import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersOf, documentPath } from "../../src/http/openapi-answers.ts";
import { DocumentCheck, type OpenApiDocument } from "./document-check.ts";
import {
  type Call,
  type ContractApp,
  callOperation,
  type Operation,
  operationsOf,
  startContractApp,
} from "./operations.ts";

// Issue 31: the OpenAPI document is the contract. Every operation it lists (read from the document
// and the route table, so a route added later is covered without a line here) is called on the demo
// server with valid input generated from its schemas, a bad token, another server's id or token, a
// lower level, invalid and oversized bodies, a record that doesn't exist; every answer's status must
// be documented for the operation and its body and headers match what the document says.

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
    // One line per kind of call, operation, status and fault (the same fault on every attempt is one).
    const problems = new Set<string>();
    const statuses = new Set<string>();
    const withoutExample: string[] = [];
    let calls = 0;
    const record = (call: Call) => {
      calls++;
      const { operation, response } = call;
      statuses.add(`${operation.key} ${response.statusCode}`);
      const label = `${call.kind} ${operation.key} -> ${response.statusCode} ${response.body.slice(0, 120)}`;
      for (const problem of check.problems(operation.path, operation.method, response))
        problems.add(`${label}: ${problem}`);
      if (call.expected !== undefined && response.statusCode !== call.expected)
        problems.add(`${label}: expected ${call.expected}`);
    };
    for (const operation of operations as Operation[]) {
      const example = await callOperation(app, operation, record);
      if (!example) withoutExample.push(operation.key);
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
