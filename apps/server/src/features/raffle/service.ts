import { type RandomInt, raffleLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { eventOf, poolScreen, protectionOn, recordPoolWin } from "../antipool/service.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { drawRaffleWinners } from "./draw.ts";
import { drawnMessage, openedMessage } from "./messages.ts";
import * as store from "./store.ts";

export { drawRaffleWinners, type RaffleCandidate, type RaffleDraw } from "./draw.ts";
export type { Raffle, RaffleWinner } from "./store.ts";

/**
 * Raffles: staff hand out tickets (for donations, event wins…) with `/raffle add`; `/raffle draw`
 * draws N winners weighted by tickets, without replacement, from the members still in the server.
 * One raffle is open per server at a time; a draw is final and recorded (winners, tickets, who drew).
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export { raffleLimits };

const noRaffle = () =>
  notFound("There is no open raffle in this server. Staff open one with `/raffle start`.");

export async function startRaffle(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  input: { prize: string; winnerCount?: number; channelId: string },
): Promise<store.Raffle> {
  const prize = input.prize.trim();
  if (prize.length === 0 || prize.length > raffleLimits.prizeMaxLength) {
    throw badRequest(`The prize must be 1 to ${raffleLimits.prizeMaxLength} characters.`, "prize");
  }
  const winnerCount = input.winnerCount ?? 1;
  if (!Number.isInteger(winnerCount) || winnerCount < 1 || winnerCount > raffleLimits.maxWinners) {
    throw badRequest("winners must be a whole number from 1 to 20.", "winners");
  }
  await requireTextChannel(ctx, serverId, input.channelId, "channel");
  const now = Date.now();
  const raffle = await transactionForServer(ctx.storage, serverId, "raffle", async (trx) => {
    const current = await store.findCurrent(trx, serverId);
    if (current) {
      throw conflict(
        `The raffle for **${current.prize}** is still open; draw it with \`/raffle draw\` first.`,
      );
    }
    const created = await store.insertRaffle(trx, {
      server_id: serverId,
      channel_id: input.channelId,
      message_id: null,
      prize,
      winner_count: winnerCount,
      host_id: actor.userId,
      status: "open",
      created_at: now,
      drawn_at: null,
      drawn_by: null,
      tickets_in_draw: null,
      holders_in_draw: null,
    });
    await recordAudit(trx, serverId, actor, "raffle.start", { raffleId: created.id, prize, winnerCount });
    return created;
  }).catch((error: unknown) => {
    if (error instanceof Error && /unique|duplicate key/i.test(error.message)) {
      throw conflict("A raffle is already open in this server.");
    }
    throw error;
  });
  try {
    const sent = await ctx.discord.sendMessage(
      input.channelId,
      await withEventsPing(ctx, serverId, openedMessage(raffle)),
    );
    await store.setMessageId(ctx.storage.db, raffle.id, sent.id);
    return { ...raffle, messageId: sent.id };
  } catch (error) {
    await store.deleteRaffle(ctx.storage.db, raffle.id);
    throw error;
  }
}

/** Staff give a member tickets in the open raffle; answers the member's tickets and the raffle's total. */
export async function addRaffleTickets(
  ctx: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  actor: AuditActor,
  userId: string,
  tickets: number,
): Promise<{ raffle: store.Raffle; held: number; total: number }> {
  if (!Number.isInteger(tickets) || tickets < 1 || tickets > raffleLimits.ticketsPerAdd) {
    throw badRequest("tickets must be a whole number from 1 to 1000.", "tickets");
  }
  const member = await ctx.discord.getMember(serverId, userId);
  if (!member) throw badRequest("That user is not a member of this server.", "user");
  if (member.user.bot) throw badRequest("Bots can't hold raffle tickets.", "user");
  const { dialect } = ctx.storage;
  return transactionForServer(ctx.storage, serverId, "raffle-tickets", async (trx) => {
    const raffle = await store.findCurrent(trx, serverId, { dialect, lock: "share" });
    if (!raffle) throw noRaffle();
    if (raffle.status !== "open") throw conflict("This raffle is being drawn; no more tickets can be added.");
    const before = await store.ticketsOf(trx, raffle.id, userId);
    if (before + tickets > raffleLimits.maxTicketsPerMember) {
      throw badRequest("A member can hold at most 1,000,000 tickets in one raffle.", "tickets");
    }
    const held = await store.addTickets(trx, raffle.id, userId, tickets, Date.now());
    await recordAudit(trx, serverId, actor, "raffle.add", { raffleId: raffle.id, userId, tickets, held });
    return { raffle, held, total: (await store.totals(trx, raffle.id)).tickets };
  });
}

export interface RaffleTickets {
  raffle: store.Raffle;
  held: number;
  total: number;
  holders: number;
  winners: store.RaffleWinner[];
}

/** The open raffle (or the latest, drawn one) with a member's tickets and the totals. */
export async function getRaffleTickets(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
): Promise<RaffleTickets | null> {
  const db = ctx.storage.db;
  const raffle = (await store.findCurrent(db, serverId)) ?? (await store.findLatest(db, serverId));
  if (!raffle) return null;
  const { tickets, holders } = await store.totals(db, raffle.id);
  const winners = raffle.status === "drawn" ? await store.listWinners(db, raffle.id) : [];
  return { raffle, held: await store.ticketsOf(db, raffle.id, userId), total: tickets, holders, winners };
}

/**
 * Draws the open raffle: closes it (no more tickets), draws the winners from the members still
 * here, then records the draw, once: the conditional update lets one caller through, and a drawn
 * raffle answers 409 (a draw is final). A draw that crashed midway leaves the raffle closed; drawing
 * again starts over, since nothing was recorded.
 */
export async function drawRaffle(
  ctx: Deps,
  serverId: string,
  actor: AuditActor,
  options: { randomInt?: RandomInt } = {},
): Promise<{ raffle: store.Raffle; winners: store.RaffleWinner[]; unverified: string[] }> {
  const lock = { dialect: ctx.storage.dialect, lock: "update" as const };
  const { raffle, pool } = await transactionForServer(
    ctx.storage,
    serverId,
    "raffle-tickets",
    async (trx) => {
      const current = await store.findCurrent(trx, serverId, lock);
      if (!current) {
        const latest = await store.findLatest(trx, serverId);
        if (latest?.status === "drawn") {
          throw conflict(
            `The raffle for **${latest.prize}** was drawn <t:${Math.floor((latest.drawnAt ?? 0) / 1000)}:R>; draws are final. Open a new one with \`/raffle start\`.`,
          );
        }
        throw noRaffle();
      }
      await store.setStatus(trx, current.id, "drawing");
      return { raffle: current, pool: await store.loadPool(trx, current.id) };
    },
  );
  const poolEvent = eventOf(serverId, "raffle", raffle);
  const draw = await drawRaffleWinners(
    ctx,
    serverId,
    pool,
    raffle.winnerCount,
    options.randomInt,
    (await protectionOn(ctx, serverId)) ? poolScreen(ctx, poolEvent) : undefined,
  );
  const now = Date.now();
  const winners = draw.winners.map((winner, index) => ({
    userId: winner.id,
    position: index + 1,
    tickets: winner.entries,
  }));
  const leftIds = new Set(draw.left);
  const inDraw = pool.filter((candidate) => !leftIds.has(candidate.id));
  const tickets = inDraw.reduce((sum, candidate) => sum + candidate.entries, 0);
  const drawn = await transactionForServer(ctx.storage, serverId, "raffle-tickets", async (trx) => {
    await store.findCurrent(trx, serverId, lock);
    const recorded = await store.recordDraw(trx, raffle.id, {
      drawnAt: now,
      drawnBy: actor.userId,
      tickets,
      holders: inDraw.length,
      winners,
    });
    if (!recorded) throw conflict("This raffle has already been drawn; draws are final.");
    await recordAudit(trx, serverId, actor, "raffle.draw", {
      raffleId: raffle.id,
      prize: raffle.prize,
      tickets,
      holders: inDraw.length,
      leftServer: draw.left,
      winners: winners.map((winner) => winner.userId),
    });
    return {
      ...raffle,
      status: "drawn" as const,
      drawnAt: now,
      drawnBy: actor.userId,
      ticketsInDraw: tickets,
      holdersInDraw: inDraw.length,
    };
  });
  for (const winner of winners) await recordPoolWin(ctx, poolEvent, winner.userId, now);
  try {
    await ctx.discord.sendMessage(raffle.channelId, drawnMessage(drawn, winners));
  } catch (error) {
    // The draw is recorded and final; the command's reply still names the winners.
    if (!(error instanceof DiscordError)) throw error;
    ctx.logger.warn({ err: error, raffleId: raffle.id }, "could not announce a raffle draw");
  }
  return { raffle: drawn, winners, unverified: draw.unverified };
}

/** Follows members leaving and coming back, so the draw skips the tickets of those who left. */
export async function markRaffleMember(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
  present: boolean,
): Promise<void> {
  await store.markPresence(ctx.storage.db, serverId, userId, present ? null : Date.now());
}
