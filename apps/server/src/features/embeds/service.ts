import { randomBytes } from "node:crypto";
import { type EmbedDraft, type EmbedProblem, serverCaps, validateDraft } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { checkCap } from "../../lib/caps.ts";
import { type AppError, badRequest, forbidden, notFound } from "../../lib/errors.ts";
import * as store from "./store.ts";

/**
 * The embed builder's sessions (a member's draft, kept in the database) and what the other parts
 * share: the builder's limits and the way problems are told. Templates live in templates.ts, JSON
 * files in import-export.ts, previews, sending and editing posted messages in sending.ts.
 */

export type { DraftSession, EmbedTemplate, PendingForm } from "./store.ts";

export type EmbedsDeps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

const hour = 3_600_000;

export const embedBuilderLimits = {
  /** A builder session (its draft) is kept this long after its last change. */
  sessionTtlMs: 24 * hour,
  templatesPerServer: serverCaps.embedTemplates.max,
  templateName: 50,
  /** Text above the embed when sending. */
  content: 2000,
  /** How many messages an export may take. */
  exportParts: 5,
  importTimeoutMs: 10_000,
} as const;

/** The job that deletes expired builder sessions. */
export const sessionSweepJob = "embeds.session-sweep";

/** One message listing what is wrong, each line naming the part and the limit. */
export function describeProblems(problems: EmbedProblem[], heading = "That wasn't saved:"): string {
  const shown = problems.slice(0, 8).map((problem) => `• ${problem.message}`);
  if (problems.length > shown.length) shown.push(`• …and ${problems.length - shown.length} more.`);
  return `${heading}\n${shown.join("\n")}`;
}

/** The problems as a 400 naming the first part that is wrong. */
export function problemsError(problems: EmbedProblem[], heading?: string): AppError {
  return badRequest(describeProblems(problems, heading), problems[0]?.field);
}

// ---- builder sessions ----

function sessionExpiry(now: number): number {
  return now + embedBuilderLimits.sessionTtlMs;
}

/** Asks the queue to sweep expired sessions at the end of the hour the session expires in. */
async function scheduleSweep(deps: EmbedsDeps, expiresAt: number): Promise<void> {
  const runAt = Math.ceil(expiresAt / hour) * hour;
  await deps.jobs.schedule(sessionSweepJob, {}, runAt, { dedupeKey: `embeds:sweep:${runAt}` });
}

/** Opens a builder session on a draft (already valid); `target` makes Send update that message. */
export async function openSession(
  deps: EmbedsDeps,
  input: { serverId: string; userId: string; draft: EmbedDraft; target?: store.DraftSession["target"] },
  now: number = Date.now(),
): Promise<store.DraftSession> {
  checkCap(serverCaps.embedSessions, await store.countOpenSessions(deps.storage.db, input.serverId, now));
  const expiresAt = sessionExpiry(now);
  const session = await store.insertSession(
    deps.storage.db,
    {
      id: randomBytes(9).toString("base64url"),
      serverId: input.serverId,
      userId: input.userId,
      draft: input.draft,
      target: input.target ?? null,
    },
    now,
    expiresAt,
  );
  await scheduleSweep(deps, expiresAt);
  return session;
}

/** The caller's session: gone or expired sessions and other members' sessions are refused. */
export async function requireSession(
  deps: Pick<EmbedsDeps, "storage">,
  sessionId: string,
  userId: string,
  now: number = Date.now(),
): Promise<store.DraftSession> {
  const session = await store.findSession(deps.storage.db, sessionId, now);
  if (!session) {
    throw notFound(
      "This embed builder has expired (drafts are kept 24 hours after their last change). Start again with `/embed create`.",
    );
  }
  if (session.userId !== userId) throw forbidden("Only the member who opened this embed builder can use it.");
  return session;
}

export type DraftChange = { ok: true; session: store.DraftSession } | { ok: false; problems: EmbedProblem[] };

/**
 * Replaces the session's draft when the new one passes every check (Discord's limits, colours,
 * links, tags). When it doesn't, the draft stays as it was and `pending` (the form as submitted)
 * is kept so the member can fix it without typing it again.
 */
export async function changeDraft(
  deps: EmbedsDeps,
  session: store.DraftSession,
  next: EmbedDraft,
  pending: store.PendingForm | null = null,
  now: number = Date.now(),
): Promise<DraftChange> {
  const problems = validateDraft(next);
  if (problems.length > 0) {
    if (pending) await store.setPendingForm(deps.storage.db, session.id, pending);
    return { ok: false, problems };
  }
  const expiresAt = sessionExpiry(now);
  const saved = await store.updateSessionDraft(deps.storage.db, session.id, next, now, expiresAt);
  if (!saved) throw notFound("This embed builder was closed. Start again with `/embed create`.");
  await scheduleSweep(deps, expiresAt);
  return { ok: true, session: saved };
}

/** Keeps a refused form as the member typed it, so **Fix it** reopens it filled in. */
export async function keepRefusedForm(
  deps: Pick<EmbedsDeps, "storage">,
  sessionId: string,
  pending: store.PendingForm,
): Promise<void> {
  await store.setPendingForm(deps.storage.db, sessionId, pending);
}

export async function closeSession(deps: Pick<EmbedsDeps, "storage">, sessionId: string): Promise<void> {
  await store.deleteSession(deps.storage.db, sessionId);
}

/** Deletes expired sessions (the sweep job). */
export function sweepSessions(deps: Pick<EmbedsDeps, "storage">, now: number = Date.now()): Promise<number> {
  return store.deleteExpiredSessions(deps.storage.db, now);
}
