import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";

/**
 * Checks answers against the OpenAPI document itself (not the zod schemas it was made from), so
 * what is proven is the document a client reads: the status is documented for the operation, the
 * body validates against the documented schema (JSON Schema, with ajv), and every documented header
 * that is required is there and every one that is there has the documented form.
 */

type Schema = Record<string, unknown>;
interface Header {
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}
interface Response {
  headers?: Record<string, Header>;
  content?: Record<string, { schema?: Schema }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, Response>; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, Schema>; headers?: Record<string, Header> };
}

export class DocumentCheck {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    // OpenAPI 3.0's schema dialect: `nullable`, `example` and friends are its keywords, not JSON Schema's.
    this.ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
    addFormats.default(this.ajv);
  }

  /** The documented response of an operation for a status, or undefined. */
  responseOf(path: string, method: string, status: number): Response | undefined {
    return this.document.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
  }

  /** A validator for a schema of the document (its `$ref`s resolve within the document). */
  validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(
        fromOpenApi30({ ...schema, components: this.document.components }) as Schema,
      );
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with an answer to an operation, as sentences; empty when it matches its document. */
  problems(path: string, method: string, response: LightMyRequestResponse): string[] {
    const status = response.statusCode;
    const documented = this.responseOf(path, method, status);
    if (!documented) return [`status ${status} is not documented`];
    const problems: string[] = [];
    const media = documented.content?.["application/json"];
    if (media?.schema) {
      const type = String(response.headers["content-type"] ?? "");
      if (!type.startsWith("application/json")) problems.push(`content type ${type || "(none)"}, not JSON`);
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        return [...problems, `body is not JSON: ${response.body.slice(0, 100)}`];
      }
      const validate = this.validator(`${method} ${path} ${status}`, media.schema);
      if (!validate(body))
        problems.push(
          `body does not match the documented schema: ${this.ajv.errorsText(validate.errors, { dataVar: "body" })}`,
        );
    } else if (response.body !== "") {
      problems.push(`a body where the document has none: ${response.body.slice(0, 100)}`);
    }
    for (const [name, declared] of Object.entries(documented.headers ?? {})) {
      const header = this.resolveHeader(declared);
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      const schema = header.schema ?? {};
      const text = String(value);
      const typed = schema.type === "integer" || schema.type === "number" ? Number(text) : text;
      if (schema.type === "integer" && !/^-?\d+$/.test(text))
        problems.push(`header ${name}: "${text}" is not an integer`);
      else if (!this.validator(`header ${name} ${JSON.stringify(schema)}`, schema)(typed))
        problems.push(`header ${name}: "${text}" does not match ${JSON.stringify(schema)}`);
    }
    return problems;
  }

  /** What is wrong with an operation's examples (a request body and a 2xx answer) against its document. */
  exampleProblems(
    path: string,
    method: string,
    example: { request?: unknown; response?: { status: number; body: unknown } },
  ): string[] {
    const problems: string[] = [];
    const operation = this.document.paths[path]?.[method.toLowerCase()] as
      | { requestBody?: { content?: Record<string, { schema?: Schema }> } }
      | undefined;
    const requestSchema = operation?.requestBody?.content?.["application/json"]?.schema;
    if (example.request !== undefined && requestSchema) {
      const validate = this.validator(`${method} ${path} request`, requestSchema);
      if (!validate(example.request))
        problems.push(`request example: ${this.ajv.errorsText(validate.errors, { dataVar: "body" })}`);
    }
    if (example.response) {
      const schema = this.responseOf(path, method, example.response.status)?.content?.["application/json"]
        ?.schema;
      if (!schema)
        problems.push(`answer example: status ${example.response.status} has no JSON body documented`);
      else {
        const validate = this.validator(`${method} ${path} ${example.response.status}`, schema);
        if (!validate(example.response.body))
          problems.push(`answer example: ${this.ajv.errorsText(validate.errors, { dataVar: "body" })}`);
      }
    }
    return problems;
  }

  private resolveHeader(header: Header): Header {
    if (!header.$ref) return header;
    const name = header.$ref.replace("#/components/headers/", "");
    const resolved = this.document.components?.headers?.[name];
    if (!resolved) throw new Error(`the document's header ${header.$ref} does not exist`);
    return { ...resolved, ...(header.required === undefined ? {} : { required: header.required }) };
  }
}

/**
 * OpenAPI 3.0's schema objects take draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum` (beside
 * `minimum`/`maximum`), and `nullable` where ajv wants a type beside it; rewrites those into the
 * JSON Schema ajv reads, nothing else.
 */
export function fromOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromOpenApi30);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = fromOpenApi30(value);
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof out[exclusive] !== "boolean") continue;
    if (out[exclusive] === true) out[exclusive] = out[bound];
    else delete out[exclusive];
    if (out[exclusive] !== undefined) delete out[bound];
  }
  // `nullable` beside no `type` (a union that may be null): ajv reads it only next to a type.
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _nullable, ...rest } = out;
    return { anyOf: [rest, { type: "null" }] };
  }
  return out;
}
