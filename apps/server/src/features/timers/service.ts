import {
  type BotMessagePreview,
  type CreateTimerBody,
  serverCaps,
  type Timer,
  type TimerPreview,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { cancelledMessage, countdownMessage, endAnnouncement, endedMessage, truncate } from "./messages.ts";
import * as store from "./store.ts";

export const timerEndJob = "timer.end";
export const timerJobKey = (timerId: number) => `timer:${timerId}`;

/** How many finished timers the list shows after the running ones. */
const recentFinished = 20;

/** Discord answers that retrying won't change: the channel or message is gone, or we may not post. */
const permanent = new Set(["unknown_channel", "unknown_message", "unknown_guild", "missing_permissions"]);

/**
 * What starting this timer would post, from the functions `createTimer` and `endTimer` post with
 * (nothing is sent): the countdown, as if started now, and the announcement when it ends. Before the
 * countdown exists its message id is 0 in the announcement's link; the channel is the one chosen, if any.
 */
export function previewTimer(
  serverId: string,
  input: { message: string; duration: number; channelId?: string | undefined },
): TimerPreview {
  const endsAt = Date.now() + input.duration * 1000;
  const countdown: BotMessagePreview = messagePreview(countdownMessage(input.message, endsAt));
  const announcement = messagePreview(
    endAnnouncement({ serverId, channelId: input.channelId ?? "0", messageId: "0", message: input.message }),
  );
  return { countdown, announcement };
}

/**
 * Posts the countdown, stores the timer and schedules its end. The message goes out first (the
 * timer needs its id); if storing fails it is taken down again, and a timer is never left without
 * its end job.
 */
export async function createTimer(
  ctx: AppContext,
  serverId: string,
  actor: AuditActor,
  input: CreateTimerBody,
): Promise<Timer> {
  await requireTextChannel(ctx, serverId, input.channelId, "channelId");
  checkCap(serverCaps.timers, await store.countRunning(ctx.storage.db, serverId));

  const now = Date.now();
  const endsAt = now + input.duration * 1000;
  const sent = await ctx.discord.sendMessage(input.channelId, countdownMessage(input.message, endsAt));

  let row: store.TimerRow;
  try {
    row = await transactionForServer(ctx.storage, serverId, "timers", async (trx) => {
      checkCap(serverCaps.timers, await store.countRunning(trx, serverId));
      const created = await store.insertTimer(trx, {
        server_id: serverId,
        channel_id: input.channelId,
        message: input.message,
        duration: input.duration,
        ends_at: endsAt,
        message_id: sent.id,
        status: "running",
        ended_message_id: null,
        created_by: actor.userId,
        created_at: now,
        finished_at: null,
      });
      await recordAudit(trx, serverId, actor, "timer.create", {
        after: {
          id: created.id,
          channelId: input.channelId,
          duration: input.duration,
          endsAt,
          message: truncate(input.message, 200),
        },
      });
      // In the same transaction: a timer is never stored without the job that ends it.
      await ctx.jobs.schedule(timerEndJob, { timerId: created.id }, endsAt, {
        dedupeKey: timerJobKey(created.id),
        within: trx,
      });
      return created;
    });
  } catch (error) {
    await bestEffort(ctx, "delete the countdown of a timer that was not stored", () =>
      ctx.discord.deleteMessage(input.channelId, sent.id),
    );
    throw error;
  }
  return store.toTimer(row);
}

/** Running timers (soonest end first), then the latest finished ones. */
export async function listTimers(ctx: Pick<AppContext, "storage">, serverId: string): Promise<Timer[]> {
  const rows = await store.listTimers(ctx.storage.db, serverId, recentFinished);
  return rows.map(store.toTimer);
}

/**
 * Cancels a running timer: its end job is dropped and its countdown shows "cancelled". A timer that
 * has ended (or is being announced right now) can't be cancelled: 409.
 */
export async function cancelTimer(
  ctx: AppContext,
  serverId: string,
  actor: AuditActor,
  timerId: number,
): Promise<Timer> {
  const now = Date.now();
  const row = await transactionForServer(ctx.storage, serverId, "timers", async (trx) => {
    const existing = await store.getTimer(trx, serverId, timerId);
    if (!existing) throw notFound("No timer with this id in this server");
    if (!(await store.transition(trx, timerId, ["running"], "cancelled", now))) {
      throw conflict(
        existing.status === "cancelled" ? "The timer is already cancelled" : "The timer has already ended",
      );
    }
    await recordAudit(trx, serverId, actor, "timer.cancel", {
      before: { id: timerId, status: "running", endsAt: existing.ends_at },
      after: { id: timerId, status: "cancelled" },
    });
    return { ...existing, status: "cancelled" as const, finished_at: now };
  });
  // After the commit: should the job already be running, it finds the timer cancelled and stops.
  await ctx.jobs.cancel(timerJobKey(timerId));
  await bestEffort(ctx, "mark a cancelled timer's countdown", () =>
    ctx.discord.editMessage(row.channel_id, row.message_id, cancelledMessage(row.message, now)),
  );
  return store.toTimer(row);
}

/**
 * The `timer.end` job: announces the end in the timer's channel and turns the countdown into "ended".
 * Exactly once: the first step takes the timer from `running` to `ending` in one statement, so a
 * cancelled or already ended timer is left alone; a retry (after a transient Discord failure)
 * resumes an `ending` timer and never posts the announcement twice.
 */
export async function endTimer(ctx: AppContext, timerId: number): Promise<void> {
  const db = ctx.storage.db;
  await store.transition(db, timerId, ["running"], "ending");
  const row = await store.getTimerById(db, timerId);
  if (row?.status !== "ending") return;

  if (row.ended_message_id === null) {
    const sent = await unlessGone(ctx, row, () =>
      ctx.discord.sendMessage(
        row.channel_id,
        endAnnouncement({
          serverId: row.server_id,
          channelId: row.channel_id,
          messageId: row.message_id,
          message: row.message,
        }),
      ),
    );
    if (sent) await store.setEndedMessage(db, row.id, sent.id);
  }
  await unlessGone(ctx, row, () =>
    ctx.discord.editMessage(row.channel_id, row.message_id, endedMessage(row.message, row.ends_at)),
  );
  await store.transition(db, row.id, ["ending"], "ended", Date.now());
}

/** Runs a Discord call; a permanent refusal (channel or message deleted, no permission) is logged and skipped. */
async function unlessGone<T>(
  ctx: Pick<AppContext, "logger">,
  row: store.TimerRow,
  call: () => Promise<T>,
): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DiscordError && permanent.has(error.code)) {
      ctx.logger.warn({ timerId: row.id, code: error.code }, "timer end: Discord refused; skipped");
      return null;
    }
    throw error;
  }
}

/** Runs a Discord call whose failure must not undo what is already committed. */
async function bestEffort(ctx: Pick<AppContext, "logger">, what: string, call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    ctx.logger.warn({ err: error instanceof Error ? error.message : String(error) }, `could not ${what}`);
  }
}
