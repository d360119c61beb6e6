import type { RandomInt } from "@hearth/core";
import { drawWinners } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { secureRandomInt } from "../giveaways/service.ts";
import { announcement, endedMessage } from "./messages.ts";
import { screenLotteryDraw } from "./screening.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

export const drawJobKind = "lottery.draw";
export const announceJobKind = "lottery.announce";
export const drawJobKey = (id: number) => `lottery-draw:${id}`;

const noLottery = () => notFound("There is no lottery running in this server right now.");

/** A member holding tickets: who, and how many (each ticket is one chance). */
export interface LotteryCandidate {
  id: string;
  entries: number;
}

/**
 * The lottery's winner selection, in one place so it can be wrapped (e.g. to screen candidates):
 * one ticket drawn from every ticket sold, with the giveaways' secure weighted draw, so a member's
 * chance is their tickets over all tickets. Null when no one holds a ticket.
 */
export async function drawLotteryWinner(
  candidates: readonly LotteryCandidate[],
  randomInt: RandomInt = secureRandomInt,
): Promise<LotteryCandidate | null> {
  return drawWinners(candidates, 1, randomInt)[0] ?? null;
}

/**
 * Draws the lottery exactly once, however many callers race (the end job, `/lottery draw`, a
 * restarted worker): the row lock and the conditional update to 'ended' let one through; the
 * others answer 409. The winner is stored with the draw; the announcement follows the commit.
 */
export async function drawLottery(
  ctx: Deps,
  serverId: string,
  options: { by: "manual" | "schedule"; lotteryId?: number; actor?: AuditActor; randomInt?: RandomInt },
): Promise<store.Lottery> {
  const now = Date.now();
  const lottery = await transactionForServer(ctx.storage, serverId, "lottery-draw", async (trx) => {
    const lock = { dialect: ctx.storage.dialect, lock: "update" as const };
    const found =
      options.lotteryId === undefined
        ? await store.findRunning(trx, serverId, lock)
        : await store.findById(trx, serverId, options.lotteryId, lock);
    if (!found) throw noLottery();
    if (found.status !== "running") throw conflict("This lottery has already been drawn.");
    const pool = await store.loadPool(trx, found.id);
    const winner = await drawLotteryWinner(pool, options.randomInt);
    const ticketsSold = pool.reduce((sum, candidate) => sum + candidate.entries, 0);
    const result = {
      endedAt: now,
      endedBy: options.by,
      winnerId: winner?.id ?? null,
      winnerTickets: winner?.entries ?? null,
      ticketsSold,
      entrants: pool.length,
    };
    if (!(await store.markEnded(trx, found.id, result)))
      throw conflict("This lottery has already been drawn.");
    await recordAudit(trx, serverId, options.actor ?? { tokenId: null, userId: null }, "lottery.draw", {
      lotteryId: found.id,
      prize: found.prize,
      by: options.by,
      ticketsSold,
      entrants: pool.length,
      winner: result.winnerId,
      winnerTickets: result.winnerTickets,
    });
    return { ...found, ...result, status: "ended" as const };
  });
  if (options.by === "manual") await ctx.jobs.cancel(drawJobKey(lottery.id));
  const screened = await screenLotteryDraw(ctx, serverId, lottery, (pool) =>
    drawLotteryWinner(pool, options.randomInt),
  );
  await announceLottery(ctx, serverId, lottery.id);
  return screened;
}

/** Worth trying again later: Discord was down or busy, or our own storage failed. */
const isTransient = (error: unknown) =>
  !(error instanceof DiscordError) || error.code === "unavailable" || error.code === "rate_limited";
const announceAttempts = 10;
/** How long a claim on an announcement holds; the safety check runs just after it lapses. */
export const announceLeaseMs = 60_000;
const announceCheckKey = (id: number) => `lottery-announce-check:${id}`;

/**
 * Shows the draw in Discord, at least once and, short of a crash between posting and recording it,
 * exactly once: the lottery message gets the result and a disabled button, and the channel hears who
 * won. The poster claims the announcement for a minute and a durable check is scheduled for just
 * after, so a process that dies mid-way leaves the announcement to the check instead of losing it.
 * A transient failure is retried by a job (up to 10 times).
 */
export async function announceLottery(
  ctx: Deps,
  serverId: string,
  lotteryId: number,
  attempt = 1,
): Promise<void> {
  const db = ctx.storage.db;
  const lottery = await store.findById(db, serverId, lotteryId);
  if (lottery?.status !== "ended" || lottery.announcedAt !== null) return;
  const now = Date.now();
  await ctx.jobs.schedule(announceJobKind, { serverId, lotteryId, attempt }, now + announceLeaseMs + 5_000, {
    dedupeKey: announceCheckKey(lottery.id),
  });
  // Someone else is posting it right now; the check above covers them dying.
  if (!(await store.claimAnnouncement(db, lottery.id, now, announceLeaseMs))) return;
  try {
    if (lottery.messageId) {
      await ctx.discord
        .editMessage(lottery.channelId, lottery.messageId, endedMessage(lottery))
        .catch((error) => {
          // A deleted lottery message doesn't stop the announcement in its channel.
          if (!(error instanceof DiscordError && error.code === "unknown_message")) throw error;
        });
    }
    await ctx.discord.sendMessage(lottery.channelId, announcement(lottery));
  } catch (error) {
    const retry = isTransient(error) && attempt < announceAttempts;
    ctx.logger.warn({ err: error, lotteryId, attempt, retry }, "announcing a lottery draw failed");
    if (retry) {
      await store.releaseAnnouncement(db, lottery.id);
      await ctx.jobs.schedule(
        announceJobKind,
        { serverId, lotteryId, attempt: attempt + 1 },
        Date.now() + 30_000 * attempt,
        { dedupeKey: `lottery-announce:${lotteryId}` },
      );
    } else {
      // Discord refuses it for good (a missing permission, a deleted channel): given up, as logged.
      await store.markAnnounced(db, lottery.id, Date.now());
    }
    await ctx.jobs.cancel(announceCheckKey(lottery.id));
    return;
  }
  await store.markAnnounced(db, lottery.id, Date.now());
  await ctx.jobs.cancel(announceCheckKey(lottery.id));
}

/**
 * Start-up safety net: a running lottery past its end gets a draw job due now, and an ended one whose
 * announcement never went out (a crash right after the draw) is announced. The queue survives
 * restarts on its own; this covers a job lost between storing a lottery and scheduling it.
 */
export async function recoverLotteries(ctx: Deps): Promise<void> {
  const now = Date.now();
  for (const { serverId, id } of await store.listOverdue(ctx.storage.db, now)) {
    await ctx.jobs.schedule(drawJobKind, { serverId, lotteryId: id }, now, {
      dedupeKey: drawJobKey(id),
      maxAttempts: 10,
    });
  }
  for (const { serverId, id } of await store.listUnannounced(ctx.storage.db)) {
    await announceLottery(ctx, serverId, id);
  }
}
