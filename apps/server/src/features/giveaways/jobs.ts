import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { claimExpiryJobKind, expireClaims } from "./claims.ts";
import { reminderJobKind, remindGiveaway } from "./reminder.ts";
import {
  announceDraw,
  announceJobKind,
  endGiveaway,
  endJobKey,
  endJobKind,
  secureRandomInt,
  startJobKind,
  startScheduledRun,
} from "./service.ts";
import * as store from "./store.ts";

const endPayload = z.object({ serverId: z.string(), giveawayId: z.string() });
/** `by: "entries"`: the end of a giveaway that took its last entry (see entries.ts). */
const endJobPayload = endPayload.extend({ by: z.enum(["schedule", "entries"]).default("schedule") });
const remindPayload = endPayload.extend({ at: z.number().int() });
const claimsPayload = endPayload.extend({ deadline: z.number().int() });
const startPayload = z.object({ serverId: z.string(), scheduleId: z.number().int(), run: z.number().int() });
const announcePayload = endPayload.extend({ draw: z.number().int(), attempt: z.number().int().default(1) });

/** Registers this feature's job handlers on the queue. */
export function registerGiveawayJobs(ctx: AppContext): void {
  ctx.jobs.register(endJobKind, async (payload) => {
    const { serverId, giveawayId, by } = endJobPayload.parse(payload);
    try {
      await endGiveaway(ctx, serverId, giveawayId, { by });
    } catch (error) {
      // Ended by hand a moment earlier, or deleted: nothing left to do.
      if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) return;
      throw error;
    }
  });
  ctx.jobs.register(startJobKind, async (payload) => {
    const { serverId, scheduleId, run } = startPayload.parse(payload);
    await startScheduledRun(ctx, serverId, scheduleId, run);
  });
  ctx.jobs.register(announceJobKind, async (payload) => {
    const { serverId, giveawayId, draw, attempt } = announcePayload.parse(payload);
    await announceDraw(ctx, serverId, giveawayId, draw, attempt);
  });
  ctx.jobs.register(reminderJobKind, async (payload) => {
    const { serverId, giveawayId, at } = remindPayload.parse(payload);
    await remindGiveaway(ctx, serverId, giveawayId, at);
  });
  ctx.jobs.register(claimExpiryJobKind, async (payload) => {
    const { serverId, giveawayId, deadline } = claimsPayload.parse(payload);
    await expireClaims(ctx, serverId, giveawayId, secureRandomInt, deadline);
  });
  void scheduleOverdueEnds(ctx).catch((error: unknown) =>
    ctx.logger.warn({ err: error }, "could not check for overdue giveaways"),
  );
}

/**
 * Start-up safety net: an active giveaway past its end without a live end job gets one, due now. Its
 * own job normally exists (the queue survives restarts); this covers a lost one, e.g. a crash between
 * storing the giveaway and scheduling its end. Racing a job that just finished costs one no-op job.
 */
export async function scheduleOverdueEnds(ctx: Pick<AppContext, "storage" | "jobs">): Promise<number> {
  const now = Date.now();
  const overdue = await store.listOverdue(ctx.storage.db, now, endJobKey);
  for (const { serverId, messageId } of overdue) {
    await ctx.jobs.schedule(endJobKind, { serverId, giveawayId: messageId }, now, {
      dedupeKey: endJobKey(messageId),
      maxAttempts: 10,
    });
  }
  return overdue.length;
}
