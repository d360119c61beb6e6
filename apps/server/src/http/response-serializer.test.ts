import { serverInfoResponse } from "@hearth/core";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { registerErrorHandling } from "./errors.ts";
import {
  compileStringifier,
  keepingFrozenAnswers,
  responseSerializerCompiler,
  simplifyNullables,
} from "./response-serializer.ts";

const info = {
  id: "111111111111111111",
  name: "Hearth HQ",
  icon: null,
  memberCount: 42,
  owner: { id: "222222222222222222", tag: "owner" },
};

/** A Fastify app with the production or the test serialiser and one route answering `answer`. */
async function appAnswering(validate: boolean, answer: unknown, schema: z.ZodType = serverInfoResponse) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate }));
  registerErrorHandling(app);
  app.get("/answer", { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  return app;
}

describe("compiled response serialiser", () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  const open = async (...args: Parameters<typeof appAnswering>) => {
    const app = await appAnswering(...args);
    apps.push(app);
    return app;
  };

  it("writes what zod's parse would have written: unknown keys dropped, nulls, optionals, records, dates", () => {
    const schema = z.object({
      id: z.string(),
      icon: z.string().nullable(),
      note: z.string().optional(),
      kind: z.enum(["a", "b"]).nullable(),
      at: z.date(),
      counts: z.record(z.string(), z.number().int()),
      items: z.array(z.object({ n: z.number(), tag: z.literal("x").nullable() })),
      either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
    });
    const stringify = compileStringifier(schema);
    if (typeof stringify !== "function") throw new Error(stringify.reason);
    const value = {
      id: "1",
      icon: null,
      kind: null,
      secret: "never written",
      at: new Date(Date.UTC(2026, 10, 26, 12)),
      counts: { x: 1, y: 2 },
      items: [
        { n: 1.5, tag: "x", extra: true },
        { n: 2, tag: null },
      ],
      either: { b: "yes" },
    };
    const written = stringify(value);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(schema.parse(value))));
    expect(written).not.toContain("secret");
    expect(written).not.toContain("extra");
  });

  it("writes `X | null` as a nullable type rather than an anyOf checked on every value", () => {
    expect(simplifyNullables({ anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }] })).toEqual({
      type: ["string", "null"],
      maxLength: 3,
    });
    expect(simplifyNullables({ anyOf: [{ type: "string", enum: ["a"] }, { type: "null" }] })).toEqual({
      type: ["string", "null"],
      enum: ["a", null],
    });
    // Two real branches stay an anyOf.
    const both = { anyOf: [{ type: "string" }, { type: "number" }] };
    expect(simplifyNullables(both)).toEqual(both);
  });

  it("keeps zod's parse for a schema JSON schema can't express (a transform)", async () => {
    const schema = z.object({ at: z.number().transform((n) => new Date(n).toISOString()) });
    expect(compileStringifier(schema)).toHaveProperty("reason");
    const app = await open(false, { at: 0 }, schema);
    const answer = await app.inject({ method: "GET", url: "/answer" });
    expect(answer.json()).toEqual({ at: "1970-01-01T00:00:00.000Z" });
  });

  it("test mode rejects a wrong answer with a 500; production writes it without a parse", async () => {
    const wrong = { ...info, memberCount: "many", owner: { id: "222222222222222222" } };
    const tested = await open(true, wrong);
    const refused = await tested.inject({ method: "GET", url: "/answer" });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong on our side",
    });

    const right = await open(true, { ...info, unknown: "dropped" });
    const answered = await right.inject({ method: "GET", url: "/answer" });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(info);

    // Production trusts the handler: a wrong type is written as the schema's type, not refused.
    const production = await open(false, { ...info, name: 42 });
    const unchecked = await production.inject({ method: "GET", url: "/answer" });
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json().name).toBe("42");
    const checked = await open(true, { ...info, name: 42 });
    expect((await checked.inject({ method: "GET", url: "/answer" })).statusCode).toBe(500);
  });

  it("test mode fails when the compiled stringifier disagrees with the zod schema", () => {
    const compiler = responseSerializerCompiler({ validate: true });
    // A schema with a default: zod writes it when the key is missing; so must the compiled one.
    const schema = z.object({ page: z.number().default(1) });
    const serialize = compiler({ schema, method: "GET", url: "/x", httpStatus: "200" });
    expect(JSON.parse(serialize({}))).toEqual({ page: 1 });

    const lying = responseSerializerCompiler({ validate: true, compile: () => () => '{"page":2}' });
    const wrong = lying({ schema, method: "GET", url: "/x", httpStatus: "200" });
    expect(() => wrong({ page: 1 })).toThrow(/compiled serialiser of GET \/x 200 wrote \{"page":2\}/);
  });
});

describe("frozen answers", () => {
  it("writes a frozen answer once for as long as it lives, anything else every time", () => {
    const calls: unknown[] = [];
    const stringify = keepingFrozenAnswers((data) => {
      calls.push(data);
      return JSON.stringify(data);
    });
    const card = Object.freeze({ name: "Ember Hollow", owner: Object.freeze({ tag: "emberkeeper" }) });
    expect(stringify(card)).toBe('{"name":"Ember Hollow","owner":{"tag":"emberkeeper"}}');
    expect(stringify(card)).toBe('{"name":"Ember Hollow","owner":{"tag":"emberkeeper"}}');
    expect(calls).toHaveLength(1);

    // Another frozen object with other values is written for itself; an unfrozen one every time.
    const renamed = Object.freeze({ ...card, name: "Ash Hollow" });
    expect(stringify(renamed)).toBe('{"name":"Ash Hollow","owner":{"tag":"emberkeeper"}}');
    const open = { name: "Open" };
    stringify(open);
    open.name = "Changed";
    expect(stringify(open)).toBe('{"name":"Changed"}');
    expect(stringify([1, 2])).toBe("[1,2]");
    expect(calls).toHaveLength(5);
  });

  it("production settings keep a frozen answer's text; test settings check every answer", () => {
    let compiles = 0;
    const writes = { count: 0 };
    const compile = (schema: z.ZodType) => {
      compiles++;
      const real = compileStringifier(schema) as (data: unknown) => string;
      return (data: unknown) => {
        writes.count++;
        return real(data);
      };
    };
    const schema = z.object({ name: z.string() });
    const answer = Object.freeze({ name: "Ember Hollow" });
    for (const validate of [false, true]) {
      writes.count = 0;
      const serialize = responseSerializerCompiler({ validate, compile })({
        schema,
        method: "GET",
        url: "/x",
        httpStatus: "200",
      }) as (data: unknown) => string;
      for (let i = 0; i < 3; i++) expect(serialize(answer)).toBe('{"name":"Ember Hollow"}');
      expect(writes.count).toBe(validate ? 3 : 1);
    }
    expect(compiles).toBe(2);
  });
});

describe("the Hearth app's serialiser", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it("compiles every route's response schemas", async () => {
    const fallbacks: string[] = [];
    const compiler = responseSerializerCompiler({
      validate: false,
      onFallback: (route, reason) => fallbacks.push(`${route}: ${reason}`),
    });
    t = await createTestApp();
    let schemas = 0;
    for (const route of t.app.routeTable) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(response)) {
        schemas++;
        compiler({ schema, method: route.method, url: route.url, httpStatus: status });
      }
    }
    expect(schemas).toBeGreaterThan(50);
    expect(fallbacks).toEqual([]);
  });

  it("answers GET /api/dashboard/server from the compiled stringifier in production settings", async () => {
    t = await createTestApp({ config: { env: "production" } });
    const answer = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/server",
      headers: { authorization: t.token },
    });
    expect(answer.statusCode).toBe(200);
    expect(serverInfoResponse.strict().parse(answer.json())).toMatchObject({
      owner: { tag: expect.any(String) },
    });
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });
});
