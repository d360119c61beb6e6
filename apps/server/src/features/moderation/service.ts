import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { DiscordError, type MemberInfo, type UserInfo } from "../../discord/port/port.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import {
  day,
  type Moderator,
  maxBanMs,
  maxTimeoutMs,
  minute,
  prepare,
  readDuration,
  readReason,
} from "./checks.ts";
import { moderationDmText } from "./dm.ts";
import * as store from "./store.ts";

export type { Moderator } from "./checks.ts";
export type { CaseAction, ModerationCase } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger" | "jobs">;

export const unbanJob = "moderation.unban";
export const unbanJobKey = (caseId: number) => `moderation-unban:${caseId}`;

const nameOf = (user: Pick<UserInfo, "username" | "globalName">) => displayName(user);

/** Tells the member by DM; closed DMs (or an unknown user) don't stop the action. */
async function notify(deps: Deps, userId: string, text: string): Promise<boolean> {
  try {
    await deps.discord.sendDirectMessage(userId, { content: text });
    return true;
  } catch (error) {
    if (error instanceof DiscordError && (error.code === "dm_closed" || error.code === "unknown_user")) {
      return false;
    }
    deps.logger.warn({ err: error, userId }, "moderation: could not DM the member");
    return false;
  }
}

function recordCase(deps: Pick<Deps, "storage">, input: store.NewCase) {
  return transactionForServer(deps.storage, input.serverId, "moderation", (trx) =>
    store.insertCase(trx, input),
  );
}

async function serverName(deps: Deps, serverId: string) {
  return (await deps.discord.getGuild(serverId))?.name ?? "the server";
}

export interface ActionResult {
  case: store.ModerationCase;
  /** Whether the member got the DM about it. */
  notified: boolean;
}

export async function banUser(
  deps: Deps,
  serverId: string,
  moderator: Moderator,
  input: { userId: string; reason?: string | null; duration?: string | null; deleteDays?: number | null },
): Promise<ActionResult> {
  const reason = readReason(input.reason);
  const durationMs = input.duration
    ? readDuration(input.duration, { min: minute, max: maxBanMs, label: "365 days" })
    : null;
  const deleteDays = input.deleteDays ?? 0;
  if (!Number.isInteger(deleteDays) || deleteDays < 0 || deleteDays > 7) {
    throw badRequest("**delete_days** must be a whole number from 0 to 7.", "delete_days");
  }
  const { member, user } = await prepare(deps, serverId, moderator, input.userId, false);
  if (!user) throw notFound(`No user with id ${input.userId}.`);
  const now = Date.now();
  const expiresAt = durationMs === null ? null : now + durationMs;
  const notified = member
    ? await notify(
        deps,
        input.userId,
        moderationDmText("ban", await serverName(deps, serverId), reason, expiresAt) ?? "",
      )
    : false;
  await deps.discord.banMember(serverId, input.userId, {
    ...(reason ? { reason } : {}),
    ...(deleteDays ? { deleteMessageSeconds: (deleteDays * day) / 1000 } : {}),
  });
  const created = await recordCase(deps, {
    serverId,
    action: "ban",
    targetId: input.userId,
    targetName: nameOf(user),
    moderatorId: moderator.userId,
    reason,
    durationMs,
    expiresAt,
    createdAt: now,
  });
  if (expiresAt !== null) {
    await deps.jobs.schedule(unbanJob, { caseId: created.id }, expiresAt, {
      dedupeKey: unbanJobKey(created.id),
    });
  }
  return { case: created, notified };
}

export async function kickMember(
  deps: Deps,
  serverId: string,
  moderator: Moderator,
  input: { userId: string; reason?: string | null },
): Promise<ActionResult> {
  const reason = readReason(input.reason);
  const { member } = await prepare(deps, serverId, moderator, input.userId, true);
  const user = (member as MemberInfo).user;
  const notified = await notify(
    deps,
    input.userId,
    moderationDmText("kick", await serverName(deps, serverId), reason, null) ?? "",
  );
  await deps.discord.kickMember(serverId, input.userId, reason ?? undefined);
  const created = await recordCase(deps, {
    serverId,
    action: "kick",
    targetId: input.userId,
    targetName: nameOf(user),
    moderatorId: moderator.userId,
    reason,
    durationMs: null,
    expiresAt: null,
    createdAt: Date.now(),
  });
  return { case: created, notified };
}

export async function timeoutMember(
  deps: Deps,
  serverId: string,
  moderator: Moderator,
  input: { userId: string; duration: string; reason?: string | null },
): Promise<ActionResult> {
  const reason = readReason(input.reason);
  const durationMs = readDuration(input.duration, { min: minute, max: maxTimeoutMs, label: "28 days" });
  const { member } = await prepare(deps, serverId, moderator, input.userId, true);
  const now = Date.now();
  const expiresAt = now + durationMs;
  // Discord lifts the timeout itself at `expiresAt`; the case records when.
  await deps.discord.timeoutMember(serverId, input.userId, expiresAt, reason ?? undefined);
  const created = await recordCase(deps, {
    serverId,
    action: "timeout",
    targetId: input.userId,
    targetName: nameOf((member as MemberInfo).user),
    moderatorId: moderator.userId,
    reason,
    durationMs,
    expiresAt,
    createdAt: now,
  });
  return { case: created, notified: false };
}

export async function warnMember(
  deps: Deps,
  serverId: string,
  moderator: Moderator,
  input: { userId: string; reason: string },
): Promise<ActionResult> {
  const reason = readReason(input.reason, true);
  const { member } = await prepare(deps, serverId, moderator, input.userId, true);
  const notified = await notify(
    deps,
    input.userId,
    moderationDmText("warn", await serverName(deps, serverId), reason, null) ?? "",
  );
  const created = await recordCase(deps, {
    serverId,
    action: "warn",
    targetId: input.userId,
    targetName: nameOf((member as MemberInfo).user),
    moderatorId: moderator.userId,
    reason,
    durationMs: null,
    expiresAt: null,
    createdAt: Date.now(),
  });
  return { case: created, notified };
}

/** Lifts a ban (a temporary one early, too: its scheduled end is cancelled). */
export async function unbanUser(
  deps: Deps,
  serverId: string,
  moderator: Moderator | null,
  input: { userId: string; reason?: string | null },
): Promise<store.ModerationCase> {
  const reason = readReason(input.reason);
  try {
    await deps.discord.unbanMember(serverId, input.userId, reason ?? undefined);
  } catch (error) {
    if (error instanceof DiscordError && (error.code === "unknown_member" || error.code === "unknown_user")) {
      throw notFound(`<@${input.userId}> is not banned from this server.`);
    }
    throw error;
  }
  const now = Date.now();
  for (const open of await store.openTemporaryBans(deps.storage.db, serverId, input.userId)) {
    await store.endCase(deps.storage.db, open.id, now);
    await deps.jobs.cancel(unbanJobKey(open.id));
  }
  const user = await deps.discord.getUser(input.userId);
  return recordCase(deps, {
    serverId,
    action: "unban",
    targetId: input.userId,
    targetName: user ? nameOf(user) : null,
    moderatorId: moderator?.userId ?? null,
    reason,
    durationMs: null,
    expiresAt: null,
    createdAt: now,
  });
}

/** The durable end of a temporary ban: lifts it unless it was lifted already, and logs the case. */
export async function endTemporaryBan(deps: Deps, caseId: number): Promise<void> {
  const ban = await store.findCase(deps.storage.db, caseId);
  if (!ban || ban.endedAt !== null) return;
  try {
    await deps.discord.unbanMember(
      ban.serverId,
      ban.targetId,
      `Temporary ban (case #${ban.caseNumber}) ended`,
    );
  } catch (error) {
    // Someone lifted it in Discord by hand; the case still ends.
    if (!(error instanceof DiscordError && error.code === "unknown_member")) throw error;
  }
  if (!(await store.endCase(deps.storage.db, ban.id, Date.now()))) return;
  await recordCase(deps, {
    serverId: ban.serverId,
    action: "unban",
    targetId: ban.targetId,
    targetName: ban.targetName,
    moderatorId: null,
    reason: `Temporary ban (case #${ban.caseNumber}) ended`,
    durationMs: null,
    expiresAt: null,
    createdAt: Date.now(),
  });
}

/** Lifts every temporary ban of the server still running (a purge is about to delete the cases and jobs). */
export async function liftTemporaryBans(deps: Deps, serverId: string): Promise<number> {
  let lifted = 0;
  for (const ban of await store.openTemporaryBansOfServer(deps.storage.db, serverId)) {
    try {
      await endTemporaryBan(deps, ban.id);
      lifted++;
    } catch (error) {
      deps.logger.warn({ err: error, serverId, caseId: ban.id }, "could not lift a temporary ban");
    }
  }
  return lifted;
}

export const auditPageSize = 10;

/** The case log, newest first, a page at a time (`/mod audit`'s pages of 10, the dashboard's own size). */
export async function listCases(
  deps: Pick<Deps, "storage">,
  serverId: string,
  query: { userId?: string; action?: store.CaseAction; open?: boolean; page?: number; pageSize?: number },
) {
  const page = Math.max(0, query.page ?? 0);
  const size = query.pageSize ?? auditPageSize;
  const result = await store.listCases(deps.storage.db, serverId, {
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.open ? { open: true } : {}),
    offset: page * size,
    limit: size,
  });
  return { ...result, page, pages: Math.max(1, Math.ceil(result.total / size)) };
}

/** One case by its number in the server; 404 when the server has none with it. */
export async function findCaseByNumber(deps: Pick<Deps, "storage">, serverId: string, caseNumber: number) {
  const found = await store.findCaseByNumber(deps.storage.db, serverId, caseNumber);
  if (!found) throw notFound(`This server has no case #${caseNumber}.`);
  return found;
}
