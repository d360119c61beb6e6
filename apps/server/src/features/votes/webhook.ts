import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { genericVoteBody, legacyVoteBody, signedVoteBody } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { IncomingVote } from "./batch.ts";
import { deliverTestJob } from "./jobs.ts";
import { recordVote } from "./service.ts";
import { findSettingsByWebhook, type VoteSettingsRow } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "config" | "logger">;

export interface WebhookRequest {
  webhookId: string;
  authorization: string | undefined;
  signature: string | undefined;
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: Buffer | undefined;
  now?: number;
  /** The webhook's settings when the route already resolved its id (before reading the body). */
  settings?: VoteSettingsRow;
}

const unauthorized = (message: string) => new AppError(401, message);
const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest();

/** Compares secrets in constant time: equal-length digests, so neither length nor content leaks. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** The hex HMAC-SHA256 of the raw body with the server's key (the bare form of `x-topgg-signature`). */
export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** top.gg's current header, `t=<unix seconds>,v1=<hex>`: the HMAC covers `<t>.` and then the raw body. */
export function signTimestamped(secret: string, rawBody: Buffer | string, at = Date.now()): string {
  const t = String(Math.floor(at / 1000));
  const mac = createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest("hex");
  return `t=${t},v1=${mac}`;
}

/** The header's parts: `t=…,v1=…` (timestamped) or a bare / `sha256=` hex digest; null when neither. */
function readSignature(header: string): { timestamp: string | null; digests: Buffer[] } | null {
  const text = header.trim();
  const isHex = (value: string) => /^[0-9a-f]{64}$/i.test(value);
  if (!text.includes("=") || /^sha256=/i.test(text)) {
    const hex = text.replace(/^sha256=/i, "");
    return isHex(hex) ? { timestamp: null, digests: [Buffer.from(hex, "hex")] } : null;
  }
  const parts = text.split(",").map((part) => part.trim().split("=", 2) as [string, string?]);
  const timestamp = parts.find(([key]) => key === "t")?.[1];
  const digests = parts
    .filter(([key, value]) => key === "v1" && value !== undefined && isHex(value))
    .map(([, value]) => Buffer.from(value ?? "", "hex"));
  if (!timestamp || !/^\d{1,15}$/.test(timestamp) || digests.length === 0) return null;
  return { timestamp, digests };
}

/** How far a signed webhook's `t=` may be from our clock: older (or future) deliveries are replays. */
export const signatureToleranceMs = 5 * 60_000;

/**
 * Whether any digest of the header is the HMAC of the body under any of the keys (constant time
 * each): "invalid", or the signed time in ms (null for the bare, untimed form).
 */
function checkSignature(
  header: string,
  secrets: string[],
  rawBody: Buffer,
): { valid: false } | { valid: true; signedAt: number | null } {
  const signature = readSignature(header);
  if (!signature) return { valid: false };
  let valid = false;
  for (const secret of secrets) {
    const hmac = createHmac("sha256", secret);
    if (signature.timestamp !== null) hmac.update(`${signature.timestamp}.`);
    const expected = hmac.update(rawBody).digest();
    for (const digest of signature.digests) valid = timingSafeEqual(digest, expected) || valid;
  }
  if (!valid) return { valid: false };
  return { valid: true, signedAt: signature.timestamp === null ? null : Number(signature.timestamp) * 1000 };
}

function parseJson(rawBody: Buffer | undefined): unknown {
  if (!rawBody || rawBody.length === 0) throw badRequest("body: must be a JSON vote", "body");
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw badRequest("body: is not valid JSON", "body");
  }
}

function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const first = issues[0];
  const field = first && first.path.length > 0 ? first.path.map(String).join(".") : "body";
  return badRequest(`${field}: ${first?.message ?? "is not a vote"}`, field);
}

/** `listedServer`: the server the payload says was voted for, and the field that says it. */
type Parsed = { test: boolean; vote: IncomingVote; listedServer?: { id: string; field: string } };

function parseSigned(body: unknown, at: number): Parsed {
  const parsed = signedVoteBody.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const payload = parsed.data;
  const wrapped = "data" in payload;
  const { type, vote } =
    "data" in payload ? { type: payload.type, vote: payload.data } : { type: payload.type, vote: payload };
  const path = (field: string) => (wrapped ? `data.${field}` : field);
  const userId = typeof vote.user === "string" ? vote.user : (vote.user.platform_id ?? vote.user.id);
  if (!userId) throw badRequest(`${path("user")}: the voter's Discord id is missing`, path("user"));
  const test = type?.includes("test") ?? false;
  if (!test && vote.id === undefined) {
    throw badRequest(`${path("id")}: a signed vote needs its id (retries are recognised by it)`, path("id"));
  }
  const listed = vote.project?.type === "server" ? vote.project.platform_id : undefined;
  return {
    test,
    vote: { userId, platform: "top.gg", voteId: vote.id ?? null, weight: vote.weight ?? 1, at },
    ...(listed ? { listedServer: { id: listed, field: path("project.platform_id") } } : {}),
  };
}

function parseShared(body: unknown, at: number): Parsed {
  if (body && typeof body === "object" && "userId" in body) {
    const parsed = genericVoteBody.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error.issues);
    const { userId, platform, voteId, weight } = parsed.data;
    return { test: false, vote: { userId, platform, voteId: voteId ?? null, weight: weight ?? 1, at } };
  }
  const parsed = legacyVoteBody.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const { user, type, isWeekend, guild } = parsed.data;
  return {
    test: type === "test",
    vote: { userId: user, platform: "top.gg", voteId: null, weight: isWeekend ? 2 : 1, at },
    ...(guild ? { listedServer: { id: guild, field: "guild" } } : {}),
  };
}

const resolving = new WeakMap<object, Map<string, Promise<VoteSettingsRow | undefined>>>();

/**
 * The settings behind a webhook URL's id; 404 when there is none. A burst of deliveries to one
 * webhook shares one read while it runs (each caller gets the answer of a read that was under way
 * when it asked, as a read of its own racing with a change could have answered); nothing is kept
 * after it, so a rotated secret or a deleted setup counts from the next read.
 */
export async function resolveVoteWebhook(
  deps: Pick<AppContext, "storage">,
  webhookId: string,
): Promise<VoteSettingsRow> {
  let running = resolving.get(deps.storage);
  if (!running) {
    running = new Map();
    resolving.set(deps.storage, running);
  }
  let read = running.get(webhookId);
  if (!read) {
    const reads = running;
    read = findSettingsByWebhook(deps.storage.db, webhookId).finally(() => reads.delete(webhookId));
    running.set(webhookId, read);
  }
  const settings = await read;
  if (!settings) throw notFound("No vote webhook with this id");
  return settings;
}

/**
 * `POST /api/votes/:webhookId`. Authenticates before reading the body (signed form: HMAC of the raw
 * bytes with the site's signing secret or Hearth's; legacy and generic forms: Hearth's secret in
 * `Authorization`), then records the vote once.
 * Unknown webhook → 404, bad credentials → 401, a body that isn't a vote → 400.
 */
export async function receiveVoteWebhook(deps: Deps, request: WebhookRequest): Promise<{ counted: boolean }> {
  const settings = request.settings ?? (await resolveVoteWebhook(deps, request.webhookId));
  const at = request.now ?? Date.now();
  let parsed: Parsed;
  if (request.signature !== undefined) {
    const secrets = settings.signing_secret ? [settings.signing_secret, settings.secret] : [settings.secret];
    const checked = checkSignature(request.signature, secrets, request.rawBody ?? Buffer.alloc(0));
    if (!checked.valid) throw unauthorized("x-topgg-signature does not match the body");
    // An untimed signature stays valid for ever: a captured delivery (a test event, too) could be
    // replayed without end, so only the timestamped form is accepted.
    if (checked.signedAt === null) {
      throw unauthorized(
        "x-topgg-signature: a signature needs its time (t=<unix seconds>,v1=<hex>); an untimed one could be replayed",
      );
    }
    // A captured delivery replayed later carries its old t=: refuse it (vote ids dedupe within the window).
    if (Math.abs(at - checked.signedAt) > signatureToleranceMs) {
      throw unauthorized(
        "x-topgg-signature: its time (t=) is more than 5 minutes from now; a replay is refused",
      );
    }
    parsed = parseSigned(parseJson(request.rawBody), at);
  } else {
    const given = request.authorization?.replace(/^Bearer\s+/i, "") ?? "";
    if (given === "" || !sameSecret(given, settings.secret)) {
      throw unauthorized("Authorization does not match this webhook's secret");
    }
    parsed = parseShared(parseJson(request.rawBody), at);
  }
  const listed = parsed.listedServer;
  if (listed && listed.id !== settings.server_id) {
    throw badRequest(`${listed.field}: this webhook belongs to another server`, listed.field);
  }
  if (parsed.test) {
    const { userId, platform } = parsed.vote;
    await deps.jobs.schedule(deliverTestJob, { serverId: settings.server_id, userId, platform, at }, at);
    return { counted: false };
  }
  const { counted } = await recordVote(deps, settings.server_id, parsed.vote);
  return { counted };
}
