import { lotteryLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError, type MemberInfo } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { drawJobKey, drawJobKind } from "./draw.ts";
import { runningMessage } from "./messages.ts";
import * as store from "./store.ts";

export * from "./draw.ts";
export type { Lottery } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

/**
 * Lotteries: one running lottery per server (so `/lottery ticket` and `/lottery status` need no id
 * and work from any channel). Members take tickets up to the per-member cap; one ticket is drawn,
 * exactly once, at the end time (a durable job) or on `/lottery draw`.
 */

export { lotteryLimits };

const second = 1000;
const noLottery = () => notFound("There is no lottery running in this server right now.");

export interface StartLotteryInput {
  prize: string;
  durationSeconds: number;
  /** Tickets one member may hold (default 1). */
  maxTickets?: number;
  channelId: string;
}

/** Posts the lottery with its Take a ticket button (pinging the events role), stores it and schedules its draw. */
export async function startLottery(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  input: StartLotteryInput,
): Promise<store.Lottery> {
  const prize = input.prize.trim();
  if (prize.length === 0 || prize.length > lotteryLimits.prizeMaxLength) {
    throw badRequest(`The prize must be 1 to ${lotteryLimits.prizeMaxLength} characters.`, "prize");
  }
  const maxTickets = input.maxTickets ?? 1;
  if (
    !Number.isInteger(maxTickets) ||
    maxTickets < lotteryLimits.minTickets ||
    maxTickets > lotteryLimits.maxTickets
  ) {
    throw badRequest("max_tickets must be a whole number from 1 to 100.", "max_tickets");
  }
  const { durationSeconds } = input;
  if (
    !Number.isFinite(durationSeconds) ||
    durationSeconds < lotteryLimits.minDurationSeconds ||
    durationSeconds > lotteryLimits.maxDurationSeconds
  ) {
    throw badRequest("The duration must be between 1 minute and 90 days.", "duration");
  }
  await requireTextChannel(ctx, serverId, input.channelId, "channel");
  const now = Date.now();
  const endTime = now + Math.round(durationSeconds) * second;

  const lottery = await transactionForServer(ctx.storage, serverId, "lottery", async (trx) => {
    const running = await store.findRunning(trx, serverId);
    if (running) {
      throw conflict(
        `A lottery for **${running.prize}** is already running; it ends <t:${Math.floor(running.endTime / 1000)}:R>. Draw it with \`/lottery draw\` first.`,
      );
    }
    const created = await store.insertLottery(trx, {
      server_id: serverId,
      channel_id: input.channelId,
      message_id: null,
      prize,
      max_tickets: maxTickets,
      host_id: actor.userId,
      status: "running",
      end_time: endTime,
      ended_at: null,
      ended_by: null,
      winner_id: null,
      winner_tickets: null,
      tickets_sold: null,
      entrants: null,
      announced_at: null,
      announce_claimed_at: null,
      created_at: now,
    });
    await recordAudit(trx, serverId, actor, "lottery.start", {
      lotteryId: created.id,
      channelId: input.channelId,
      prize,
      maxTickets,
      endTime,
    });
    return created;
  }).catch((error: unknown) => {
    // Two starts racing: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict("A lottery is already running in this server.");
    throw error;
  });
  await ctx.jobs.schedule(drawJobKind, { serverId, lotteryId: lottery.id }, endTime, {
    dedupeKey: drawJobKey(lottery.id),
    maxAttempts: 10,
  });
  try {
    const message = await withEventsPing(ctx, serverId, runningMessage(lottery));
    const sent = await ctx.discord.sendMessage(input.channelId, message);
    await store.setMessageId(ctx.storage.db, lottery.id, sent.id);
    return { ...lottery, messageId: sent.id };
  } catch (error) {
    // Without its message no one could take a ticket by button: undo the start, say why.
    await store.deleteLottery(ctx.storage.db, lottery.id);
    await ctx.jobs.cancel(drawJobKey(lottery.id));
    throw error;
  }
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(error.message) && !(error instanceof DiscordError);

export interface TakeResult {
  lottery: store.Lottery;
  /** Tickets taken by this call (fewer than asked when the cap was near). */
  taken: number;
  /** The member's tickets now. */
  held: number;
}

/**
 * Takes up to `count` tickets for a member, never past the lottery's per-member cap. Atomic: on
 * PostgreSQL the member's ticket row is locked for the read-and-write (concurrent takes queue), and
 * the lottery row is share-locked so the draw waits for takes in flight; SQLite runs one
 * transaction at a time. A take after the end, or at the cap, is refused with the reason.
 */
export async function takeTickets(
  ctx: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  userId: string,
  count: number,
  options: { member?: MemberInfo; now?: number; messageId?: string } = {},
): Promise<TakeResult> {
  if (!Number.isInteger(count) || count < 1 || count > lotteryLimits.maxTickets) {
    throw badRequest("count must be a whole number from 1 to 100.", "count");
  }
  const { db, dialect } = ctx.storage;
  const first = await store.findRunning(db, serverId);
  if (!first) throw noLottery();
  // A button on an older lottery's message (its edit failed) must not take tickets in the new one.
  if (options.messageId !== undefined && first.messageId !== options.messageId) {
    throw conflict("This lottery has ended; `/lottery status` shows the one running now.");
  }
  const member = options.member ?? (await ctx.discord.getMember(serverId, userId));
  if (!member) throw forbidden("Only members of this server can take lottery tickets.");
  if (member.user.bot) throw forbidden("Bots can't take lottery tickets.");

  return db.transaction().execute(async (trx) => {
    const now = options.now ?? Date.now();
    const lottery = await store.findRunning(trx, serverId, { dialect, lock: "share" });
    if (!lottery || lottery.id !== first.id) throw conflict("This lottery has ended.");
    if (lottery.endTime <= now) throw conflict("This lottery has ended; the winning ticket is being drawn.");
    await store.ensureTicketRow(trx, lottery.id, userId, now);
    const held = await store.ticketsOf(trx, lottery.id, userId, { dialect, lock: "update" });
    const taken = Math.min(count, lottery.maxTickets - held);
    if (taken <= 0) {
      throw conflict(
        `You already hold ${lottery.maxTickets === 1 ? "your ticket" : `all ${lottery.maxTickets} of your tickets`} (the limit per member).`,
      );
    }
    await store.setTickets(trx, lottery.id, userId, held + taken, now);
    return { lottery, taken, held: held + taken };
  });
}

export interface LotteryStatus {
  lottery: store.Lottery;
  tickets: number;
  entrants: number;
  /** The asking member's tickets. */
  mine: number;
}

/** The running lottery (or, when none runs, the latest one) with its totals and the member's tickets. */
export async function getLotteryStatus(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
): Promise<LotteryStatus | null> {
  const db = ctx.storage.db;
  const lottery = (await store.findRunning(db, serverId)) ?? (await store.findLatest(db, serverId));
  if (!lottery) return null;
  const totals = await store.totals(db, lottery.id);
  return { lottery, ...totals, mine: await store.ticketsOf(db, lottery.id, userId) };
}
