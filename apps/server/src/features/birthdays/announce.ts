import { renderTemplate } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { templateContextFor } from "../../discord/people/template-context.ts";
import { DiscordError, type MemberInfo, type OutgoingMessage } from "../../discord/port/port.ts";
import { AppError } from "../../lib/errors.ts";
import { giveRoleSafely } from "../audit/service.ts";
import { ageIn, localParts, nextBirthday } from "./calendar.ts";
import { defaultBirthdayMessage, roleJobKey, roleJobKind, scheduleAnnouncement } from "./schedule.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

const day = 86_400_000;
const contentMax = 2000;

export interface AnnounceJob {
  serverId: string;
  userId: string;
  /** When the birthday started (local midnight), ms. */
  at: number;
  /** The calendar year of that birthday. */
  year: number;
}

/**
 * What a run of the announcement job did: `announced`; `stale` (already announced this year, the
 * birthday was changed or removed — nothing to do); `late` (more than a day late, e.g. Hearth was
 * down the whole day: skipped rather than announced on the wrong day); `no-setup` (the server chose
 * no birthday channel); `member-gone` (they left); `failed` (Discord refused for good: logged).
 */
export type AnnounceOutcome = "announced" | "stale" | "late" | "no-setup" | "member-gone" | "failed";

const isTransient = (error: unknown) =>
  !(error instanceof DiscordError || error instanceof AppError) ||
  (error instanceof DiscordError && (error.code === "unavailable" || error.code === "rate_limited"));

/**
 * The birthday job: claims this year's announcement once (moving the birthday on to next year and
 * scheduling that job), then posts the message and gives the role for 24 hours. A job that runs
 * late — the worker was down at midnight — still announces, once, while the day lasts. A transient
 * Discord failure throws, so the queue retries the delivery (the claim is not taken again).
 */
export async function announceBirthday(
  ctx: Deps,
  job: AnnounceJob,
  now = Date.now(),
): Promise<AnnounceOutcome> {
  const key = { serverId: job.serverId, userId: job.userId };
  const row = await store.findBirthday(ctx.storage.db, job.serverId, job.userId);
  if (!row) return "stale";
  if (row.nextAt === job.at && (row.lastAnnouncedYear ?? Number.NEGATIVE_INFINITY) < job.year) {
    const next = nextBirthday(row.month, row.day, row.timezone, job.at);
    if (!(await store.claimAnnouncement(ctx.storage.db, key, job.at, job.year, next.at))) return "stale";
    await scheduleAnnouncement(ctx, job.serverId, job.userId, next);
  } else {
    // A retry of a delivery that failed after its claim: this job claimed it if the birthday moved on
    // from exactly this start.
    const retrying =
      row.lastAnnouncedYear === job.year &&
      row.deliveredYear !== job.year &&
      nextBirthday(row.month, row.day, row.timezone, job.at).at === row.nextAt;
    if (!retrying) return "stale";
  }
  const outcome = await deliver(ctx, row, job, now);
  await store.markDelivered(ctx.storage.db, key, job.year);
  return outcome;
}

async function deliver(
  ctx: Deps,
  row: store.Birthday,
  job: AnnounceJob,
  now: number,
): Promise<AnnounceOutcome> {
  const log = { serverId: job.serverId, userId: job.userId, year: job.year };
  if (now - job.at >= day) {
    ctx.logger.info({ ...log, lateMs: now - job.at }, "birthday announcement skipped: the day is over");
    return "late";
  }
  const settings = await store.findSettings(ctx.storage.db, job.serverId);
  if (!settings) return "no-setup";
  try {
    const member = await ctx.discord.getMember(job.serverId, job.userId);
    if (!member) return "member-gone";
    const age = row.showAge && row.year !== null ? ageIn(row.year, job.year) : null;
    await ctx.discord.sendMessage(
      settings.channelId,
      await birthdayAnnouncement(ctx, job.serverId, member, settings.message, age, now),
    );
  } catch (error) {
    if (isTransient(error)) throw error;
    ctx.logger.warn({ ...log, err: error }, "could not announce a birthday");
    return "failed";
  }
  if (settings.roleId) await giveRole(ctx, job, settings.roleId);
  return "announced";
}

/**
 * The announcement of a member's birthday: the server's message (the default when none, or when it
 * renders empty) with their details and age, cut to Discord's 2000 characters, pinging only them.
 * The job posts it and the dashboard's preview shows it.
 */
export async function birthdayAnnouncement(
  ctx: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  member: MemberInfo,
  template: string | null,
  age: number | null,
  now = Date.now(),
): Promise<OutgoingMessage> {
  const context = { ...(await templateContextFor(ctx, serverId, member, now)), birthday: { age } };
  const rendered = renderTemplate(template ?? defaultBirthdayMessage, context).trim();
  const content = rendered === "" ? renderTemplate(defaultBirthdayMessage, context) : rendered;
  return {
    content: content.length > contentMax ? `${content.slice(0, contentMax - 1)}…` : content,
    allowedMentions: { users: [member.user.id] },
  };
}

/** The birthday role, until 24 hours after the birthday started; a failure costs only the role. */
async function giveRole(ctx: Deps, job: AnnounceJob, roleId: string): Promise<void> {
  try {
    const given = await giveRoleSafely(ctx, job.serverId, {
      feature: "birthdays",
      userId: job.userId,
      roleId,
      reason: "Birthday",
    });
    if (!given.safe) return;
  } catch (error) {
    ctx.logger.warn(
      { err: error, serverId: job.serverId, userId: job.userId, roleId },
      "could not give the birthday role",
    );
    return;
  }
  await ctx.jobs.schedule(roleJobKind, { serverId: job.serverId, userId: job.userId, roleId }, job.at + day, {
    dedupeKey: roleJobKey(job.serverId, job.userId, job.year),
    maxAttempts: 10,
  });
}

/** The role job: takes the birthday role back. Gone member or role: nothing to do. */
export async function removeBirthdayRole(
  ctx: Deps,
  job: { serverId: string; userId: string; roleId: string },
): Promise<"removed" | "gone" | "failed"> {
  try {
    await ctx.discord.removeMemberRole(job.serverId, job.userId, job.roleId, "Birthday is over");
    return "removed";
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    if (["unknown_member", "unknown_role", "unknown_guild", "unknown_user"].includes(error.code))
      return "gone";
    if (error.code === "missing_permissions") {
      ctx.logger.warn({ err: error, ...job }, "could not take back the birthday role");
      return "failed";
    }
    throw error;
  }
}

/**
 * Start-up safety net: a birthday whose start has passed with no announcement claimed gets its job
 * again, due now (the queue normally keeps it across restarts; this covers a lost one). The dedupe
 * key and the claim make a duplicate harmless.
 */
export async function scheduleOverdueBirthdays(ctx: Pick<AppContext, "storage" | "jobs">, now = Date.now()) {
  const overdue = await store.listOverdue(ctx.storage.db, now);
  for (const row of overdue) {
    const year = localParts(row.nextAt, row.timezone).year;
    await scheduleAnnouncement(ctx, row.serverId, row.userId, { at: row.nextAt, year }, now);
  }
  return overdue.length;
}
