import { apiError, type PermissionLevel } from "@hearth/core";
import type { FastifySchema } from "fastify";
import { z } from "zod";
import { reasonPhrase } from "./errors.ts";
import { addExamples, type DocumentOperation, type OperationExample } from "./openapi-examples.ts";
import { isPublicRoute } from "./public-routes.ts";

/**
 * What a route answers besides its own 2xx, for the OpenAPI document: the one place that knows which
 * refusals the app's plugins make (auth, limits, server access, body parsing, outages) and derives
 * them from what a route is (public or private, a write, its path parameters, its level), so a new
 * route is documented without a line of its own. What only the route knows (a record that may not
 * exist, a cap, a conflict) it declares beside itself in `schema.errors`:
 *
 * ```ts
 * schema: { ..., response: { 201: timer }, errors: { 409: "The server already runs 25 timers" } }
 * ```
 */

/** A status the route answers beyond the common ones, with when it does. */
export type RouteErrors = Partial<Record<400 | 401 | 403 | 404 | 406 | 409 | 422 | 502 | 503, string>>;

declare module "fastify" {
  interface FastifySchema {
    /** Statuses this route answers beyond the ones every route of its kind does (`http/openapi-answers.ts`). */
    errors?: RouteErrors;
  }
}

/** What the document needs to know of a route: an entry of `app.routeTable`. */
export interface RouteFacts {
  method: string;
  url: string;
  permission: PermissionLevel;
  /** The path parameter holding the server id the auth hook checks (`serverId` unless the route says). */
  serverIdParam: string;
  schema?: FastifySchema;
}

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Header names, as the document's `components.headers` keys them. */
export const headerRefs = {
  retryAfter: "Retry-After",
  limit: "X-RateLimit-Limit",
  remaining: "X-RateLimit-Remaining",
  reset: "X-RateLimit-Reset",
  requestId: "X-Request-Id",
} as const;

/** The documented headers (sent by http/app.ts, @fastify/rate-limit, the auth and write limits, errors.ts). */
export const headerComponents: Record<string, { description: string; required?: boolean; schema: object }> = {
  [headerRefs.retryAfter]: {
    description: "Seconds to wait before trying again.",
    schema: { type: "integer", minimum: 0 },
  },
  [headerRefs.limit]: {
    description: "Requests a minute this address may make on /api (`RATE_LIMIT_MAX`; absent when it is 0).",
    schema: { type: "integer", minimum: 0 },
  },
  [headerRefs.remaining]: {
    description: "Requests left in the current minute.",
    schema: { type: "integer", minimum: 0 },
  },
  [headerRefs.reset]: {
    description: "Seconds until the current minute's count starts again.",
    schema: { type: "integer", minimum: 0 },
  },
  [headerRefs.requestId]: {
    description: "This request's id, written on every log line about it: quote it in a report.",
    schema: { type: "string", format: "uuid" },
  },
};

interface Answer {
  causes: string[];
  /** Header names (keys of `headerComponents`) this answer carries, and whether always. */
  headers: Map<string, boolean>;
}

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");

/**
 * Every status a route answers besides its own 2xx (and 304), with why: derived from the route's
 * kind, plus its own `schema.errors`.
 */
export function answersOf(route: RouteFacts): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  const add = (status: number, cause: string, headers: [string, boolean][] = []) => {
    const answer: Answer = answers.get(status) ?? { causes: [], headers: new Map() };
    answer.causes.push(cause);
    for (const [name, required] of headers)
      answer.headers.set(name, (answer.headers.get(name) ?? false) || required);
    answers.set(status, answer);
  };
  const api = route.url.startsWith("/api/");
  const isPrivate = api && !isPublicRoute(route.method, route.url);
  const write = writeMethods.has(route.method);
  const params = pathParams(route.url);
  const schema = route.schema;
  const retryAfter: [string, boolean][] = [[headerRefs.retryAfter, true]];

  add(400, "The URL has a malformed percent-encoding.");
  if (params.length > 0) {
    add(400, "A path parameter is not valid (`field` names it).");
    add(414, "A path segment is longer than any route allows (100 characters).");
  }
  if (schema?.querystring) add(400, "A query parameter is not valid (`field` names it).");
  if (write) {
    add(
      400,
      "The body is not valid JSON, or does not match the request schema (`field` names the first fault).",
    );
    add(413, "The body is larger than 256 KB.");
    add(415, "The body's content type is not `application/json`.");
  }
  if (isPrivate) {
    add(401, "The `Authorization` header is missing, or the dashboard token is unknown or revoked.");
    add(429, "Too many failed authentication attempts from this address.", retryAfter);
    if (params.includes(route.serverIdParam)) add(403, "The dashboard token belongs to another server.");
    if (route.permission !== "manager") add(403, `The dashboard token's level is below ${route.permission}.`);
    if (write)
      add(429, "Too many changes with this dashboard token in a minute (`TOKEN_WRITE_LIMIT`).", retryAfter);
  }
  if (api) {
    // Any answer may need Discord (a member's name, a channel's, the server's): public ones too.
    add(502, "Discord refused a call the answer needed.");
    add(503, "Discord is unavailable or is rate-limiting Hearth.", [[headerRefs.retryAfter, false]]);
  }
  if (api) add(429, "Too many requests from this address in a minute (`RATE_LIMIT_MAX`).", retryAfter);
  // A record named in the path may not exist; the server of a private route is the token's own.
  for (const param of params) {
    if (isPrivate && param === route.serverIdParam) continue;
    add(404, `No record matches \`${param}\`.`);
  }
  for (const [status, cause] of Object.entries(schema?.errors ?? {})) add(Number(status), cause);
  add(500, "Something went wrong on our side; nothing more is said (the log has the request id).");
  add(503, "The database is unavailable right now (with `Retry-After`), or this process is shutting down.", [
    [headerRefs.retryAfter, false],
  ]);
  return answers;
}

/**
 * The headers documented on an answer of a route beside its own: the request id on all; the rate
 * limit's on /api's successes and 429s (it sends them on every /api answer; a client reads them there).
 */
function headersOfEvery(route: RouteFacts, status: string): string[] {
  const limited = route.url.startsWith("/api/") && (status.startsWith("2") || status === "429");
  return limited
    ? [headerRefs.requestId, headerRefs.limit, headerRefs.remaining, headerRefs.reset]
    : [headerRefs.requestId];
}

/** "/api/x/:id" → "/api/x/{id}", the document's form of a Fastify route's path. */
export const documentPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/**
 * The document's final step (@fastify/swagger's `transformObject`): every operation gets its
 * common and declared error answers (the shared error schema, `Retry-After` where it is sent), the
 * headers every answer carries, and its examples.
 */
export function documentAnswers(
  routes: () => readonly RouteFacts[],
  examples: () => ReadonlyMap<string, OperationExample>,
) {
  return ({ openapiObject }: { openapiObject: Record<string, unknown> }) => {
    const document = openapiObject as {
      paths?: Record<string, Record<string, DocumentOperation>>;
      components?: Record<string, Record<string, unknown>>;
    };
    document.components ??= {};
    const components = document.components;
    components.schemas = { ...components.schemas, ApiError: apiErrorSchema };
    components.headers = { ...components.headers, ...headerComponents };
    for (const route of routes()) {
      const operation = document.paths?.[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue;
      operation.responses ??= {};
      const responses = operation.responses;
      for (const [status, answer] of answersOf(route)) {
        const own = responses[String(status)];
        const headers = Object.fromEntries(
          [...answer.headers].map(([name, required]) => [name, headerRef(name, required)]),
        );
        responses[String(status)] = {
          ...own,
          description:
            own?.description && own.description !== "Default Response"
              ? own.description
              : `${reasonPhrase(status)}: ${answer.causes.join(" ")}`,
          headers: { ...own?.headers, ...headers },
          content: own?.content ?? {
            "application/json": { schema: { $ref: "#/components/schemas/ApiError" } },
          },
        };
      }
      for (const [status, response] of Object.entries(responses)) {
        // No body in these, whatever a route's `z.null()` turned into.
        if (status === "204" || status === "304") delete response.content;
        if (response.description === "Default Response")
          response.description = successes[status] ?? "Success";
        response.headers = {
          ...Object.fromEntries(headersOfEvery(route, status).map((name) => [name, headerRef(name, false)])),
          ...response.headers,
        };
      }
    }
    addExamples(document, routes(), examples());
    return openapiObject;
  };
}

const successes: Record<string, string> = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content" };

/** A header of an answer: the shared component, or a copy of it where this answer always sends it. */
const headerRef = (name: string, required: boolean) =>
  required ? { ...headerComponents[name], required } : { $ref: `#/components/headers/${name}` };

/** The shared error body, from the zod schema every error answer is built to. */
const apiErrorSchema = z.toJSONSchema(apiError, { target: "openapi-3.0", io: "output" });
delete (apiErrorSchema as { $schema?: unknown }).$schema;
