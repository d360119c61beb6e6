import {
  createGiveawayBody,
  giveawayConfig,
  giveawayDetail,
  giveawayListQuery,
  giveawayListResponse,
  giveawayParams,
  giveawayParticipantsQuery,
  giveawayParticipantsResponse,
  giveawayServerParams,
  giveawayStatsResponse,
  giveawayWinnersQuery,
  giveawayWinnersResponse,
  rerollGiveawayBody,
  rerollGiveawayResponse,
  serverIdParams,
} from "@hearth/core";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { sendList } from "../../http/public-list.ts";
import { getGiveawayConfig, putGiveawayConfig, resetGiveawayConfig } from "./config.ts";
import {
  getGiveawayDetail,
  giveawayStatsBody,
  listParticipants,
  listServerWinners,
  pageGiveawayList,
} from "./queries.ts";
import { createGiveaway, deleteGiveaway, endGiveaway, rerollGiveaway } from "./service.ts";

const tags = ["giveaways"];
/** Sent pre-serialised (checked against the schema when built). */
const sendJson = (reply: FastifyReply, body: string) =>
  reply.type("application/json; charset=utf-8").send(body);
const security = [{ dashboardToken: [] }];
/** The `x/winners`, `bb/stats` and `y/config` paths name the server `:id`; the auth hook checks it. */
const serverInId = { serverIdParam: "id" };

export const giveawayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public: the site's giveaway pages. Lists answer a page (see `giveawayListQuery`) with paging
  // headers and an ETag; a matching If-None-Match answers 304.
  app.get(
    "/api/giveaways",
    {
      schema: {
        tags,
        summary:
          "Giveaways of every server the bot is in (running first, then newest; or searched, filtered and sorted), a page at a time",
        querystring: giveawayListQuery,
        response: { 200: giveawayListResponse },
      },
    },
    async (request, reply) =>
      sendList(request, reply, await pageGiveawayList(ctx, {}, request.query, request.url)),
  );

  app.get(
    "/api/giveaways/:serverId",
    {
      schema: {
        tags,
        summary: "One server's giveaways, newest first (or searched, filtered and sorted), a page at a time",
        params: serverIdParams,
        querystring: giveawayListQuery,
        response: { 200: giveawayListResponse },
      },
    },
    async (request, reply) =>
      sendList(
        request,
        reply,
        await pageGiveawayList(ctx, { serverId: request.params.serverId }, request.query, request.url),
      ),
  );

  app.get(
    "/api/giveaways/:serverId/:giveawayId",
    {
      schema: {
        tags,
        summary: "A giveaway by its message id, with requirements and (once ended) winners",
        params: giveawayParams,
        response: { 200: giveawayDetail },
      },
    },
    async (request) => getGiveawayDetail(ctx, request.params.serverId, request.params.giveawayId),
  );

  app.get(
    "/api/giveaways/:serverId/:giveawayId/participants",
    {
      schema: {
        tags,
        summary: "A giveaway's entrants in the order they entered (pages of up to 1000)",
        params: giveawayParams,
        querystring: giveawayParticipantsQuery,
        response: { 200: giveawayParticipantsResponse },
      },
    },
    async (request) =>
      listParticipants(ctx, request.params.serverId, request.params.giveawayId, request.query),
  );

  app.get(
    "/api/giveaways/x/winners/:id",
    {
      schema: {
        tags,
        summary: "Winners of a server's ended giveaways (latest 50, or one by messageId)",
        params: giveawayServerParams,
        querystring: giveawayWinnersQuery,
        response: { 200: giveawayWinnersResponse },
      },
    },
    async (request) => listServerWinners(ctx, request.params.id, request.query),
  );

  // Private: the dashboard's giveaway tab.
  app.get(
    "/api/giveaways/bb/stats/:id",
    {
      config: serverInId,
      schema: {
        tags,
        summary: "Counts of the server's giveaways and its latest winners",
        security,
        params: giveawayServerParams,
        response: { 200: giveawayStatsResponse },
      },
    },
    async (request, reply) => sendJson(reply, await giveawayStatsBody(ctx, request.params.id)),
  );

  app.get(
    "/api/giveaways/y/config/:id",
    {
      config: serverInId,
      schema: {
        tags,
        summary: "Bypass, blacklist and multiplier roles",
        security,
        params: giveawayServerParams,
        response: { 200: giveawayConfig },
      },
    },
    async (request) => getGiveawayConfig(ctx, request.params.id),
  );

  app.put(
    "/api/giveaways/y/config/:id",
    {
      config: serverInId,
      schema: {
        tags,
        summary: "Replace the bypass, blacklist and multiplier roles",
        security,
        params: giveawayServerParams,
        body: giveawayConfig,
        response: { 200: giveawayConfig },
      },
    },
    async (request) => putGiveawayConfig(ctx, request.params.id, actorOf(request), request.body),
  );

  app.delete(
    "/api/giveaways/y/config/:id",
    {
      config: serverInId,
      schema: {
        tags,
        summary: "Reset the giveaway configuration to no roles",
        security,
        params: giveawayServerParams,
        response: { 200: giveawayConfig },
      },
    },
    async (request) => resetGiveawayConfig(ctx, request.params.id, actorOf(request)),
  );

  app.post(
    "/api/giveaways/create",
    {
      schema: {
        errors: { 409: "The server runs as many giveaways as it may (`serverCaps.giveaways`)" },
        tags,
        summary: "Post a giveaway with an Enter button in a channel of the token's server",
        security,
        body: createGiveawayBody,
        response: { 201: giveawayDetail },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const giveaway = await createGiveaway(ctx, token.serverId, actorOf(request), request.body);
      return reply.status(201).send(giveaway);
    },
  );

  app.put(
    "/api/giveaways/:serverId/:giveawayId/end",
    {
      schema: {
        errors: { 409: "The giveaway has already ended" },
        tags,
        summary: "End a giveaway now and draw its winners (409 when it has ended)",
        security,
        params: giveawayParams,
        response: { 200: giveawayDetail },
      },
    },
    async (request) =>
      endGiveaway(ctx, request.params.serverId, request.params.giveawayId, {
        by: "manual",
        actor: actorOf(request),
      }),
  );

  app.post(
    "/api/giveaways/:serverId/:giveawayId/reroll",
    {
      schema: {
        errors: { 409: "The giveaway has not ended, or no entrant is left to draw" },
        tags,
        summary: "Draw more winners of an ended giveaway (default 1), never a previous winner",
        security,
        params: giveawayParams,
        body: rerollGiveawayBody,
        response: { 200: rerollGiveawayResponse },
      },
    },
    async (request) =>
      rerollGiveaway(ctx, request.params.serverId, request.params.giveawayId, actorOf(request), {
        winnerCount: request.body?.winnerCount,
      }),
  );

  app.delete(
    "/api/giveaways/:serverId/:giveawayId",
    {
      schema: {
        tags,
        summary: "Delete a giveaway, its end job and its message",
        security,
        params: giveawayParams,
        response: { 204: z.null().describe("Deleted: no body") },
      },
    },
    async (request, reply) => {
      await deleteGiveaway(ctx, request.params.serverId, request.params.giveawayId, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
