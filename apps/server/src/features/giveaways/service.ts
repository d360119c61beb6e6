import { randomInt } from "node:crypto";
import {
  type CreateGiveawayBody,
  drawWinners,
  type GiveawayDetail,
  giveawayLimits,
  type RandomInt,
  type RerollGiveawayResponse,
  serverCaps,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port.ts";
import { requireMember, requireTextChannel } from "../../discord/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { announceDrawNow, scheduleAnnounceCheck } from "./announce.ts";
import { requireGiveawayRoles, roleRefs } from "./config.ts";
import * as entryStore from "./entry-store.ts";
import { activeMessage } from "./messages.ts";
import { getGiveawayDetail, giveawayListsChanged, giveawayNotFound, toWinner } from "./queries.ts";
import { screenGiveawayDraw } from "./screening.ts";
import * as store from "./store.ts";

export { announceDraw, announceJobKind } from "./announce.ts";
export { listServerGiveaways } from "./queries.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

export const endJobKind = "giveaway.end";
export const endJobKey = (messageId: string) => `giveaway-end:${messageId}`;

/** Cryptographically secure tickets for every real draw (the pure draw takes its randomness in). */
export const secureRandomInt: RandomInt = (maxExclusive) => randomInt(maxExclusive);

const second = 1000;
const gate = (messageId: string) => `giveaway:${messageId}`;
const ended = () => conflict("This giveaway has already ended");

/** Posts the giveaway with its Enter button, stores it and schedules its end. */
export async function createGiveaway(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  body: CreateGiveawayBody,
): Promise<GiveawayDetail> {
  const now = Date.now();
  const endTime = body.duration !== undefined ? now + body.duration * second : (body.endTime as number);
  if (endTime < now + giveawayLimits.minDurationSeconds * second) {
    throw badRequest("endTime: must be at least a minute in the future", "endTime");
  }
  if (endTime > now + giveawayLimits.maxDurationSeconds * second) {
    throw badRequest("endTime: must be at most 90 days away", "endTime");
  }
  const requirements = body.requirements ?? {
    minAccountAge: 0,
    minMemberAge: 0,
    minInvites: 0,
    requiredRoles: [],
  };
  // Checked before posting (a refused create posts nothing) and again in the write's transaction.
  const running = async (db: Parameters<typeof store.countByStatus>[0]) =>
    (await store.countByStatus(db, serverId)).active;
  checkCap(serverCaps.giveaways, await running(ctx.storage.db));
  await requireTextChannel(ctx, serverId, body.channelId, "channelId");
  await requireGiveawayRoles(
    ctx,
    serverId,
    roleRefs("requirements.requiredRoles", requirements.requiredRoles),
  );
  if (body.donorId) await requireMember(ctx, serverId, body.donorId, "donorId");
  const guild = await ctx.discord.getGuild(serverId);

  const view = {
    prize: body.prize,
    description: body.description || null,
    winnerCount: body.winnerCount,
    hostId: actor.userId,
    donorId: body.donorId ?? null,
    endTime,
    ...requirements,
  };
  // Members who opted in to events (Setup's events ping role) hear about it; no other mention pings.
  const sent = await ctx.discord.sendMessage(
    body.channelId,
    await withEventsPing(ctx, serverId, activeMessage(view)),
  );
  try {
    await transactionForServer(ctx.storage, serverId, "giveaways", async (trx) => {
      checkCap(serverCaps.giveaways, await running(trx));
      const giveaway = await store.insertGiveaway(trx, {
        server_id: serverId,
        channel_id: body.channelId,
        message_id: sent.id,
        guild_name: guild?.name ?? "Unknown Server",
        prize: view.prize,
        description: view.description,
        winner_count: view.winnerCount,
        host_id: view.hostId,
        donor_id: view.donorId,
        min_account_age: requirements.minAccountAge,
        min_member_age: requirements.minMemberAge,
        min_invites: requirements.minInvites,
        required_roles: JSON.stringify(requirements.requiredRoles),
        status: "active",
        end_time: endTime,
        ended_at: null,
        created_at: now,
      });
      await recordAudit(trx, serverId, actor, "giveaway.create", {
        messageId: giveaway.messageId,
        channelId: giveaway.channelId,
        prize: giveaway.prize,
        winnerCount: giveaway.winnerCount,
        endTime,
      });
    });
  } catch (error) {
    await ctx.discord.deleteMessage(body.channelId, sent.id).catch(() => undefined);
    throw error;
  }
  giveawayListsChanged();
  await ctx.jobs.schedule(endJobKind, { serverId, giveawayId: sent.id }, endTime, {
    dedupeKey: endJobKey(sent.id),
    maxAttempts: 10,
  });
  return getGiveawayDetail(ctx, serverId, sent.id);
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
  options: { by: "manual" | "schedule"; actor?: AuditActor },
): Promise<GiveawayDetail> {
  const now = Date.now();
  await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const lock = { dialect: ctx.storage.dialect, lock: "update" as const };
    const giveaway = await store.findGiveaway(trx, serverId, messageId, lock);
    if (!giveaway) throw giveawayNotFound();
    if (!(await store.markEnded(trx, giveaway.id, now))) throw ended();
    const pool = await entryStore.loadDrawPool(trx, giveaway.id);
    const winners = drawWinners(pool, giveaway.winnerCount, secureRandomInt).map((winner) => ({
      giveawayId: giveaway.id,
      userId: winner.id,
      username: winner.username,
      entries: winner.entries,
      draw: 0,
      wonAt: now,
    }));
    await store.insertWinners(trx, serverId, winners);
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
  if (options.by === "manual") await ctx.jobs.cancel(endJobKey(messageId));
  await screenGiveawayDraw(ctx, serverId, messageId, 0, secureRandomInt);
  // Anti-pool may have replaced a winner: the lists and stats show the draw as it stands.
  giveawayListsChanged();
  await announceDrawNow(ctx, serverId, messageId, 0);
  return getGiveawayDetail(ctx, serverId, messageId);
}

/**
 * Draws `winnerCount` (default 1) more winners of an ended giveaway, never anyone who won it before.
 * Draws fewer when fewer are left; 409 when no one is.
 */
export async function rerollGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  actor: AuditActor,
  options: { winnerCount?: number } = {},
): Promise<RerollGiveawayResponse> {
  const now = Date.now();
  const draw = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const lock = { dialect: ctx.storage.dialect, lock: "update" as const };
    const giveaway = await store.findGiveaway(trx, serverId, messageId, lock);
    if (!giveaway) throw giveawayNotFound();
    if (giveaway.status !== "ended") throw conflict("Only an ended giveaway can be rerolled; end it first");
    const previous = await store.listWinners(trx, [giveaway.id]);
    const pool = await entryStore.loadDrawPool(trx, giveaway.id);
    const picks = drawWinners(
      pool,
      options.winnerCount ?? 1,
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
    const winners = picks.map((pick) => ({
      giveawayId: giveaway.id,
      userId: pick.id,
      username: pick.username,
      entries: pick.entries,
      draw: number,
      wonAt: now,
    }));
    await store.insertWinners(trx, serverId, winners);
    await scheduleAnnounceCheck(ctx, trx, serverId, messageId, number);
    await recordAudit(trx, serverId, actor, "giveaway.reroll", {
      messageId,
      prize: giveaway.prize,
      draw: number,
      winners: winners.map((winner) => winner.userId),
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
