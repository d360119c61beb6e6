import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { genericVoteBody, legacyVoteBody, signedVoteBody } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { deliverTestJob } from "./jobs.ts";
import { type IncomingVote, recordVote } from "./service.ts";
import { findSettingsByWebhook } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "config" | "logger">;

export interface WebhookRequest {
  webhookId: string;
  authorization: string | undefined;
  signature: string | undefined;
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: Buffer | undefined;
  now?: number;
}

const unauthorized = (message: string) => new AppError(401, message);
const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest();

/** Compares secrets in constant time: equal-length digests, so neither length nor content leaks. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** The hex HMAC-SHA256 of the raw body with the server's key (what `x-topgg-signature` carries). */
export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

function validSignature(header: string, secret: string, rawBody: Buffer): boolean {
  const hex = header.trim().replace(/^sha256=/i, "");
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, "hex"), expected);
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

type Parsed = { test: boolean; vote: IncomingVote; guildId?: string };

function parseSigned(body: unknown, at: number): Parsed {
  const parsed = signedVoteBody.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const { type, vote } =
    "data" in parsed.data
      ? { type: parsed.data.type, vote: parsed.data.data }
      : { type: parsed.data.type, vote: parsed.data };
  const userId = typeof vote.user === "string" ? vote.user : (vote.user.platform_id ?? vote.user.id);
  if (!userId) throw badRequest("user: the voter's Discord id is missing", "user");
  return {
    test: type?.includes("test") ?? false,
    vote: { userId, platform: "top.gg", voteId: vote.id, weight: vote.weight ?? 1, at },
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
    ...(guild ? { guildId: guild } : {}),
  };
}

/**
 * `POST /api/votes/:webhookId`. Authenticates before reading the body (signed form: HMAC of the raw
 * bytes; legacy and generic forms: the shared secret in `Authorization`), then records the vote once.
 * Unknown webhook → 404, bad credentials → 401, a body that isn't a vote → 400.
 */
export async function receiveVoteWebhook(deps: Deps, request: WebhookRequest): Promise<{ counted: boolean }> {
  const settings = await findSettingsByWebhook(deps.storage.db, request.webhookId);
  if (!settings) throw notFound("No vote webhook with this id");
  const at = request.now ?? Date.now();
  let parsed: Parsed;
  if (request.signature !== undefined) {
    if (!validSignature(request.signature, settings.secret, request.rawBody ?? Buffer.alloc(0))) {
      throw unauthorized("x-topgg-signature does not match the body");
    }
    parsed = parseSigned(parseJson(request.rawBody), at);
  } else {
    const given = request.authorization?.replace(/^Bearer\s+/i, "") ?? "";
    if (given === "" || !sameSecret(given, settings.secret)) {
      throw unauthorized("Authorization does not match this webhook's secret");
    }
    parsed = parseShared(parseJson(request.rawBody), at);
  }
  if (parsed.guildId && parsed.guildId !== settings.server_id) {
    throw badRequest("guild: this webhook belongs to another server", "guild");
  }
  if (parsed.test) {
    const { userId, platform } = parsed.vote;
    await deps.jobs.schedule(deliverTestJob, { serverId: settings.server_id, userId, platform, at }, at);
    return { counted: false };
  }
  const { counted } = await recordVote(deps, settings.server_id, parsed.vote);
  return { counted };
}
