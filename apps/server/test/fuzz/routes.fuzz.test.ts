import { createHash } from "node:crypto";
import { genericVoteBody, legacyVoteBody, signedVoteBody } from "@hearth/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { seedFeatureDemos } from "../../src/composition.ts";
import { demoGuildId, demoOwnerId } from "../../src/discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../../src/features/auth/service.ts";
import { dmPacing } from "../../src/features/grinders/dm.ts";
import { configureVotes } from "../../src/features/votes/service.ts";
import { quietMonitor } from "../../src/http/activity-monitor.ts";
import { isPublicRoute } from "../../src/http/public-routes.ts";
import { RouteParams } from "../fixtures/route-params.ts";
import { createTestApp, type TestApp } from "../helpers.ts";
import { arbitraryOf, mutatedArbitraryOf, nest } from "./zod-arbitrary.ts";

// Issue 17 item 3: every write route of the built app (read from its route table, so routes added later
// are fuzzed too) gets bodies generated from its zod body schema and mutations of them, then malformed
// JSON, wrong content types, a 1 MB string, deep nesting and `__proto__`/`constructor` keys. No answer
// may be a 5xx, and every 400 names the field at fault (`{error, message, field}`). The seed is printed;
// FUZZ_SEED=<n> replays a run, FUZZ_BODIES=<n> changes how many generated bodies are sent in total,
// FUZZ_PROFILE=1 prints the bodies, cost and answers per route and the time per hand-made case.

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const totalBodies = Number(process.env.FUZZ_BODIES ?? 10_000);
console.log(`routes fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
let t: TestApp;
let voteSecret = "";
let params: RouteParams;
let ids: { channels: string[]; roles: string[]; members: string[] } = {
  channels: [],
  roles: [],
  members: [],
};

beforeAll(async () => {
  // Grinder DMs are paced 250 ms apart for Discord's sake; the sandbox needs no pause.
  Object.assign(dmPacing, { intervalMs: 0, retryDelayMs: 0 });
  // Thousands of refused writes from one token on purpose: no suspicious-activity revocation here.
  t = await createTestApp({ monitor: quietMonitor });
  await seedFeatureDemos(t.ctx);
  const channels = await t.sandbox.listChannels(demoGuildId);
  const roles = await t.sandbox.listRoles(demoGuildId);
  const members = await t.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .limit(20)
    .execute();
  ids = {
    channels: channels.map((c) => c.id),
    roles: roles.filter((r) => r.id !== demoGuildId && !r.managed).map((r) => r.id),
    members: members.map((m) => m.user_id),
  };
  // The vote webhook exists, so its bodies reach the parser (its id is read with the rows below).
  const votes = await configureVotes(t.ctx, demoGuildId, { tokenId: null, userId: demoOwnerId }, {});
  voteSecret = votes.settings.secret;
  params = await RouteParams.read(t.ctx, demoGuildId);
}, 60_000);
afterAll(() => t?.cleanup());

const writeRoutes = () =>
  t.app.routeTable
    .filter((route) => route.url.startsWith("/api") && writeMethods.has(route.method))
    // The purge and token routes last: a body that happens to pass them must not empty the server
    // (or revoke the token) before the other routes are walked.
    .sort((a, b) => destructive(a.url) - destructive(b.url));
const destructive = (url: string) => (/purge|reset|tokens/.test(url) ? 1 : 0);

/** A per-route seed from the run's seed, so one route's bodies replay even when routes are added. */
const routeSeed = (key: string) => (seed ^ createHash("sha256").update(key).digest().readInt32LE(0)) | 0;

interface Problem {
  route: string;
  body: string;
  status: number;
  answer: string;
}

let sent = 0;
const problems: Problem[] = [];
const statuses = new Map<number, number>();
const caseTimes = new Map<number, number>();
const routeStatuses = new Map<string, Map<number, number>>();

/** Sends one request and records what breaks the rules. */
async function send(
  route: { method: string; url: string },
  payload: string | undefined,
  contentType = "application/json",
  n = 0,
  retried = false,
): Promise<void> {
  const res = await t.app.inject({
    method: route.method as "POST",
    url: params.fill(route.url, n),
    headers: {
      authorization: authorizationFor(route, n),
      ...(payload === undefined ? {} : { "content-type": contentType }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  if (res.statusCode === 401 && !isPublicRoute(route.method, route.url) && !retried) {
    // A generated body revoked the token (a token route, say): make another and send again.
    t.token = (await createDashboardToken(t.ctx, { serverId: demoGuildId, permission: "owner" })).token;
    return send(route, payload, contentType, n, true);
  }
  sent++;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const key = `${route.method} ${route.url}`;
  const byStatus = routeStatuses.get(key) ?? new Map<number, number>();
  byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
  routeStatuses.set(key, byStatus);
  const problem = (why: string) =>
    problems.push({
      route: `${route.method} ${route.url} (${contentType}) ${why}`,
      body: (payload ?? "").slice(0, 300),
      status: res.statusCode,
      answer: res.body.slice(0, 300),
    });
  if (res.statusCode >= 500) return void problem("5xx");
  if (res.statusCode < 400) return;
  let answer: { error?: unknown; message?: unknown; field?: unknown };
  try {
    answer = res.json();
  } catch {
    return void problem("error answer is not JSON");
  }
  if (typeof answer.error !== "string" || typeof answer.message !== "string")
    return void problem("error answer lacks {error, message}");
  if (res.statusCode === 400 && (typeof answer.field !== "string" || answer.field === ""))
    problem("400 without a field");
}

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/**
 * Routes whose handler reads the raw body itself (no body schema for Fastify to check): the schemas
 * it parses with. The vote webhook takes votes from the internet: its three forms.
 */
const rawBodySchemas: Record<string, z.core.$ZodType> = {
  "POST /api/votes/:webhookId": z.union([legacyVoteBody, genericVoteBody, signedVoteBody]),
};

const bodySchemaOf = (route: { method: string; url: string; schema?: { body?: unknown } }) =>
  (route.schema?.body as z.core.$ZodType | undefined) ?? rawBodySchemas[keyOf(route)];

/** Authorization for a request: the vote webhook's secret on most of its requests, else the dashboard token. */
const authorizationFor = (route: { url: string }, n: number) =>
  route.url.startsWith("/api/votes/") && n % 4 !== 3 ? voteSecret : t.token;

describe("fuzzed bodies on every write route", () => {
  it("generated and mutated bodies: no 5xx, every 400 names its field", async () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const started = performance.now();
    // Each route's bodies are one seeded sequence. A first round sends every route the same share of
    // a fifth of the total and times it; the rest goes to the routes in inverse proportion to their
    // cost (a grinder DM broadcast costs ten plain writes), so the run stays short while every route
    // gets at least its first round. Replaying a seed sends each route a prefix of the same sequence.
    const bodiesOf = (route: (typeof routes)[number], count: number): unknown[] => {
      const schema = bodySchemaOf(route);
      const options = { ids };
      const arbitrary = schema
        ? fc.oneof(
            { weight: 1, arbitrary: arbitraryOf(schema, options) },
            { weight: 1, arbitrary: mutatedArbitraryOf(schema, options) },
          )
        : fc.jsonValue({ maxDepth: 3 });
      return fc.sample(arbitrary, { seed: routeSeed(keyOf(route)), numRuns: count });
    };
    const sendAll = async (route: (typeof routes)[number], bodies: unknown[], from: number) => {
      const t0 = performance.now();
      for (let n = from; n < bodies.length; n++) {
        const body = bodies[n];
        await send(route, body === undefined ? undefined : JSON.stringify(body), "application/json", n);
      }
      return (performance.now() - t0) / Math.max(1, bodies.length - from);
    };
    const firstRound = Math.max(20, Math.ceil(totalBodies / 5 / routes.length));
    const cost = new Map<string, number>();
    for (const route of routes) cost.set(keyOf(route), await sendAll(route, bodiesOf(route, firstRound), 0));
    const remaining = Math.max(0, totalBodies - sent);
    const weights = routes.map((route) => 1 / Math.max(0.5, cost.get(keyOf(route)) ?? 1));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    for (const [index, route] of routes.entries()) {
      const extra = Math.ceil((remaining * (weights[index] ?? 0)) / weightSum);
      await sendAll(route, bodiesOf(route, firstRound + extra), firstRound);
      if (process.env.FUZZ_PROFILE)
        console.log(
          `routes fuzz: ${keyOf(route)} ${firstRound + extra} bodies, ${(cost.get(keyOf(route)) ?? 0).toFixed(1)} ms each ` +
            JSON.stringify(Object.fromEntries(routeStatuses.get(keyOf(route)) ?? [])),
        );
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `routes fuzz: ${sent} generated bodies on ${routes.length} write routes in ${seconds.toFixed(1)} s; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(sent).toBeGreaterThanOrEqual(totalBodies);
    expect(problems.slice(0, 20), `${problems.length} problems (seed ${seed})`).toEqual([]);
  }, 240_000);

  it("malformed JSON, wrong content types, 1 MB strings, deep nesting and __proto__ keys", async () => {
    problems.length = 0;
    const before = sent;
    const megabyte = "x".repeat(1024 * 1024);
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    const deepObject = `{"a":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`;
    for (const route of writeRoutes()) {
      const schema = bodySchemaOf(route);
      const [valid] = schema
        ? fc.sample(arbitraryOf(schema, { ids }), { seed: routeSeed(keyOf(route)), numRuns: 1 })
        : [{}];
      const validText = JSON.stringify(valid ?? {});
      const objectBody = valid && typeof valid === "object" && !Array.isArray(valid) ? valid : {};
      const firstKey = Object.keys(objectBody)[0] ?? "name";
      const withKey = (key: string, valueText: string) =>
        validText.startsWith("{") && validText !== "{}"
          ? `{"${key}":${valueText},${validText.slice(1)}`
          : `{"${key}":${valueText}}`;
      const cases: [string | undefined, string][] = [
        ["{", "application/json"],
        ['{"a":1,}', "application/json"],
        ["{'a':1}", "application/json"],
        ['{"a":undefined}', "application/json"],
        ["NaN", "application/json"],
        ["\u0000\u0001", "application/json"],
        [validText.slice(0, Math.max(1, validText.length - 1)), "application/json"],
        ["[1,2", "application/json; charset=utf-8"],
        [validText, "text/plain"],
        [validText, "application/x-www-form-urlencoded"],
        [validText, "multipart/form-data; boundary=x"],
        [validText, "application/xml"],
        [validText, "application/json; charset=utf-16"],
        [validText, "application/jsonx"],
        [validText, ""],
        [JSON.stringify({ ...objectBody, [firstKey]: megabyte }), "application/json"],
        [JSON.stringify([megabyte]), "application/json"],
        [deep, "application/json"],
        [deepObject, "application/json"],
        [withKey(firstKey, JSON.stringify(nest(2_000, "object"))), "application/json"],
        [withKey("__proto__", '{"permission":"owner","isAdmin":true}'), "application/json"],
        [withKey("constructor", '{"prototype":{"polluted":true}}'), "application/json"],
        [`{"__proto__":{"__proto__":{"polluted":true}},"a":${validText}}`, "application/json"],
        [withKey(firstKey, '{"__proto__":{"polluted":true},"constructor":{"name":"x"}}'), "application/json"],
        ['"just a string"', "application/json"],
        ["null", "application/json"],
        ["[]", "application/json"],
        ["12345678901234567890123456789", "application/json"],
      ];
      for (const [index, [payload, type]] of cases.entries()) {
        const t0 = performance.now();
        await send(route, payload, type);
        const ms = performance.now() - t0;
        if (process.env.FUZZ_PROFILE) caseTimes.set(index, (caseTimes.get(index) ?? 0) + ms);
      }
    }
    console.log(`routes fuzz: ${sent - before} hand-made hostile bodies`);
    if (process.env.FUZZ_PROFILE)
      console.log(
        `routes fuzz: ms per case: ${[...caseTimes].map(([n, ms]) => `${n}:${ms.toFixed(0)}`).join(" ")}`,
      );
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(problems.slice(0, 20), `${problems.length} problems (seed ${seed})`).toEqual([]);
  }, 240_000);
});
