import { type BotMessagePreview, birthdayLimits, validateTemplate } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { requireRole, requireTextChannel } from "../../discord/port/validate.ts";
import { botRoleProblem, loadHierarchy } from "../../discord/roles/hierarchy.ts";
import { describeRefusal, judgeRole, loadActor, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { badRequest } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { sampleMember } from "../welcome/service.ts";
import { birthdayAnnouncement } from "./announce.ts";
import {
  ageIn,
  canonicalTimeZone,
  daysInMonth,
  formatBirthday,
  isLeapYear,
  localParts,
  nextBirthday,
} from "./calendar.ts";
import { announceJobKey, scheduleAnnouncement } from "./schedule.ts";
import * as store from "./store.ts";

export { announceBirthday, removeBirthdayRole, scheduleOverdueBirthdays } from "./announce.ts";
export {
  announceJobKey,
  announceJobKind,
  defaultBirthdayMessage,
  roleJobKind,
  scheduleAnnouncement,
} from "./schedule.ts";
export type { Birthday, BirthdaySettings } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

export { birthdayLimits };

export interface BirthdayInput {
  month: number;
  day: number;
  year?: number | null;
  /** Leave out to keep the saved one (UTC for a first birthday). */
  timezone?: string | null;
  showAge?: boolean;
}

function validDate(input: BirthdayInput, now: number) {
  const { month, day } = input;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw badRequest("month must be a whole number from 1 to 12.", "month");
  }
  // 2024 is a leap year: 29 February is a valid birthday.
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(month, 2024)) {
    throw badRequest(
      `day must be from 1 to ${daysInMonth(month, 2024)} in ${formatBirthday(month, 1).slice(2)}.`,
      "day",
    );
  }
  const year = input.year ?? null;
  if (year !== null) {
    const thisYear = new Date(now).getUTCFullYear();
    if (!Number.isInteger(year) || year < birthdayLimits.minYear || year > thisYear) {
      throw badRequest(`year must be from ${birthdayLimits.minYear} to ${thisYear}.`, "year");
    }
    if (month === 2 && day === 29 && !isLeapYear(year)) {
      throw badRequest(`${year} was not a leap year, so it had no 29 February.`, "day");
    }
  }
  if (input.showAge && year === null) {
    throw badRequest("show_age needs your birth **year** so Hearth can work out your age.", "show_age");
  }
  return { month, day, year, showAge: input.showAge === true && year !== null };
}

/** A member saves (or replaces) their birthday; its announcement job is scheduled for its next midnight. */
export async function setBirthday(
  ctx: Deps,
  serverId: string,
  userId: string,
  input: BirthdayInput,
  now = Date.now(),
): Promise<store.Birthday> {
  const date = validDate(input, now);
  const previous = await store.findBirthday(ctx.storage.db, serverId, userId);
  let timezone = previous?.timezone ?? "UTC";
  if (input.timezone !== undefined && input.timezone !== null && input.timezone.trim() !== "") {
    const canonical = canonicalTimeZone(input.timezone);
    if (!canonical) {
      throw badRequest(
        `"${input.timezone.slice(0, 64)}" isn't a time zone I know. Use an IANA name such as Europe/London, America/New_York or Asia/Tokyo.`,
        "timezone",
      );
    }
    timezone = canonical;
  }
  const next = nextBirthday(date.month, date.day, timezone, now);
  await store.upsertBirthday(ctx.storage.db, {
    server_id: serverId,
    user_id: userId,
    month: date.month,
    day: date.day,
    year: date.year,
    show_age: date.showAge ? 1 : 0,
    timezone,
    next_at: next.at,
    last_announced_year: null,
    delivered_year: null,
    created_at: now,
    updated_at: now,
  });
  if (previous && previous.nextAt !== next.at) {
    await ctx.jobs.cancel(announceJobKey(serverId, userId, previous.nextAt));
  }
  await scheduleAnnouncement(ctx, serverId, userId, next);
  const saved = await store.findBirthday(ctx.storage.db, serverId, userId);
  if (!saved) throw new Error("birthday vanished after saving");
  return saved;
}

/** Forgets a member's birthday entirely (the privacy page promises `/birthday remove` does). */
export async function removeBirthday(ctx: Deps, serverId: string, userId: string): Promise<boolean> {
  const previous = await store.findBirthday(ctx.storage.db, serverId, userId);
  if (!previous) return false;
  await store.deleteBirthday(ctx.storage.db, serverId, userId);
  await ctx.jobs.cancel(announceJobKey(serverId, userId, previous.nextAt));
  return true;
}

export async function findBirthday(ctx: Pick<AppContext, "storage">, serverId: string, userId: string) {
  return store.findBirthday(ctx.storage.db, serverId, userId);
}

export interface UpcomingBirthday {
  userId: string;
  /** `20 July`; the observed day (28 February for 29 February) in the year it next falls. */
  date: string;
  /** When it next starts, ms. */
  at: number;
  /** The age they turn, only when they chose to show it. */
  age: number | null;
  timezone: string;
}

/** The next birthdays of the server, soonest first (10 by default). */
export async function upcomingBirthdays(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  limit: number = birthdayLimits.listSize,
): Promise<{ upcoming: UpcomingBirthday[]; total: number }> {
  const rows = await store.listUpcoming(ctx.storage.db, serverId, limit);
  const total = await store.countBirthdays(ctx.storage.db, serverId);
  const upcoming = rows.map((row) => {
    const local = localParts(row.nextAt, row.timezone);
    return {
      userId: row.userId,
      date: formatBirthday(local.month, local.day),
      at: row.nextAt,
      age: row.showAge && row.year !== null ? ageIn(row.year, local.year) : null,
      timezone: row.timezone,
    };
  });
  return { upcoming, total };
}

/** A setup's message, trimmed (null: the default), refused when too long or using unknown tags. */
function checkedMessage(input: string | null | undefined): string | null {
  const message = input?.trim() ? input.trim() : null;
  if (message === null) return null;
  if (message.length > birthdayLimits.messageMax) {
    throw badRequest(`message can be at most ${birthdayLimits.messageMax} characters.`, "message");
  }
  const problems = validateTemplate(message);
  if (problems.length > 0) {
    const list = problems
      .slice(0, 3)
      .map((problem) => `${problem.tag}${problem.suggestion ? ` (did you mean ${problem.suggestion}?)` : ""}`)
      .join(", ");
    throw badRequest(`message uses tags I don't know: ${list}.`, "message");
  }
  return message;
}

export interface BirthdaySetupInput {
  channelId: string;
  roleId?: string | null;
  message?: string | null;
}

/** Staff choose the channel, the message and the role for the day; each run replaces the setup. */
export async function configureBirthdays(
  ctx: Deps,
  serverId: string,
  actor: AuditActor,
  input: BirthdaySetupInput,
  now = Date.now(),
): Promise<{ settings: store.BirthdaySettings; roleWarning: string | null }> {
  await requireTextChannel(ctx, serverId, input.channelId, "channel");
  let roleWarning: string | null = null;
  if (input.roleId) {
    const role = await requireRole(ctx, serverId, input.roleId, "role");
    // The role-safety rule; only the bot's own reach may be fixed later (a warning, as before).
    const verdict = judgeRole(
      await loadRoleScene(ctx, serverId),
      role.id,
      actor.userId ? await loadActor(ctx, serverId, actor.userId) : undefined,
    );
    if (!verdict.safe && verdict.refusal !== "above-bot" && verdict.refusal !== "bot-cannot-manage-roles") {
      throw badRequest(`role: ${describeRefusal(verdict, role.id)}`, "role");
    }
    roleWarning = botRoleProblem(await loadHierarchy(ctx, serverId), serverId, role);
  }
  const message = checkedMessage(input.message);
  await ctx.storage.db.transaction().execute(async (trx) => {
    await store.saveSettings(trx, {
      server_id: serverId,
      channel_id: input.channelId,
      role_id: input.roleId ?? null,
      message,
      updated_at: now,
    });
    await recordAudit(trx, serverId, actor, "birthdays.setup", {
      channelId: input.channelId,
      roleId: input.roleId ?? null,
      customMessage: message !== null,
    });
  });
  const settings = await store.findSettings(ctx.storage.db, serverId);
  if (!settings) throw new Error("birthday settings vanished after saving");
  return { settings, roleWarning };
}

export async function getBirthdaySettings(ctx: Pick<AppContext, "storage">, serverId: string) {
  return store.findSettings(ctx.storage.db, serverId);
}

/**
 * Staff remove a member's saved birthday (a joke entry, a member's request): the same removal as
 * `/birthday remove`, audited with who did it. False when none was saved.
 */
export async function removeMemberBirthday(
  ctx: Deps,
  serverId: string,
  actor: AuditActor,
  userId: string,
): Promise<boolean> {
  const removed = await removeBirthday(ctx, serverId, userId);
  if (removed) await recordAudit(ctx.storage.db, serverId, actor, "birthdays.remove", { userId });
  return removed;
}

/**
 * The announcement the bot would post for `userId`'s birthday with this message (the saved one when
 * left out), built by the job's own function; their age shows if they chose to show it.
 */
export async function previewBirthdayAnnouncement(
  ctx: Deps,
  serverId: string,
  userId: string,
  message: string | null | undefined,
  now = Date.now(),
): Promise<BotMessagePreview> {
  const template =
    message === undefined
      ? ((await store.findSettings(ctx.storage.db, serverId))?.message ?? null)
      : checkedMessage(message);
  const member = await sampleMember(ctx, serverId, userId);
  const saved = await store.findBirthday(ctx.storage.db, serverId, userId);
  const age =
    saved?.showAge && saved.year !== null
      ? ageIn(saved.year, localParts(saved.nextAt, saved.timezone).year)
      : null;
  return messagePreview(await birthdayAnnouncement(ctx, serverId, member, template, age, now));
}
