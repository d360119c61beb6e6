import {
  eventHoldersShown,
  eventPreview,
  raffleDrawn,
  raffleOverview,
  rafflePreviewBody,
  raffleStartBody,
  raffleTicketsAdded,
  raffleTicketsBody,
  raffleView,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { withFieldNames } from "../../lib/errors.ts";
import { namesOf } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { openedMessage } from "./messages.ts";
import { addRaffleTickets, drawRaffle, type Raffle, type RaffleWinner, startRaffle } from "./service.ts";
import * as store from "./store.ts";

const security = [{ dashboardToken: [] }];
const tags = ["raffle"];
const fields = { channel: "channelId", winners: "winnerCount", user: "userId" };

async function view(ctx: AppContext, raffle: Raffle, winners: readonly RaffleWinner[]) {
  const names = await namesOf(
    ctx,
    raffle.serverId,
    winners.map((winner) => winner.userId),
  );
  return {
    id: raffle.id,
    prize: raffle.prize,
    winnerCount: raffle.winnerCount,
    channelId: raffle.channelId,
    messageId: raffle.messageId,
    hostId: raffle.hostId,
    status: raffle.status,
    createdAt: raffle.createdAt,
    drawnAt: raffle.drawnAt,
    drawnBy: raffle.drawnBy,
    winners: winners.map((winner) => ({ ...winner, name: names.get(winner.userId) ?? null })),
  };
}

/**
 * The Events page's raffle: what `/raffle start|add|tickets|draw` do, from the dashboard. Opening,
 * handing out tickets and drawing need the admin level (the commands ask for Manage Server or the
 * event manager role).
 */
export const raffleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/raffle/:serverId",
    {
      schema: {
        tags,
        summary:
          "The open raffle (else the latest) with its ticket holders, most tickets first, and its winners",
        security,
        params: serverIdParams,
        response: { 200: raffleOverview },
      },
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const db = ctx.storage.db;
      const raffle = (await store.findCurrent(db, serverId)) ?? (await store.findLatest(db, serverId));
      if (!raffle) return { raffle: null, tickets: 0, holdersCount: 0, holders: [] };
      const winners = raffle.status === "drawn" ? await store.listWinners(db, raffle.id) : [];
      const pool = await store.loadPool(db, raffle.id);
      const shown = pool.sort((a, b) => b.entries - a.entries).slice(0, eventHoldersShown);
      const names = await namesOf(
        ctx,
        serverId,
        shown.map((holder) => holder.id),
      );
      return {
        raffle: await view(ctx, raffle, winners),
        tickets: pool.reduce((sum, holder) => sum + holder.entries, 0),
        holdersCount: pool.length,
        holders: shown.map((holder) => ({
          userId: holder.id,
          name: names.get(holder.id) ?? null,
          tickets: holder.entries,
        })),
      };
    },
  );

  app.post(
    "/api/raffle/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "The raffle's opening post for these values, as /raffle start would send it (events ping included)",
        security,
        params: serverIdParams,
        body: rafflePreviewBody,
        response: { 200: eventPreview },
      },
      config: { permission: "manager" },
    },
    async (request) => {
      const message = openedMessage({
        prize: request.body.prize,
        winnerCount: request.body.winnerCount,
        hostId: tokenOf(request).userId,
      });
      return messagePreview(await withEventsPing(ctx, request.params.serverId, message));
    },
  );

  app.post(
    "/api/raffle/:serverId",
    {
      schema: {
        tags,
        summary: "Open a raffle as /raffle start does (one at a time: 409 while one is open); audited",
        errors: { 409: "A raffle is already open" },
        security,
        params: serverIdParams,
        body: raffleStartBody,
        response: { 201: raffleView },
      },
      config: { permission: "admin" },
    },
    async (request, reply) => {
      const raffle = await withFieldNames(fields, () =>
        startRaffle(ctx, request.params.serverId, actorOf(request), request.body),
      );
      return reply.status(201).send(await view(ctx, raffle, []));
    },
  );

  app.post(
    "/api/raffle/:serverId/tickets",
    {
      schema: {
        tags,
        summary: "Give a member tickets in the open raffle, as /raffle add does; audited",
        errors: { 404: "No raffle is open", 409: "The raffle is being drawn" },
        security,
        params: serverIdParams,
        body: raffleTicketsBody,
        response: { 200: raffleTicketsAdded },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { userId, tickets } = request.body;
      const added = await withFieldNames(fields, () =>
        addRaffleTickets(ctx, request.params.serverId, actorOf(request), userId, tickets),
      );
      return { held: added.held, total: added.total };
    },
  );

  app.post(
    "/api/raffle/:serverId/draw",
    {
      schema: {
        tags,
        summary: "Draw the open raffle's winners, as /raffle draw does (final); the result is posted",
        errors: { 404: "No raffle is open", 409: "It was drawn already" },
        security,
        params: serverIdParams,
        response: { 200: raffleDrawn },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const drawn = await drawRaffle(ctx, request.params.serverId, actorOf(request));
      return { raffle: await view(ctx, drawn.raffle, drawn.winners), unverified: drawn.unverified };
    },
  );
};
