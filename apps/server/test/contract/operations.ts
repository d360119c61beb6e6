import { createHash } from "node:crypto";
import { genericVoteBody } from "@hearth/core";
import fc from "fast-check";
import type { FastifySchema, LightMyRequestResponse } from "fastify";
import type { z } from "zod";
import { seedFeatureDemos } from "../../src/composition.ts";
import type { Config } from "../../src/config.ts";
import { demoMembers } from "../../src/discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../src/discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../../src/features/auth/service.ts";
import { dmPacing } from "../../src/features/grinders/dm.ts";
import { configureVotes } from "../../src/features/votes/service.ts";
import { quietMonitor } from "../../src/http/activity-monitor.ts";
import { documentPath, type RouteFacts } from "../../src/http/openapi-answers.ts";
import type { OperationExample } from "../../src/http/openapi-examples.ts";
import { isPublicRoute } from "../../src/http/public-routes.ts";
import { missingId, RouteParams } from "../fixtures/route-params.ts";
import { arbitraryOf } from "../fuzz/zod-arbitrary.ts";
import { createStandingToken, createTestApp, seedOtherGuild, type TestApp } from "../helpers.ts";

/*
 * Every operation of the API, called the ways clients call it: with valid input generated from its
 * zod schemas on the demo server's data, and with a bad token, another server's id, a token of a
 * lower level, an invalid body, a record that doesn't exist. Shared by the contract test (which
 * checks every answer against the OpenAPI document) and `npm run openapi` (which keeps each
 * operation's first 2xx as its example).
 */

export type CallKind =
  | "valid"
  | "bad token"
  | "foreign server"
  | "foreign token"
  | "lower level"
  | "long parameter"
  | "revalidation"
  | "manager"
  | "invalid body"
  | "malformed JSON"
  | "wrong content type"
  | "too large"
  | "missing record"
  | "bad parameter"
  | "limit";

export interface Operation {
  /** `METHOD /route` as Fastify knows it (the examples' key). */
  key: string;
  method: string;
  /** The document's path (`/api/x/{id}`). */
  path: string;
  route: RouteFacts;
  isPrivate: boolean;
}

export interface Call {
  kind: CallKind;
  operation: Operation;
  url: string;
  payload?: string;
  response: LightMyRequestResponse;
  /** The status this kind of call must get, when it is certain. */
  expected?: number;
}

export interface ContractApp extends TestApp {
  tokens: { owner: string; admin: string; manager: string; foreign: string };
  foreignServerId: string;
  params: RouteParams;
  ids: { channels: string[]; roles: string[]; members: string[] };
  voteSecret: string;
  /** The first 2xx answer of each GET route, and every value they held by key: ids and names for later calls. */
  answers: Map<string, unknown>;
  /** The last 2xx answer of each write route (what it made). */
  made: Map<string, unknown>;
  known: Map<string, Set<string>>;
}

/** The app on the demo server with every feature's demo data, limits on (so their headers are sent). */
export async function startContractApp(config: Partial<Config> = {}): Promise<ContractApp> {
  // Grinder DMs are paced for Discord's sake; the sandbox needs no pause.
  Object.assign(dmPacing, { intervalMs: 0, retryDelayMs: 0 });
  const t = await createTestApp({
    monitor: quietMonitor,
    config: { rateLimitMax: 1_000_000, tokenWriteLimit: 1_000_000, ...config },
  });
  await seedFeatureDemos(t.ctx);
  const foreign = await seedOtherGuild(t.ctx);
  const channels = await t.sandbox.listChannels(demoGuildId);
  const roles = await t.sandbox.listRoles(demoGuildId);
  const members = await demoMembers(t.ctx.storage.db, 20);
  const votes = await configureVotes(t.ctx, demoGuildId, { tokenId: null, userId: demoOwnerId }, {});
  const app: ContractApp = {
    ...t,
    tokens: { owner: t.token, admin: "", manager: "", foreign: "" },
    foreignServerId: foreign.guildId,
    params: await RouteParams.read(t.ctx, demoGuildId),
    ids: {
      channels: channels.filter((c) => c.type === 0).map((c) => c.id),
      roles: roles.filter((r) => r.id !== demoGuildId && !r.managed).map((r) => r.id),
      members,
    },
    voteSecret: votes.settings.secret,
    answers: new Map(),
    made: new Map(),
    known: new Map(),
  };
  await renewTokens(app);
  return app;
}

/** Fresh tokens of each level (a token route may have revoked one: one live token per member). */
export async function renewTokens(app: ContractApp) {
  const [adminId, managerId] = app.ids.members.filter((id) => id !== demoOwnerId);
  const make = async (serverId: string, permission: "owner" | "admin" | "manager", userId?: string) => {
    let update = app.ctx.storage.db
      .updateTable("dashboard_tokens")
      .set({ revoked_at: Date.now(), revoked_reason: "contract test" })
      .where("server_id", "=", serverId)
      .where("revoked_at", "is", null);
    update = userId ? update.where("user_id", "=", userId) : update.where("permission", "=", "owner");
    await update.execute();
    // Tokens follow Discord: an admin's or manager's holder gets the role their level needs.
    const created = userId
      ? await createStandingToken(app.ctx, { serverId, permission, userId })
      : await createDashboardToken(app.ctx, { serverId, permission });
    return created.token;
  };
  app.tokens.owner = await make(demoGuildId, "owner");
  app.tokens.admin = await make(demoGuildId, "admin", adminId);
  app.tokens.manager = await make(demoGuildId, "manager", managerId);
  // A sandbox reset (the playground's) rebuilds the sandbox without the other server: its old token
  // then stays (refused; the answers are checked all the same).
  app.tokens.foreign = await make(app.foreignServerId, "owner").catch(() => app.tokens.foreign);
}

/** The document's operations, with the route each documents (a route missing from it is a failure of its own). */
export function operationsOf(app: TestApp, document: { paths: Record<string, Record<string, unknown>> }) {
  const operations: Operation[] = [];
  for (const route of app.app.routeTable) {
    const path = documentPath(route.url);
    if (!document.paths[path]?.[route.method.toLowerCase()]) continue;
    operations.push({
      key: `${route.method} ${route.url}`,
      method: route.method,
      path,
      route,
      isPrivate: route.url.startsWith("/api/") && !isPublicRoute(route.method, route.url),
    });
  }
  // Reads first, then writes, deletions, and last what empties the server or revokes tokens.
  const rank = (operation: Operation) =>
    /purge|reset|tokens/.test(operation.route.url) ? 3 : ({ GET: 0, DELETE: 2 }[operation.method] ?? 1);
  const depth = (operation: Operation) => operation.route.url.split("/").length;
  return operations.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? depth(a) - depth(b) : 0));
}

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Handlers that read their raw body (no schema for Fastify): what they parse it with. */
const rawBodySchemas: Record<string, z.core.$ZodType> = { "POST /api/votes/:webhookId": genericVoteBody };

const bodySchemaOf = (operation: Operation) =>
  (operation.route.schema?.body as z.core.$ZodType | undefined) ?? rawBodySchemas[operation.key];

const seedOf = (key: string) => createHash("sha256").update(key).digest().readInt32LE(0);

/** Keeps the values of an answer by key (an array of names under its key and its singular too). */
function harvest(app: ContractApp, value: unknown, key = ""): void {
  if (Array.isArray(value)) {
    for (const item of value) harvest(app, item, key.replace(/s$/, ""));
    if (key) for (const item of value) harvest(app, item, key);
    return;
  }
  if (value && typeof value === "object") {
    for (const [name, inner] of Object.entries(value)) harvest(app, inner, name);
    return;
  }
  if (!key || (typeof value !== "string" && typeof value !== "number") || value === "") return;
  const values = app.known.get(key) ?? new Set<string>();
  if (values.size < 50) values.add(String(value));
  app.known.set(key, values);
}

const knownOf = (app: ContractApp) => (key: string) => [...(app.known.get(key) ?? [])];

/**
 * Values for a path parameter, best first: what the answer of the route's list (the GET route its
 * path continues) holds under the parameter's name, `id` or `<name>s`, that its schema accepts;
 * then the rows the database holds (RouteParams).
 */
function paramCandidates(app: ContractApp, route: RouteFacts, param: string): string[] {
  const stem = param.replace(/Id$/, "");
  const keys = [param, `${stem}s`, "id", "_id", "messageId", `${stem}Name`, "name"];
  const schema = (route.schema?.params as z.ZodObject | undefined)?.shape?.[param] as z.ZodType | undefined;
  const accepts = (value: string) => !schema || schema.safeParse(value).success;
  const found: string[] = [];
  let prefix = route.url.split(`/:${param}`)[0] ?? "";
  while (prefix.includes("/")) {
    for (const answer of [app.made.get(prefix), app.answers.get(prefix)]) {
      if (answer === undefined) continue;
      const local = { ...app, known: new Map<string, Set<string>>() };
      harvest(local, answer);
      for (const key of keys)
        for (const value of local.known.get(key) ?? []) if (accepts(value)) found.push(value);
    }
    if (found.length > 0) break;
    prefix = prefix.slice(0, prefix.lastIndexOf("/"));
  }
  return [...new Set([...found.slice(0, 6), ...app.params.candidates(route.url, param)])];
}

/** The route's path for its n-th valid attempt: each parameter's candidates in turn. */
function pathFor(app: ContractApp, route: RouteFacts, n: number): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === route.serverIdParam || /server|guild/i.test(name)) return demoGuildId;
    const candidates = paramCandidates(app, route, name);
    return encodeURIComponent(candidates[n % candidates.length] ?? missingId);
  });
}

/** Up to `count` values the schema accepts, generated from it (refinements filter some out). */
function validSamples(schema: z.core.$ZodType, app: ContractApp, key: string, count: number): unknown[] {
  const parse = (value: unknown) => (schema as z.ZodType).safeParse(value).success;
  const options = { ids: app.ids, known: knownOf(app), existingIdsOnly: true };
  const samples = fc.sample(arbitraryOf(schema, options), { seed: seedOf(key), numRuns: 300 });
  // Fewest fields first: each optional field is one more thing the server may refuse.
  const valid = [...samples.map((sample) => minimal(schema, sample)).filter(parse), ...samples.filter(parse)];
  return [...new Set((valid.length > 0 ? valid : samples).map((v) => JSON.stringify(v)))]
    .slice(0, count)
    .map((text) => (text === undefined ? undefined : JSON.parse(text)));
}

/** Whether a body schema takes a value as it is: it parses, and no field of it is dropped as unknown. */
function takes(schema: z.core.$ZodType, value: unknown): boolean {
  const parsed = (schema as z.ZodType).safeParse(value);
  if (!parsed.success) return false;
  if (!value || typeof value !== "object" || Array.isArray(value)) return true;
  const kept = parsed.data && typeof parsed.data === "object" ? Object.keys(parsed.data) : [];
  return Object.keys(value).every((key) => kept.includes(key));
}

/** A generated object without the fields its schema marks optional. */
function minimal(schema: z.core.$ZodType, value: unknown): unknown {
  const shape = (schema as { shape?: Record<string, z.core.$ZodType> }).shape;
  if (!shape || !value || typeof value !== "object" || Array.isArray(value)) return value;
  const optional = (key: string) =>
    ["optional", "default", "prefault"].includes(shape[key]?._zod.def.type ?? "");
  return Object.fromEntries(Object.entries(value).filter(([key]) => !optional(key)));
}

/** A query string from generated values (only strings, numbers and booleans travel in a URL). */
function queryOf(
  schema: FastifySchema["querystring"],
  app: ContractApp,
  key: string,
  attempt: number,
): string {
  if (!schema || attempt === 0) return "";
  const [sample] = validSamples(schema as z.core.$ZodType, app, `${key} ${attempt}`, 1);
  if (!sample || typeof sample !== "object") return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(sample))
    if (["string", "number", "boolean"].includes(typeof value)) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Addresses for refused tokens, one each, so the failed-authentication limit blocks none of the others. */
let refusedAddress = 0;
const nextAddress = () => {
  refusedAddress++;
  return `10.77.${(refusedAddress >> 8) & 255}.${refusedAddress & 255}`;
};

/**
 * Calls one operation every way that applies to it, handing each answer to `check`; returns the
 * operation's example (its first 2xx) when it got one.
 */
export { paramCandidates };
export async function callOperation(
  app: ContractApp,
  operation: Operation,
  check: (call: Call) => void,
  validAttempts = 6,
  { refusals = true }: { refusals?: boolean } = {},
): Promise<OperationExample | undefined> {
  const { route, method } = operation;
  const authorization = (token: string) =>
    route.url.startsWith("/api/votes/") ? app.voteSecret : operation.isPrivate ? token : undefined;
  const send: Send = async (kind, url, options = {}) => {
    const headers: Record<string, string> = {};
    const auth = authorization(options.token ?? app.tokens.owner);
    if (auth !== undefined) headers.authorization = options.token === "bad" ? "0".repeat(56) : auth;
    if (options.payload !== undefined) headers["content-type"] = options.contentType ?? "application/json";
    if (options.ifNoneMatch) headers["if-none-match"] = options.ifNoneMatch;
    const response = await app.app.inject({
      method: method as "POST",
      url,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      ...(options.address ? { remoteAddress: options.address } : {}),
    });
    const call: Call = { kind, operation, url, response };
    if (options.payload !== undefined) call.payload = options.payload;
    if (options.expected !== undefined) call.expected = options.expected;
    check(call);
    return response;
  };

  const bodySchema = bodySchemaOf(operation);
  const samples = bodySchema ? validSamples(bodySchema, app, operation.key, validAttempts) : [];
  // A write beside a read (PUT /api/welcome/config, PUT /api/statica/update): what was read is a body
  // to send back, when the write's schema takes it.
  const folder = (url: string) => url.slice(0, url.lastIndexOf("/"));
  for (const [url, read] of app.answers)
    if (bodySchema && (url === route.url || folder(url) === folder(route.url)))
      if (takes(bodySchema, read)) samples.unshift(read);
      else {
        // What the schema keeps of it (known fields only), when that is all the write needs.
        const kept = (bodySchema as z.ZodType).safeParse(read);
        if (kept.success && kept.data !== undefined) samples.unshift(kept.data);
      }

  if (refusals) await callRefused(app, operation, samples, send);
  const example = await callValid(app, operation, samples, validAttempts, send);
  // A token route may have revoked one of ours: the next operation starts with live ones.
  if (/tokens/.test(route.url)) await renewTokens(app);
  return example;
}

/**
 * Calls every operation in turn (`callOperation`), then once more with valid input those that got no
 * 2xx (a create refused because its record existed passes once a later call deleted it); answers
 * each operation's example.
 */
export async function walkOperations(
  app: ContractApp,
  operations: readonly Operation[],
  check: (call: Call) => void,
  { refusals = true }: { refusals?: boolean } = {},
): Promise<Map<string, OperationExample>> {
  const examples = new Map<string, OperationExample>();
  for (const operation of operations) {
    const example = await callOperation(app, operation, check, 6, { refusals });
    if (example) examples.set(operation.key, example);
  }
  for (const operation of operations.filter((operation) => !examples.has(operation.key))) {
    const example = await callOperation(app, operation, check, 6, { refusals: false });
    if (example) examples.set(operation.key, example);
  }
  return examples;
}

type Send = (
  kind: CallKind,
  url: string,
  options?: {
    token?: string;
    payload?: string;
    contentType?: string;
    address?: string;
    expected?: number;
    ifNoneMatch?: string;
  },
) => Promise<LightMyRequestResponse>;

/** The ways a client gets an operation wrong: the token, the server, the level, the body, the record. */
async function callRefused(app: ContractApp, operation: Operation, samples: unknown[], send: Send) {
  // Earlier writes may have changed who stands where (the setup's manager role): tokens as their levels.
  await renewTokens(app);
  const { route, method } = operation;
  const write = writeMethods.has(method);
  const serverParam = route.url.includes(`:${route.serverIdParam}`) ? route.serverIdParam : null;
  const bodySchema = bodySchemaOf(operation);
  const path = pathFor(app, route, 0);
  const firstBody = samples[0] === undefined ? undefined : JSON.stringify(samples[0]);
  if (operation.isPrivate && !route.url.startsWith("/api/votes/")) {
    await send("bad token", path, {
      token: "bad",
      payload: firstBody,
      address: nextAddress(),
      expected: 401,
    });
    if (serverParam) {
      const foreignPath = route.url.replace(/:(\w+)/g, (_m, name: string) =>
        name === serverParam ? app.foreignServerId : (app.params.candidates(route.url, name)[0] ?? missingId),
      );
      await send("foreign server", foreignPath, { payload: firstBody, expected: 403 });
    } else {
      await send("foreign token", path, { token: app.tokens.foreign, payload: firstBody });
    }
    const lower =
      route.permission === "owner"
        ? app.tokens.admin
        : route.permission === "admin"
          ? app.tokens.manager
          : null;
    if (lower) await send("lower level", path, { token: lower, payload: firstBody, expected: 403 });
    // A route open to managers may still refuse them part of what it does (settings: anti-pool only).
    else if (writeMethods.has(method))
      await send("manager", path, { token: app.tokens.manager, payload: firstBody });
  }
  if (write) {
    if (bodySchema && !(bodySchema as z.ZodType).safeParse([1]).success)
      await send("invalid body", path, { payload: "[1]", expected: 400 });
    await send("malformed JSON", path, { payload: '{"a":', expected: 400 });
    // The vote webhook reads any content type (listing sites don't all label their JSON).
    const typed = route.schema?.body !== undefined;
    await send("wrong content type", path, {
      payload: firstBody ?? "{}",
      contentType: "application/xml",
      ...(typed ? { expected: 415 } : {}),
    });
    await send("too large", path, {
      payload: JSON.stringify({ text: "x".repeat(300 * 1024) }),
      expected: 413,
    });
  }
  const recordParams = [...route.url.matchAll(/:(\w+)/g)]
    .map((m) => m[1] ?? "")
    .filter((p) => p !== serverParam);
  if (recordParams.length > 0) {
    const missing = route.url.replace(/:(\w+)/g, (_m, name: string) =>
      name === serverParam ? demoGuildId : missingId,
    );
    await send("missing record", missing, { payload: firstBody });
    const bad = route.url.replace(/:(\w+)/g, (_m, name: string) =>
      name === serverParam ? demoGuildId : "not%20an%20id",
    );
    await send("bad parameter", bad, { payload: firstBody });
  }
  if (route.url.includes("/:")) {
    const long = route.url.replace(/:(\w+)/g, "9".repeat(120));
    await send("long parameter", long, { payload: firstBody, expected: 414 });
  }
}

/** Valid input, in turn over the parameters' candidates and the generated bodies, until a 2xx. */
async function callValid(
  app: ContractApp,
  operation: Operation,
  samples: unknown[],
  validAttempts: number,
  send: Send,
): Promise<OperationExample | undefined> {
  const { route, method } = operation;
  const bodySchema = bodySchemaOf(operation);
  const attempts = Math.max(1, validAttempts);
  for (let attempt = 0; attempt < attempts; attempt++) {
    const body = bodySchema ? samples[attempt % Math.max(1, samples.length)] : undefined;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url =
      pathFor(app, route, attempt) + queryOf(route.schema?.querystring, app, operation.key, attempt);
    let response = await send("valid", url, { payload });
    if (response.statusCode === 401 && operation.isPrivate) {
      // A token route revoked one of ours: make them again and send once more.
      await renewTokens(app);
      response = await send("valid", url, { payload });
    }
    if (response.statusCode >= 200 && response.statusCode < 300) {
      if (method === "GET" && !app.answers.has(route.url)) app.answers.set(route.url, response.json());
      // What a write made (a block, a schedule) is a record later calls may name.
      if (method !== "GET" && response.body !== "") app.made.set(route.url, response.json());
      if (response.body !== "") harvest(app, response.json());
      const etag = response.headers.etag;
      if (method === "GET" && typeof etag === "string")
        await send("revalidation", url, { ifNoneMatch: etag, expected: 304 });
      const example: OperationExample = {};
      if (body !== undefined && bodySchemaOf(operation) === route.schema?.body)
        example.request = shortened(body);
      if (response.statusCode !== 204 && response.body !== "")
        example.response = { status: response.statusCode, body: shortened(response.json()) };
      return example;
    }
  }
  return undefined;
}

/**
 * An example's lists of records cut to their first three: the shape shows, the document stays small.
 * Lists of values (a day's 24 hourly counts) stay whole: their length may be the shape.
 */
function shortened(value: unknown): unknown {
  if (Array.isArray(value))
    return (
      value.every((item) => item && typeof item === "object" && !Array.isArray(item))
        ? value.slice(0, 3)
        : value
    ).map(shortened);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shortened(inner)]));
  return value;
}
