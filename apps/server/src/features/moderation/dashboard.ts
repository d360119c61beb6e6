import type {
  ModerationActionBody,
  ModerationActionResult,
  ModerationCaseDetail,
  ModerationCaseView,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { forbidden, withFieldNames } from "../../lib/errors.ts";
import { type AuditActor, namesOf, recordAudit } from "../audit/service.ts";
import {
  banUser,
  findCaseByNumber,
  kickMember,
  listCases,
  type ModerationCase,
  type Moderator,
  timeoutMember,
  unbanUser,
  warnMember,
} from "./service.ts";

/**
 * The dashboard's side of moderation: the same actions as `/mod` (the service's functions, with
 * their limits and the role-hierarchy checks, the dashboard user as the moderator), each also
 * written to the audit log with the token that did it.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger" | "jobs">;
type Actor = AuditActor & { userId: string };

/** The dashboard user as a moderator: their roles now, so the hierarchy check is the command's. */
async function moderatorOf(ctx: Deps, serverId: string, userId: string): Promise<Moderator> {
  const member = await ctx.discord.getMember(serverId, userId);
  if (!member) throw forbidden("You're no longer a member of this server, so you can't moderate it.");
  return { userId, roleIds: member.roleIds };
}

/** The commands' option names, as the dashboard's body names them. */
const bodyFields = { user: "userId", delete_days: "deleteDays" };
const asBody = <T>(action: () => Promise<T>) => withFieldNames(bodyFields, action);

/** Cases as the dashboard shows them, with their moderators' names. */
export async function caseViews(
  ctx: Pick<AppContext, "discord">,
  serverId: string,
  cases: readonly ModerationCase[],
): Promise<ModerationCaseView[]> {
  const moderators = cases.flatMap((entry) => (entry.moderatorId ? [entry.moderatorId] : []));
  const names = await namesOf(ctx, serverId, moderators);
  return cases.map((entry) => ({
    caseNumber: entry.caseNumber,
    action: entry.action,
    targetId: entry.targetId,
    targetName: entry.targetName,
    moderatorId: entry.moderatorId,
    moderatorName: entry.moderatorId ? (names.get(entry.moderatorId) ?? null) : null,
    reason: entry.reason,
    durationMs: entry.durationMs,
    expiresAt: entry.expiresAt,
    endedAt: entry.endedAt,
    createdAt: entry.createdAt,
  }));
}

export async function listCaseViews(
  ctx: Deps,
  serverId: string,
  query: { userId?: string; action?: ModerationCase["action"]; open?: boolean; page: number; limit: number },
) {
  const result = await listCases(ctx, serverId, { ...query, pageSize: query.limit });
  return { ...result, cases: await caseViews(ctx, serverId, result.cases) };
}

const historySize = 10;

export async function caseDetail(
  ctx: Deps,
  serverId: string,
  caseNumber: number,
): Promise<ModerationCaseDetail> {
  const found = await findCaseByNumber(ctx, serverId, caseNumber);
  const history = await listCases(ctx, serverId, { userId: found.targetId, pageSize: historySize });
  const [view, ...rest] = await caseViews(ctx, serverId, [found, ...history.cases]);
  if (!view) throw new Error("the case vanished");
  return { case: view, history: rest, historyTotal: history.total };
}

/** Ban, kick, time out or warn from the dashboard, exactly as `/mod` does; audited. */
export async function moderateFromDashboard(
  ctx: Deps,
  serverId: string,
  actor: Actor,
  body: ModerationActionBody,
): Promise<ModerationActionResult> {
  const moderator = await moderatorOf(ctx, serverId, actor.userId);
  const input = { userId: body.userId, reason: body.reason ?? null };
  const result = await asBody(() =>
    body.action === "ban"
      ? banUser(ctx, serverId, moderator, {
          ...input,
          duration: body.duration ?? null,
          deleteDays: body.deleteDays ?? null,
        })
      : body.action === "kick"
        ? kickMember(ctx, serverId, moderator, input)
        : body.action === "timeout"
          ? timeoutMember(ctx, serverId, moderator, { ...input, duration: body.duration ?? "" })
          : warnMember(ctx, serverId, moderator, { ...input, reason: body.reason ?? "" }),
  );
  await recordAudit(ctx.storage.db, serverId, actor, `moderation.${body.action}`, {
    userId: body.userId,
    caseNumber: result.case.caseNumber,
  });
  const [view] = await caseViews(ctx, serverId, [result.case]);
  if (!view) throw new Error("the case vanished");
  return { case: view, notified: result.notified };
}

/** Lifts a ban (a temporary one before its end), as `/mod unban`; audited. */
export async function unbanFromDashboard(
  ctx: Deps,
  serverId: string,
  actor: Actor,
  body: { userId: string; reason?: string | null },
): Promise<ModerationCaseView> {
  const moderator = await moderatorOf(ctx, serverId, actor.userId);
  const entry = await asBody(() =>
    unbanUser(ctx, serverId, moderator, { userId: body.userId, reason: body.reason ?? null }),
  );
  await recordAudit(ctx.storage.db, serverId, actor, "moderation.unban", {
    userId: body.userId,
    caseNumber: entry.caseNumber,
  });
  const [view] = await caseViews(ctx, serverId, [entry]);
  if (!view) throw new Error("the case vanished");
  return view;
}
