import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/*
 * Responses are written by a stringifier compiled once per route from the route's zod response
 * schema (zod → JSON schema → fast-json-stringify, Fastify's own serialisation path), instead of a
 * zod parse and JSON.stringify on every answer. The compiled stringifier writes only the schema's
 * properties (unknown keys are dropped, as zod's parse dropped them) but checks nothing else, so
 * outside production (`validate`: tests, development) every answer is also parsed with its zod
 * schema first — a wrong shape fails as before, with zod's issues — and the compiled output must
 * equal what zod's parse would have written, so a schema the compiler reads differently fails every
 * test that reaches its route instead of answering something else in production.
 */

export interface ResponseSerializerOptions {
  /** Parse every answer with its zod schema and check the compiled output against it (tests). */
  validate: boolean;
  /** Told of each schema that can't be compiled (a transform): it keeps zod's parse + JSON.stringify. */
  onFallback?: (route: string, reason: string) => void;
  /** How a schema is compiled (tests replace it to prove the check above catches a disagreement). */
  compile?: (schema: ZodType) => Stringify | { reason: string };
}

type Stringify = (data: unknown) => string;

/** The stringifier compiled from a zod schema, or the reason it can't be (a transform, a custom type…). */
export function compileStringifier(schema: ZodType): Stringify | { reason: string } {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, {
      target: "draft-07",
      io: "output",
      cycles: "ref",
      reused: "inline",
      // Dates are written as ISO strings by both JSON.stringify and fast-json-stringify; anything
      // else JSON schema can't express (a transform, a custom check) keeps zod's parse.
      unrepresentable: (ctx) =>
        ctx.zodSchema._zod.def.type === "date" ? { type: "string", format: "date-time" } : "throw",
    }) as Record<string, unknown>;
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
  try {
    return fastJson(simplifyNullables(json) as Parameters<typeof fastJson>[0]) as Stringify;
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `X | null` comes out of zod as `anyOf: [X, {type: "null"}]`, which fast-json-stringify resolves
 * by running a validator on every value; a nullable type (`type: ["string", "null"]`) is written
 * directly. Rewrites that pair wherever X has a single plain type.
 */
export function simplifyNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullables);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplifyNullables(value);
  const anyOf = out.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return out;
  const nullIndex = anyOf.findIndex((branch) => isPlainNull(branch));
  if (nullIndex < 0) return out;
  const other = anyOf[1 - nullIndex] as Record<string, unknown>;
  if (typeof other.type !== "string" || other.type === "null" || "anyOf" in other || "oneOf" in other) {
    return out;
  }
  const { anyOf: _anyOf, ...rest } = out;
  const merged: Record<string, unknown> = { ...rest, ...other, type: [other.type, "null"] };
  if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
  if ("const" in other) {
    merged.enum = [other.const, null];
    delete merged.const;
  }
  return merged;
}

function isPlainNull(branch: unknown): boolean {
  return (
    typeof branch === "object" &&
    branch !== null &&
    (branch as { type?: unknown }).type === "null" &&
    Object.keys(branch).length === 1
  );
}

function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`A response schema must be a zod schema (got ${JSON.stringify(schema)})`);
}

/**
 * The stringifier, keeping the text of each frozen answer for as long as the answer lives: a service
 * that hands out the same frozen object while its values are unchanged (the dashboard's server card)
 * has it written once. A frozen answer must be frozen all the way down; anything not frozen is
 * written every time.
 */
export function keepingFrozenAnswers(stringify: Stringify): Stringify {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== "object" || data === null || !Object.isFrozen(data)) return stringify(data);
    let text = written.get(data);
    if (text === undefined) {
      text = stringify(data);
      written.set(data, text);
    }
    return text;
  };
}

/** Fastify's serializer compiler for zod response schemas (see the top of this file). */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const zodSchema = zodSchemaOf(schema);
    const compiled = (options.compile ?? compileStringifier)(zodSchema);
    const route = `${method} ${url} ${httpStatus}`;
    if (typeof compiled !== "function") options.onFallback?.(route, compiled.reason);

    if (!options.validate) {
      if (typeof compiled === "function") return keepingFrozenAnswers(compiled);
      return (data) => {
        const parsed = zodSchema.safeParse(data);
        if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
        return JSON.stringify(parsed.data);
      };
    }

    return (data) => {
      const parsed = zodSchema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const expected = JSON.stringify(parsed.data);
      if (typeof compiled !== "function") return expected;
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The compiled serialiser of ${route} wrote ${written.slice(0, 500)} where the zod schema writes ${expected.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}
