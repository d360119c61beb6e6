import {
  eventPreview,
  serverIdParams,
  tournamentCancelBody,
  tournamentCreateBody,
  tournamentDetail as tournamentDetailSchema,
  tournamentOverview,
  tournamentParams,
  tournamentPreviewBody,
  tournamentReportBody,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { withFieldNames } from "../../lib/errors.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { signupMessage } from "./messages.ts";
import {
  cancelTournament,
  createTournament,
  reportMatch,
  startTournament,
  tournamentDetail,
  tournamentView,
} from "./service.ts";

const tags = ["tournaments"];
const security = [{ dashboardToken: [] }];
const fields = { channel: "channelId", winner: "winnerId" };

/** The server's open or running tournament, else its latest, as the Events page shows it. */
async function overview(ctx: AppContext, serverId: string) {
  const current = await tournamentView(ctx, serverId);
  if (!current) return { tournament: null };
  const detail = await tournamentDetail(ctx, serverId, current.tournament.id);
  return { tournament: { ...detail, channelId: current.tournament.channelId } };
}

export const tournamentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public: the site's bracket page (no token; listed in http/public-routes.ts).
  app.get(
    "/api/tournaments/:serverId/:tournamentId",
    {
      schema: {
        tags,
        summary: "A tournament with its players, bracket and champion (read-only, public)",
        params: tournamentParams,
        response: { 200: tournamentDetailSchema },
      },
    },
    async (request) => tournamentDetail(ctx, request.params.serverId, request.params.tournamentId),
  );

  // The dashboard's Events page: what `/tournament` does. Creating, starting, reporting and
  // cancelling need the admin level (the commands ask for Manage Server or the event manager role).
  app.get(
    "/api/tournaments/:serverId",
    {
      schema: {
        tags,
        summary: "The open or running tournament (else the latest) with its players and bracket",
        security,
        params: serverIdParams,
        response: { 200: tournamentOverview },
      },
      config: { permission: "manager" },
    },
    async (request) => overview(ctx, request.params.serverId),
  );

  app.post(
    "/api/tournaments/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "The sign-up post for these values, as /tournament create would send it (events ping included)",
        security,
        params: serverIdParams,
        body: tournamentPreviewBody,
        response: { 200: eventPreview },
      },
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const guild = await ctx.discord.getGuild(serverId).catch(() => null);
      const message = signupMessage(
        ctx.config,
        {
          // Not created yet: its id (and so its bracket page's address) comes with the creation.
          id: 0,
          serverId,
          serverName: guild?.name ?? "Unknown server",
          channelId: "0",
          messageId: null,
          name: request.body.name.replace(/\s+/g, " ").trim(),
          size: request.body.size,
          status: "signup",
          hostId: tokenOf(request).userId,
          championId: null,
          createdAt: Date.now(),
          startedAt: null,
          finishedAt: null,
        },
        [],
      );
      return messagePreview(await withEventsPing(ctx, serverId, message));
    },
  );

  app.post(
    "/api/tournaments/:serverId",
    {
      schema: {
        tags,
        summary: "Open sign-ups for a tournament as /tournament create does (one at a time: 409); audited",
        errors: { 409: "A tournament is still taking sign-ups or being played" },
        security,
        params: serverIdParams,
        body: tournamentCreateBody,
        response: { 201: tournamentOverview },
      },
      config: { permission: "admin" },
    },
    async (request, reply) => {
      const { serverId } = request.params;
      await withFieldNames(fields, () => createTournament(ctx, serverId, actorOf(request), request.body));
      return reply.status(201).send(await overview(ctx, serverId));
    },
  );

  app.post(
    "/api/tournaments/:serverId/start",
    {
      schema: {
        tags,
        summary: "Close sign-ups, seed the players and draw the bracket, as /tournament start does",
        errors: { 404: "No tournament is open", 409: "It has started already or has fewer than 2 players" },
        security,
        params: serverIdParams,
        response: { 200: tournamentOverview },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { serverId } = request.params;
      await startTournament(ctx, serverId, actorOf(request));
      return overview(ctx, serverId);
    },
  );

  app.post(
    "/api/tournaments/:serverId/report",
    {
      schema: {
        tags,
        summary:
          "Record a match's winner (or correct it), as /tournament report does; the final crowns the champion",
        errors: { 404: "No tournament is open", 409: "The match can't take that result now" },
        security,
        params: serverIdParams,
        body: tournamentReportBody,
        response: { 200: tournamentOverview },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { serverId } = request.params;
      await withFieldNames(fields, () => reportMatch(ctx, serverId, actorOf(request), request.body));
      return overview(ctx, serverId);
    },
  );

  app.post(
    "/api/tournaments/:serverId/cancel",
    {
      schema: {
        tags,
        summary: "Cancel the open or running tournament (its message's Cancel button); audited",
        errors: { 409: "That tournament is over or was cancelled", 404: "No tournament is open" },
        security,
        params: serverIdParams,
        body: tournamentCancelBody,
        response: { 200: tournamentOverview },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { serverId } = request.params;
      await cancelTournament(ctx, serverId, actorOf(request), request.body.tournamentId);
      return overview(ctx, serverId);
    },
  );
};
