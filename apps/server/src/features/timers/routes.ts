import {
  createTimerBody,
  serverIdParams,
  timer,
  timerParams,
  timerPreviewBody,
  timerPreviewResponse,
  timersResponse,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { cancelTimer, createTimer, listTimers, previewTimer } from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["timers"];

export const timerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/timers/:serverId/timers",
    {
      schema: {
        errors: { 409: "The server runs as many timers as it may (`serverCaps.timers`)" },
        tags,
        summary: "Start a timer: posts a live countdown, and posts again when it ends",
        security,
        params: serverIdParams,
        body: createTimerBody,
        response: { 201: timer },
      },
    },
    async (request, reply) => {
      const created = await createTimer(ctx, request.params.serverId, actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/timers/:serverId/timers",
    {
      schema: {
        tags,
        summary: "Running timers, soonest first, then the 20 latest finished",
        security,
        params: serverIdParams,
        response: { 200: timersResponse },
      },
    },
    async (request) => listTimers(ctx, request.params.serverId),
  );

  app.delete(
    "/api/timers/:serverId/timers/:id",
    {
      schema: {
        errors: { 409: "The timer has already ended or was cancelled" },
        tags,
        summary: "Cancel a running timer; its countdown message shows it was cancelled",
        security,
        params: timerParams,
        response: { 200: timer },
      },
    },
    async (request) => cancelTimer(ctx, request.params.serverId, actorOf(request), request.params.id),
  );

  app.post(
    "/api/timers/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "What starting this timer would post: its countdown and its end announcement, built by the bot's own functions (nothing is sent)",
        security,
        params: serverIdParams,
        body: timerPreviewBody,
        response: { 200: timerPreviewResponse },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => previewTimer(request.params.serverId, request.body),
  );
};
