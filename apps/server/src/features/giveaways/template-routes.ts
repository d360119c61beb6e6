import {
  bulkGiveawayBody,
  bulkGiveawayResponse,
  createGiveawayTemplateBody,
  giveawayTemplate,
  giveawayTemplateList,
  giveawayTemplateParams,
  serverIdParams,
  upcomingGiveawayDetail,
  upcomingGiveawayList,
  upcomingGiveawayParams,
  updateGiveawayTemplateBody,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { bulkCreateGiveaways } from "./bulk.ts";
import { deleteTemplate, listTemplates, saveTemplate, updateTemplate } from "./templates.ts";
import { getUpcoming, listUpcoming } from "./upcoming.ts";

const tags = ["giveaways"];
const security = [{ dashboardToken: [] }];

/**
 * The dashboard's giveaway templates and bulk creation from one (issue 27, item 8), and the public
 * pages' scheduled and recurring giveaways (item 9).
 */
export const giveawayTemplateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public: the site's Upcoming giveaways (listed in http/public-routes.ts).
  app.get(
    "/api/giveaways/upcoming",
    {
      schema: {
        tags,
        summary:
          "Scheduled and recurring giveaways of every server the bot is in that are still to run, the soonest first (up to 50); no entries, nothing is posted yet",
        response: { 200: upcomingGiveawayList },
      },
    },
    async () => listUpcoming(ctx),
  );

  app.get(
    "/api/giveaways/:serverId/upcoming/:scheduleId",
    {
      schema: {
        tags,
        summary:
          "A scheduled giveaway or recurring series: when it starts (or its next run), how it repeats, and its posted runs (404 when cancelled)",
        params: upcomingGiveawayParams,
        response: { 200: upcomingGiveawayDetail },
      },
    },
    async (request) => getUpcoming(ctx, request.params.serverId, Number(request.params.scheduleId)),
  );

  app.get(
    "/api/giveaways/:serverId/templates",
    {
      schema: {
        tags,
        summary: "The server's giveaway templates, by name",
        security,
        params: serverIdParams,
        response: { 200: giveawayTemplateList },
      },
    },
    async (request) => listTemplates(ctx, request.params.serverId),
  );

  app.post(
    "/api/giveaways/:serverId/templates",
    {
      schema: {
        errors: {
          404: "fromGiveawayId names no giveaway of this server",
          409: "A template of that name exists, or the server has as many templates as it may (`serverCaps.giveawayTemplates`)",
        },
        tags,
        summary:
          "Save giveaway settings, or those of one of the server's giveaways (fromGiveawayId), as a named template (audited)",
        security,
        params: serverIdParams,
        body: createGiveawayTemplateBody,
        response: { 201: giveawayTemplate },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveTemplate(ctx, request.params.serverId, actorOf(request), request.body)),
  );

  app.patch(
    "/api/giveaways/:serverId/templates/:templateId",
    {
      schema: {
        errors: { 409: "Another template has that name" },
        tags,
        summary: "Rename a giveaway template or replace its settings (audited)",
        security,
        params: giveawayTemplateParams,
        body: updateGiveawayTemplateBody,
        response: { 200: giveawayTemplate },
      },
    },
    async (request) =>
      updateTemplate(
        ctx,
        request.params.serverId,
        Number(request.params.templateId),
        actorOf(request),
        request.body,
      ),
  );

  app.delete(
    "/api/giveaways/:serverId/templates/:templateId",
    {
      schema: {
        tags,
        summary: "Delete a giveaway template (audited; giveaways started from it stay)",
        security,
        params: giveawayTemplateParams,
        response: { 204: z.null().describe("Deleted: no body") },
      },
    },
    async (request, reply) => {
      await deleteTemplate(ctx, request.params.serverId, Number(request.params.templateId), actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/giveaways/:serverId/bulk",
    {
      schema: {
        errors: {
          409: "Not every row fits under the running-giveaway cap (the message says how many do); nothing was created",
        },
        tags,
        summary:
          "Post several giveaways at once from a template, each row its own prize, duration, winners and channel; every row is checked first, and all are created or none",
        security,
        params: serverIdParams,
        body: bulkGiveawayBody,
        response: { 201: bulkGiveawayResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await bulkCreateGiveaways(ctx, request.params.serverId, actorOf(request), request.body)),
  );
};
