import {
  type CreateGiveawayBody,
  type GiveawaySchedule,
  type GiveawaySettings,
  giveawaySettings,
  nextRecurrenceAfter,
  serverCaps,
  type UpdateGiveawayScheduleBody,
} from "@hearth/core";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { checkCap } from "../../lib/caps.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { checkReminderFits, checkSettings, countTowardCap, pingRoleFor, postGiveaway } from "./create.ts";
import { giveawayListsChanged } from "./queries.ts";
import * as scheduleStore from "./schedule-store.ts";

/**
 * Scheduled starts and recurring series. Each run is posted by a durable job (`giveaway.start`,
 * one per schedule and run number, scheduled in the transaction that sets the run's time), and the
 * run's giveaway is stored with its schedule and run number under a unique index: a run is posted
 * once however often its job runs (a retried post reuses its nonce, so Discord hands back the
 * message an attempt that died after posting made).
 */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;
type Trx = Transaction<Database>;

export const startJobKind = "giveaway.start";
/**
 * One key per run and start time: moving a run schedules a new job in the edit's transaction and
 * leaves the old one to find the run moved (a no-op; it is cancelled after the edit commits).
 */
const startJobKey = (scheduleId: number, run: number, at: number) =>
  `giveaway-start:${scheduleId}:${run}:${at}`;
/** At most 25 characters: `gs<id>r<run>`. */
const runNonce = (scheduleId: number, run: number) => `gs${scheduleId}r${run}`.slice(0, 25);

const minute = 60_000;
/** How far ahead a start may be scheduled. */
const maxLeadMs = 366 * 86_400_000;
/** Settings an edit removes with null. */
const nullableSettings = new Set(["winnersChannelId", "claimWindow", "maxEntries", "reminderBefore"]);
const scheduleNotFound = () => notFound("No such scheduled giveaway in this server");

function checkStart(startsAt: number, now: number, field = "startsAt"): void {
  if (startsAt < now + minute) throw badRequest(`${field}: must be at least a minute in the future`, field);
  if (startsAt > now + maxLeadMs) throw badRequest(`${field}: must be at most a year away`, field);
}

async function scheduleRun(
  ctx: Deps,
  trx: Trx,
  serverId: string,
  scheduleId: number,
  run: number,
  at: number,
) {
  await ctx.jobs.schedule(startJobKind, { serverId, scheduleId, run }, at, {
    dedupeKey: startJobKey(scheduleId, run, at),
    maxAttempts: 10,
    within: trx,
  });
}

/** Stores a giveaway to be posted later (`startsAt`) or again and again (`recurrence`). */
export async function createSchedule(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  body: CreateGiveawayBody,
): Promise<GiveawaySchedule> {
  const now = Date.now();
  const startsAt = body.startsAt ?? now;
  if (body.startsAt !== undefined) checkStart(body.startsAt, now);
  const settings = giveawaySettings.parse({ ...body, duration: body.duration });
  checkCap(serverCaps.giveaways, await countTowardCap(ctx.storage.db, serverId));
  await checkSettings(ctx, serverId, settings);
  const schedule = await transactionForServer(ctx.storage, serverId, "giveaways", async (trx) => {
    checkCap(serverCaps.giveaways, await countTowardCap(trx, serverId));
    const created = await scheduleStore.insertSchedule(trx, {
      serverId,
      settings,
      recurrence: body.recurrence ?? null,
      nextRunAt: startsAt,
      createdBy: actor.userId,
      createdAt: now,
    });
    await scheduleRun(ctx, trx, serverId, created.id, 1, startsAt);
    await recordAudit(trx, serverId, actor, "giveaway.schedule", {
      scheduleId: created.id,
      prize: settings.prize,
      channelId: settings.channelId,
      startsAt,
      recurrence: body.recurrence ?? null,
    });
    return created;
  });
  giveawayListsChanged();
  return describeSchedule(ctx, schedule, []);
}

async function describeSchedule(
  ctx: Deps,
  schedule: scheduleStore.Schedule,
  runs: Awaited<ReturnType<typeof scheduleStore.listRuns>>,
): Promise<GiveawaySchedule> {
  return {
    id: String(schedule.id),
    status: schedule.status,
    recurrence: schedule.recurrence,
    nextRunAt: schedule.status === "scheduled" || schedule.status === "paused" ? schedule.nextRunAt : null,
    runs: schedule.runs,
    createdBy: schedule.createdBy,
    createdAt: schedule.createdAt,
    settings: schedule.settings,
    pingRoleId: await pingRoleFor(ctx, schedule.serverId, schedule.settings),
    pastRuns: runs
      .filter((run) => run.scheduleId === schedule.id)
      .map((run) => ({
        messageId: run.messageId,
        runNumber: run.runNumber,
        active: run.status === "active",
        endTime: run.endTime,
        entries: run.entries,
        winners: run.winners,
      })),
  };
}

/** The server's scheduled starts and series, each with its latest 10 runs. */
export async function listSchedules(ctx: Deps, serverId: string): Promise<GiveawaySchedule[]> {
  const schedules = await scheduleStore.listSchedules(ctx.storage.db, serverId);
  const runs = await scheduleStore.listRuns(
    ctx.storage.db,
    schedules.map((schedule) => schedule.id),
    10,
  );
  return Promise.all(schedules.map((schedule) => describeSchedule(ctx, schedule, runs)));
}

export async function getSchedule(ctx: Deps, serverId: string, id: number): Promise<GiveawaySchedule> {
  const schedule = await scheduleStore.findSchedule(ctx.storage.db, serverId, id);
  if (!schedule) throw scheduleNotFound();
  return describeSchedule(ctx, schedule, await scheduleStore.listRuns(ctx.storage.db, [id], 10));
}

/**
 * Edits what the next run uses (settings, start, recurrence), or pauses and resumes. A new start
 * time moves the run's job; resuming a series past its time starts the next run still ahead.
 */
export async function updateSchedule(
  ctx: Deps,
  serverId: string,
  id: number,
  actor: AuditActor,
  body: UpdateGiveawayScheduleBody,
): Promise<GiveawaySchedule> {
  const now = Date.now();
  if (body.startsAt !== undefined) checkStart(body.startsAt, now);
  const { startsAt, recurrence, paused, ...patch } = body;
  await checkSettings(ctx, serverId, {
    ...patch,
    winnersChannelId: patch.winnersChannelId ?? undefined,
    claimWindow: patch.claimWindow ?? undefined,
    maxEntries: patch.maxEntries ?? undefined,
    reminderBefore: patch.reminderBefore ?? undefined,
  });
  const stale = await transactionForServer(ctx.storage, serverId, "giveaways", async (trx) => {
    const current = await scheduleStore.findSchedule(trx, serverId, id, {
      dialect: ctx.storage.dialect,
      lock: true,
    });
    if (!current) throw scheduleNotFound();
    if (current.status !== "scheduled" && current.status !== "paused") {
      throw conflict("This giveaway has started or was cancelled; it can't be edited any more");
    }
    if (paused !== undefined && current.recurrence === null && recurrence === undefined) {
      throw badRequest("paused: only a recurring giveaway can be paused; cancel a scheduled one", "paused");
    }
    const merged: Record<string, unknown> = { ...current.settings };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (value === null && nullableSettings.has(key)) delete merged[key];
      else merged[key] = value;
    }
    const settings: GiveawaySettings = giveawaySettings.parse(merged);
    checkReminderFits(settings.reminderBefore, settings.duration);
    const nextRecurrence = recurrence === undefined ? current.recurrence : recurrence;
    const status = paused === undefined ? current.status : paused ? "paused" : "scheduled";
    let nextRunAt = startsAt ?? current.nextRunAt ?? now;
    if (status === "scheduled" && nextRunAt < now + 5_000) {
      // Resumed past its time: a series goes on with its next run still ahead.
      nextRunAt = nextRecurrence ? nextRecurrenceAfter(nextRunAt, nextRecurrence, now) : now + minute;
    }
    const run = current.runs + 1;
    await scheduleStore.updateSchedule(
      trx,
      id,
      { settings, recurrence: nextRecurrence, status, nextRunAt },
      now,
    );
    // The run's job moves with it (a new key); a paused series has none until resumed.
    const previousKey =
      current.status === "scheduled" && current.nextRunAt !== null
        ? startJobKey(id, run, current.nextRunAt)
        : null;
    const moved = status !== "scheduled" || nextRunAt !== current.nextRunAt;
    if (status === "scheduled" && (moved || current.status !== "scheduled")) {
      await scheduleRun(ctx, trx, serverId, id, run, nextRunAt);
    }
    await recordAudit(trx, serverId, actor, "giveaway.schedule.update", {
      scheduleId: id,
      prize: settings.prize,
      status,
      nextRunAt,
      changed: Object.keys(body),
    });
    return moved ? previousKey : null;
  });
  // The old job would find the run moved and do nothing; it is dropped to keep the queue tidy.
  if (stale) await ctx.jobs.cancel(stale).catch(() => false);
  giveawayListsChanged();
  return getSchedule(ctx, serverId, id);
}

/** Cancels a scheduled start, or stops a series (its past runs stay). */
export async function cancelSchedule(
  ctx: Deps,
  serverId: string,
  id: number,
  actor: AuditActor,
): Promise<void> {
  const now = Date.now();
  const run = await transactionForServer(ctx.storage, serverId, "giveaways", async (trx) => {
    const current = await scheduleStore.findSchedule(trx, serverId, id, {
      dialect: ctx.storage.dialect,
      lock: true,
    });
    if (!current) throw scheduleNotFound();
    if (current.status !== "scheduled" && current.status !== "paused") {
      throw conflict("This giveaway has already started or was cancelled");
    }
    await scheduleStore.updateSchedule(
      trx,
      id,
      { status: current.runs > 0 ? "done" : "cancelled", nextRunAt: null },
      now,
    );
    await recordAudit(
      trx,
      serverId,
      actor,
      current.recurrence ? "giveaway.series.stop" : "giveaway.schedule.cancel",
      {
        scheduleId: id,
        prize: current.settings.prize,
        runs: current.runs,
      },
    );
    return current.nextRunAt === null ? null : startJobKey(id, current.runs + 1, current.nextRunAt);
  });
  // The job would find the schedule cancelled and do nothing; dropped to keep the queue tidy.
  if (run) await ctx.jobs.cancel(run).catch(() => false);
  giveawayListsChanged();
}

/**
 * The start job: posts run `run` of the schedule once. Nothing happens when the run was posted
 * already (a repeated job), the schedule was paused, cancelled or moved (its job moved too).
 */
export async function startScheduledRun(ctx: Deps, serverId: string, id: number, run: number): Promise<void> {
  const now = Date.now();
  const schedule = await scheduleStore.findSchedule(ctx.storage.db, serverId, id);
  if (schedule?.status !== "scheduled" || schedule.runs >= run) return;
  if (schedule.nextRunAt !== null && schedule.nextRunAt > now + 5_000) return;
  const start = now;
  const endTime = start + schedule.settings.duration * 1000;
  const actor = { tokenId: null, userId: schedule.createdBy };
  const advance = async (trx: Trx) => {
    const current = await scheduleStore.findSchedule(trx, serverId, id, {
      dialect: ctx.storage.dialect,
      lock: true,
    });
    if (current?.status !== "scheduled" || current.runs >= run) {
      throw conflict("This run was started already");
    }
    const next = current.recurrence
      ? nextRecurrenceAfter(current.nextRunAt ?? start, current.recurrence, now)
      : null;
    await scheduleStore.updateSchedule(
      trx,
      id,
      { runs: run, status: next === null ? "done" : "scheduled", nextRunAt: next },
      now,
    );
    if (next !== null) await scheduleRun(ctx, trx, serverId, id, run + 1, next);
  };
  try {
    await postGiveaway(
      ctx,
      serverId,
      actor,
      { ...schedule.settings, endTime },
      {
        run: { scheduleId: id, number: run, onStored: (trx) => advance(trx) },
        nonce: runNonce(id, run),
        // A one-off start held its place in the cap since it was scheduled; a series' run adds one.
        checkCap: schedule.recurrence !== null,
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409 && /started already/.test(error.message))
      return;
    if (error instanceof AppError && error.statusCode < 500) {
      // A run that can't be posted (the channel is gone, the cap is reached): this run is skipped,
      // the series goes on, and the audit log says why.
      await skipRun(ctx, schedule, run, error.message);
      return;
    }
    throw error;
  }
}

async function skipRun(ctx: Deps, schedule: scheduleStore.Schedule, run: number, reason: string) {
  const now = Date.now();
  ctx.logger.warn({ scheduleId: schedule.id, run, reason }, "a scheduled giveaway run could not be posted");
  await transactionForServer(ctx.storage, schedule.serverId, "giveaways", async (trx) => {
    const current = await scheduleStore.findSchedule(trx, schedule.serverId, schedule.id, {
      dialect: ctx.storage.dialect,
      lock: true,
    });
    if (current?.status !== "scheduled" || current.runs >= run) return;
    const next = current.recurrence
      ? nextRecurrenceAfter(current.nextRunAt ?? now, current.recurrence, now)
      : null;
    await scheduleStore.updateSchedule(
      trx,
      schedule.id,
      { runs: run, status: next === null ? "cancelled" : "scheduled", nextRunAt: next },
      now,
    );
    if (next !== null) await scheduleRun(ctx, trx, schedule.serverId, schedule.id, run + 1, next);
    await recordAudit(trx, schedule.serverId, { tokenId: null, userId: null }, "giveaway.schedule.skip", {
      scheduleId: schedule.id,
      prize: current.settings.prize,
      run,
      reason,
    });
  });
  giveawayListsChanged();
}
