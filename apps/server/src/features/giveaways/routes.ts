import {
  createGiveawayBody,
  giveawayBlockBody,
  giveawayBlockList,
  giveawayBlockParams,
  giveawayConfig,
  giveawayDetail,
  giveawayEntrantParams,
  giveawayEntrantsPage,
  giveawayEntrantsQuery,
  giveawayListQuery,
  giveawayListResponse,
  giveawayParams,
  giveawayParticipantsQuery,
  giveawayParticipantsResponse,
  giveawayPreviewResponse,
  giveawaySchedule,
  giveawayScheduleList,
  giveawayScheduleParams,
  giveawayServerParams,
  giveawayStatsResponse,
  giveawayWinnersQuery,
  giveawayWinnersResponse,
  removeEntrantBody,
  rerollGiveawayBody,
  rerollGiveawayResponse,
  serverIdParams,
  updateGiveawayScheduleBody,
} from "@hearth/core";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { sendList } from "../../http/public-list.ts";
import { getGiveawayConfig, putGiveawayConfig, resetGiveawayConfig } from "./config.ts";
import { blockMember, listBlocks, listEntrants, removeEntrant, unblockMember } from "./entrants.ts";
import { previewGiveaway } from "./preview.ts";
import {
  getGiveawayDetail,
  giveawayStatsBody,
  listParticipants,
  listServerWinners,
  pageGiveawayList,
} from "./queries.ts";
import { getSchedule } from "./schedules.ts";
import {
  cancelSchedule,
  createOrSchedule,
  deleteGiveaway,
  endGiveaway,
  listSchedules,
  pauseGiveaway,
  rerollGiveaway,
  resumeGiveaway,
  updateSchedule,
} from "./service.ts";

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
        summary:
          "Post a giveaway with an Enter button in a channel of the token's server (201); with startsAt or recurrence, schedule it instead (202)",
        security,
        body: createGiveawayBody,
        response: { 201: giveawayDetail, 202: giveawaySchedule },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const result = await createOrSchedule(ctx, token.serverId, actorOf(request), request.body);
      return "posted" in result
        ? reply.status(201).send(result.posted)
        : reply.status(202).send(result.scheduled);
    },
  );

  app.post(
    "/api/giveaways/preview",
    {
      schema: {
        tags,
        summary: "What creating this giveaway would post (its embed and button) and which role it pings",
        security,
        body: createGiveawayBody,
        response: { 200: giveawayPreviewResponse },
      },
    },
    async (request) => previewGiveaway(ctx, tokenOf(request).serverId, actorOf(request), request.body),
  );

  app.get(
    "/api/giveaways/:serverId/schedules",
    {
      schema: {
        tags,
        summary: "Scheduled giveaways and recurring series, with each one's latest runs",
        security,
        params: serverIdParams,
        response: { 200: giveawayScheduleList },
      },
    },
    async (request) => listSchedules(ctx, request.params.serverId),
  );

  app.get(
    "/api/giveaways/:serverId/schedules/:scheduleId",
    {
      schema: {
        tags,
        summary: "One scheduled giveaway or recurring series",
        security,
        params: giveawayScheduleParams,
        response: { 200: giveawaySchedule },
      },
    },
    async (request) => getSchedule(ctx, request.params.serverId, Number(request.params.scheduleId)),
  );

  app.patch(
    "/api/giveaways/:serverId/schedules/:scheduleId",
    {
      schema: {
        tags,
        summary: "Edit a scheduled giveaway or a series' next run, move its start, pause or resume it",
        security,
        params: giveawayScheduleParams,
        body: updateGiveawayScheduleBody,
        response: { 200: giveawaySchedule },
      },
    },
    async (request) =>
      updateSchedule(
        ctx,
        request.params.serverId,
        Number(request.params.scheduleId),
        actorOf(request),
        request.body,
      ),
  );

  app.delete(
    "/api/giveaways/:serverId/schedules/:scheduleId",
    {
      schema: {
        tags,
        summary: "Cancel a scheduled giveaway, or stop a series (its past runs stay)",
        security,
        params: giveawayScheduleParams,
        response: { 204: z.null().describe("Cancelled: no body") },
      },
    },
    async (request, reply) => {
      await cancelSchedule(ctx, request.params.serverId, Number(request.params.scheduleId), actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/giveaways/:serverId/:giveawayId/entrants",
    {
      schema: {
        tags,
        summary:
          "The live entrant list for managers: who, when, tickets and their bonus, searched by name or id, a page at a time",
        security,
        params: giveawayParams,
        querystring: giveawayEntrantsQuery,
        response: { 200: giveawayEntrantsPage },
      },
    },
    async (request) => listEntrants(ctx, request.params.serverId, request.params.giveawayId, request.query),
  );

  app.post(
    "/api/giveaways/:serverId/:giveawayId/entrants/:userId/remove",
    {
      schema: {
        tags,
        summary:
          "Remove an entrant from a running giveaway with a reason (audited; they read it at their next press), optionally blocking them",
        security,
        params: giveawayEntrantParams,
        body: removeEntrantBody,
        response: { 204: z.null().describe("Removed: no body") },
      },
    },
    async (request, reply) => {
      const { serverId, giveawayId, userId } = request.params;
      await removeEntrant(ctx, serverId, giveawayId, userId, actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/giveaways/:serverId/blocks",
    {
      schema: {
        tags,
        summary: "Members blocked from the server's giveaways",
        security,
        params: serverIdParams,
        response: { 200: giveawayBlockList },
      },
    },
    async (request) => listBlocks(ctx, request.params.serverId),
  );

  app.post(
    "/api/giveaways/:serverId/blocks",
    {
      schema: {
        tags,
        summary: "Block a member from every giveaway of the server (audited)",
        security,
        params: serverIdParams,
        body: giveawayBlockBody,
        response: { 200: giveawayBlockList },
      },
    },
    async (request) => blockMember(ctx, request.params.serverId, actorOf(request), request.body),
  );

  app.delete(
    "/api/giveaways/:serverId/blocks/:userId",
    {
      schema: {
        tags,
        summary: "Let a blocked member enter the server's giveaways again",
        security,
        params: giveawayBlockParams,
        response: { 204: z.null().describe("Unblocked: no body") },
      },
    },
    async (request, reply) => {
      await unblockMember(ctx, request.params.serverId, request.params.userId, actorOf(request));
      return reply.status(204).send(null);
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

  app.put(
    "/api/giveaways/:serverId/:giveawayId/pause",
    {
      schema: {
        tags,
        summary: "Pause a running giveaway: entries are refused and the end waits (409 when paused or ended)",
        security,
        params: giveawayParams,
        response: { 200: giveawayDetail },
        errors: { 409: "The giveaway has ended, or is already paused" },
      },
    },
    async (request) =>
      pauseGiveaway(ctx, request.params.serverId, request.params.giveawayId, actorOf(request)),
  );

  app.put(
    "/api/giveaways/:serverId/:giveawayId/resume",
    {
      schema: {
        tags,
        summary: "Resume a paused giveaway; its end moves by the time it was paused (409 when not paused)",
        security,
        params: giveawayParams,
        response: { 200: giveawayDetail },
        errors: { 409: "The giveaway has ended, or is not paused" },
      },
    },
    async (request) =>
      resumeGiveaway(ctx, request.params.serverId, request.params.giveawayId, actorOf(request)),
  );

  app.post(
    "/api/giveaways/:serverId/:giveawayId/reroll",
    {
      schema: {
        errors: { 409: "The giveaway has not ended, or no entrant is left to draw" },
        tags,
        summary:
          "Reroll an ended giveaway: draw more winners (default 1), replace one named winner, or replace them all; never a previous winner",
        security,
        params: giveawayParams,
        body: rerollGiveawayBody,
        response: { 200: rerollGiveawayResponse },
      },
    },
    async (request) =>
      rerollGiveaway(ctx, request.params.serverId, request.params.giveawayId, actorOf(request), {
        winnerCount: request.body?.winnerCount,
        replace: request.body?.replace,
        all: request.body?.all,
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
