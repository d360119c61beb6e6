import { randomInt } from "node:crypto";
import {
  type CreateGiveawayBody,
  drawWinners,
  type GiveawayDetail,
  type GiveawaySchedule,
  type RandomInt,
  type RerollGiveawayResponse,
  serverCaps,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { announceDrawNow, scheduleAnnounceCheck } from "./announce.ts";
import { scheduleClaimExpiry } from "./claims.ts";
import {
  checkEndTime,
  checkReminderFits,
  checkSettings,
  countTowardCap,
  endJobKey,
  postGiveaway,
} from "./create.ts";
import * as entryStore from "./entry-store.ts";
import { getGiveawayDetail, giveawayListsChanged, giveawayNotFound, toWinner } from "./queries.ts";
import { createSchedule } from "./schedules.ts";
import { screenGiveawayDraw } from "./screening.ts";
import * as store from "./store.ts";

export { announceDraw, announceJobKind } from "./announce.ts";
export { endJobKey, endJobKind } from "./create.ts";
export { pauseGiveaway, resumeGiveaway } from "./pause.ts";
export { listServerGiveaways } from "./queries.ts";
export {
  cancelSchedule,
  listSchedules,
  startJobKind,
  startScheduledRun,
  updateSchedule,
} from "./schedules.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

/** Cryptographically secure tickets for every real draw (the pure draw takes its randomness in). */
export const secureRandomInt: RandomInt = (maxExclusive) => randomInt(maxExclusive);

const gate = (messageId: string) => `giveaway:${messageId}`;
const ended = () => conflict("This giveaway has already ended");

/**
 * Posts the giveaway with its Enter button (pinging its role: the chosen one, else the events ping
 * role), stores it and schedules its end. With `startsAt` or `recurrence` use `createOrSchedule`.
 */
export async function createGiveaway(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  body: CreateGiveawayBody,
): Promise<GiveawayDetail> {
  const now = Date.now();
  const endTime = checkEndTime(
    body.duration !== undefined ? now + body.duration * 1000 : (body.endTime as number),
    now,
  );
  // Checked before posting (a refused create posts nothing) and again in the write's transaction.
  checkCap(serverCaps.giveaways, await countTowardCap(ctx.storage.db, serverId));
  await checkSettings(ctx, serverId, body);
  const {
    duration: _duration,
    endTime: _endTime,
    startsAt: _startsAt,
    recurrence: _recurrence,
    ...settings
  } = body;
  const duration = Math.round((endTime - now) / 1000);
  checkReminderFits(body.reminderBefore, duration);
  return postGiveaway(ctx, serverId, actor, { ...settings, duration, endTime }, { checkCap: true });
}

/** A create: posted now, or (with `startsAt` or `recurrence`) stored as a schedule to post later. */
export async function createOrSchedule(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  body: CreateGiveawayBody,
): Promise<{ posted: GiveawayDetail } | { scheduled: GiveawaySchedule }> {
  if (body.startsAt !== undefined || body.recurrence !== undefined) {
    return { scheduled: await createSchedule(ctx, serverId, actor, body) };
  }
  return { posted: await createGiveaway(ctx, serverId, actor, body) };
}

/**
 * Ends an active giveaway exactly once, however many callers race (the manual end and the scheduled
 * job): the conditional update to 'ended' lets one transaction through; the others answer 409. The
 * winners are drawn, weighted by entries, in that same transaction; the message is edited and the
 * winners announced after it commits.
 */
export async function endGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  options: { by: "manual" | "schedule" | "entries"; actor?: AuditActor },
): Promise<GiveawayDetail> {
  const now = Date.now();
  await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const lock = { dialect: ctx.storage.dialect, lock: "update" as const };
    const giveaway = await store.findGiveaway(trx, serverId, messageId, lock);
    if (!giveaway) throw giveawayNotFound();
    // A paused giveaway doesn't end by its (old) schedule; resuming schedules the moved end.
    if (giveaway.pausedAt !== null && options.by === "schedule") throw conflict("This giveaway is paused");
    if (!(await store.markEnded(trx, giveaway.id, now))) throw ended();
    const pool = await entryStore.loadDrawPool(trx, giveaway.id);
    const claimDeadline = giveaway.claimWindowMs ? now + giveaway.claimWindowMs : null;
    const winners = drawWinners(pool, giveaway.winnerCount, secureRandomInt).map((winner) => ({
      giveawayId: giveaway.id,
      userId: winner.id,
      username: winner.username,
      entries: winner.entries,
      draw: 0,
      wonAt: now,
      claimDeadline,
    }));
    await store.insertWinners(trx, serverId, winners);
    if (claimDeadline !== null && winners.length > 0) {
      await scheduleClaimExpiry(ctx, trx, serverId, messageId, claimDeadline);
    }
    await scheduleAnnounceCheck(ctx, trx, serverId, messageId, 0);
    await recordAudit(trx, serverId, options.actor ?? { tokenId: null, userId: null }, "giveaway.end", {
      messageId,
      prize: giveaway.prize,
      by: options.by,
      entrants: pool.length,
      winners: winners.map((winner) => winner.userId),
    });
  });
  giveawayListsChanged();
  if (options.by !== "schedule") await ctx.jobs.cancel(endJobKey(messageId));
  await screenGiveawayDraw(ctx, serverId, messageId, 0, secureRandomInt);
  // Anti-pool may have replaced a winner: the lists and stats show the draw as it stands.
  giveawayListsChanged();
  await announceDrawNow(ctx, serverId, messageId, 0);
  return getGiveawayDetail(ctx, serverId, messageId);
}

/**
 * A reroll of an ended giveaway. By default draws `winnerCount` (default 1) more winners; `replace`
 * draws a replacement for one named winner (the others keep their win); `all` replaces every
 * current winner. Nobody who won this giveaway before (replaced winners included) is drawn again.
 * Draws fewer when fewer are left; 409 when no one is.
 */
export async function rerollGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  actor: AuditActor,
  options: { winnerCount?: number; replace?: string; all?: boolean } = {},
): Promise<RerollGiveawayResponse> {
  const now = Date.now();
  const draw = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const lock = { dialect: ctx.storage.dialect, lock: "update" as const };
    const giveaway = await store.findGiveaway(trx, serverId, messageId, lock);
    if (!giveaway) throw giveawayNotFound();
    if (giveaway.status !== "ended") throw conflict("Only an ended giveaway can be rerolled; end it first");
    const previous = await store.listWinners(trx, [giveaway.id]);
    const standing = previous.filter((winner) => winner.replacedAt == null);
    let replaced: string[] = [];
    if (options.replace !== undefined) {
      if (!standing.some((winner) => winner.userId === options.replace)) {
        throw badRequest(`replace: ${options.replace} is not a current winner of this giveaway`, "replace");
      }
      replaced = [options.replace];
    } else if (options.all) {
      if (standing.length === 0) throw conflict("This giveaway has no winners to replace");
      replaced = standing.map((winner) => winner.userId);
    }
    const count = replaced.length > 0 ? replaced.length : (options.winnerCount ?? 1);
    const pool = await entryStore.loadDrawPool(trx, giveaway.id);
    const picks = drawWinners(
      pool,
      count,
      secureRandomInt,
      previous.map((winner) => winner.userId),
    );
    if (picks.length === 0) {
      throw conflict(
        pool.length === 0
          ? "No one entered this giveaway, so there is no one to draw"
          : "Every entrant of this giveaway has already won it; no one is left to draw",
      );
    }
    const number = Math.max(0, ...previous.map((winner) => winner.draw)) + 1;
    // Replaced in the order drawn; when fewer could be drawn, the rest keep their win.
    const replacedNow = replaced.slice(0, picks.length);
    const claimDeadline = giveaway.claimWindowMs ? now + giveaway.claimWindowMs : null;
    const winners = picks.map((pick, index) => ({
      giveawayId: giveaway.id,
      userId: pick.id,
      username: pick.username,
      entries: pick.entries,
      draw: number,
      wonAt: now,
      replacesUserId: replacedNow[index] ?? null,
      claimDeadline,
    }));
    await store.markReplaced(trx, giveaway.id, replacedNow, now);
    await store.insertWinners(trx, serverId, winners);
    if (claimDeadline !== null) await scheduleClaimExpiry(ctx, trx, serverId, messageId, claimDeadline);
    await scheduleAnnounceCheck(ctx, trx, serverId, messageId, number);
    await recordAudit(trx, serverId, actor, "giveaway.reroll", {
      messageId,
      prize: giveaway.prize,
      draw: number,
      winners: winners.map((winner) => winner.userId),
      ...(replacedNow.length > 0 ? { replaced: replacedNow } : {}),
    });
    return { number, winners };
  });
  giveawayListsChanged();
  await screenGiveawayDraw(ctx, serverId, messageId, draw.number, secureRandomInt);
  giveawayListsChanged();
  await announceDrawNow(ctx, serverId, messageId, draw.number);
  const detail = await getGiveawayDetail(ctx, serverId, messageId);
  // Anti-pool may have replaced some of the drawn winners: answer the draw as it stands.
  const giveawayId = draw.winners[0]?.giveawayId;
  const drawn = giveawayId === undefined ? [] : await store.listWinners(ctx.storage.db, [giveawayId]);
  return { ...detail, newWinners: drawn.filter((winner) => winner.draw === draw.number).map(toWinner) };
}

/** Removes a giveaway: its end job, its record (entries and winners too) and its message. */
export async function deleteGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  actor: AuditActor,
): Promise<void> {
  const giveaway = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const found = await store.findGiveaway(trx, serverId, messageId, {
      dialect: ctx.storage.dialect,
      lock: "update",
    });
    if (!found) throw giveawayNotFound();
    await store.deleteGiveaway(trx, found.id);
    await recordAudit(trx, serverId, actor, "giveaway.delete", {
      messageId,
      prize: found.prize,
      status: found.status,
    });
    return found;
  });
  giveawayListsChanged();
  await ctx.jobs.cancel(endJobKey(messageId));
  try {
    await ctx.discord.deleteMessage(giveaway.channelId, messageId);
  } catch (error) {
    if (!isGone(error)) ctx.logger.warn({ err: error, messageId }, "could not delete a giveaway's message");
  }
}

const isGone = (error: unknown) =>
  error instanceof DiscordError && (error.code === "unknown_message" || error.code === "unknown_channel");
