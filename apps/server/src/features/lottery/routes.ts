import {
  eventHoldersShown,
  eventPreview,
  lotteryOverview,
  lotteryPreviewBody,
  lotteryStartBody,
  lotteryView,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { withFieldNames } from "../../lib/errors.ts";
import { namesOf } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { runningMessage } from "./messages.ts";
import { drawLottery, type Lottery, startLottery } from "./service.ts";
import * as store from "./store.ts";

const security = [{ dashboardToken: [] }];
const tags = ["lottery"];

const view = (lottery: Lottery) => ({
  id: lottery.id,
  prize: lottery.prize,
  maxTickets: lottery.maxTickets,
  channelId: lottery.channelId,
  messageId: lottery.messageId,
  hostId: lottery.hostId,
  status: lottery.status,
  endTime: lottery.endTime,
  endedAt: lottery.endedAt,
  endedBy: lottery.endedBy,
  winnerId: lottery.winnerId,
  winnerTickets: lottery.winnerTickets,
  createdAt: lottery.createdAt,
});

/**
 * The Events page's lottery: what `/lottery start|status|draw` do, from the dashboard. Starting and
 * drawing need the admin level (the commands ask for Manage Server or the event manager role).
 */
export const lotteryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/lottery/:serverId",
    {
      schema: {
        tags,
        summary: "The running lottery (else the latest) with its ticket holders, most tickets first",
        security,
        params: serverIdParams,
        response: { 200: lotteryOverview },
      },
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const db = ctx.storage.db;
      const lottery = (await store.findRunning(db, serverId)) ?? (await store.findLatest(db, serverId));
      if (!lottery) return { lottery: null, tickets: 0, entrants: 0, holders: [] };
      const pool = await store.loadPool(db, lottery.id);
      const shown = pool.sort((a, b) => b.entries - a.entries).slice(0, eventHoldersShown);
      const names = await namesOf(
        ctx,
        serverId,
        shown.map((holder) => holder.id),
      );
      return {
        lottery: view(lottery),
        tickets: pool.reduce((sum, holder) => sum + holder.entries, 0),
        entrants: pool.length,
        holders: shown.map((holder) => ({
          userId: holder.id,
          name: names.get(holder.id) ?? null,
          tickets: holder.entries,
        })),
      };
    },
  );

  app.post(
    "/api/lottery/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "The lottery's post for these values, as /lottery start would send it (events ping included)",
        security,
        params: serverIdParams,
        body: lotteryPreviewBody,
        response: { 200: eventPreview },
      },
      config: { permission: "manager" },
    },
    async (request) => {
      const { prize, duration, maxTickets } = request.body;
      const message = runningMessage({
        prize,
        maxTickets,
        hostId: tokenOf(request).userId,
        endTime: Date.now() + duration * 1000,
      });
      return messagePreview(await withEventsPing(ctx, request.params.serverId, message));
    },
  );

  app.post(
    "/api/lottery/:serverId",
    {
      schema: {
        tags,
        summary: "Start a lottery as /lottery start does (one at a time: 409 while one runs); audited",
        errors: { 409: "A lottery is already running" },
        security,
        params: serverIdParams,
        body: lotteryStartBody,
        response: { 201: lotteryView },
      },
      config: { permission: "admin" },
    },
    async (request, reply) => {
      const { prize, duration, maxTickets, channelId } = request.body;
      const lottery = await withFieldNames({ channel: "channelId", max_tickets: "maxTickets" }, () =>
        startLottery(ctx, request.params.serverId, actorOf(request), {
          prize,
          durationSeconds: duration,
          maxTickets,
          channelId,
        }),
      );
      return reply.code(201).send(view(lottery));
    },
  );

  app.post(
    "/api/lottery/:serverId/draw",
    {
      schema: {
        tags,
        summary: "Draw the running lottery now, as /lottery draw does; the result is announced",
        errors: { 404: "No lottery is running", 409: "It was drawn already" },
        security,
        params: serverIdParams,
        response: { 200: lotteryView },
      },
      config: { permission: "admin" },
    },
    async (request) =>
      view(await drawLottery(ctx, request.params.serverId, { by: "manual", actor: actorOf(request) })),
  );
};
