import {
  staticaConfigBody,
  staticaConfigResponse,
  staticaServerRolesResponse,
  staticaStatsResponse,
  staticaToggleBody,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { listRewardRoles } from "./roles.ts";
import {
  createStaticaConfig,
  deleteStaticaConfig,
  getStaticaConfig,
  getStaticaStats,
  toggleStaticaConfig,
  updateStaticaConfig,
} from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["statica"];

/** Supporter rewards of the token's server. */
export const staticaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/statica/fetch",
    {
      schema: {
        errors: { 404: "The server has no Statica configuration yet" },
        tags,
        summary: "The rewards configuration (404 while there is none)",
        security,
        response: { 200: staticaConfigResponse },
      },
    },
    async (request) => getStaticaConfig(ctx, tokenOf(request).serverId),
  );

  app.post(
    "/api/statica/create",
    {
      schema: {
        errors: { 409: "The server already has a Statica configuration" },
        tags,
        summary: "Create the rewards configuration; left-out parts take the defaults (409 when one exists)",
        security,
        body: staticaConfigBody,
        response: { 201: staticaConfigResponse },
      },
    },
    async (request, reply) => {
      const created = await createStaticaConfig(
        ctx,
        tokenOf(request).serverId,
        actorOf(request),
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/api/statica/update",
    {
      schema: {
        errors: { 404: "The server has no Statica configuration yet" },
        tags,
        summary:
          "Replace the rewards configuration; left-out parts take the defaults, a left-out enabled stays",
        security,
        body: staticaConfigBody,
        response: { 200: staticaConfigResponse },
      },
    },
    async (request) => updateStaticaConfig(ctx, tokenOf(request).serverId, actorOf(request), request.body),
  );

  app.put(
    "/api/statica/toggle",
    {
      schema: {
        errors: { 404: "The server has no Statica configuration yet" },
        tags,
        summary: "Turn rewards on or off: to `enabled` when given, else flipped",
        security,
        body: staticaToggleBody,
        response: { 200: staticaConfigResponse },
      },
    },
    async (request) =>
      toggleStaticaConfig(ctx, tokenOf(request).serverId, actorOf(request), request.body?.enabled),
  );

  app.delete(
    "/api/statica/delete",
    {
      schema: {
        errors: { 404: "The server has no Statica configuration yet" },
        tags,
        summary: "Delete the rewards configuration (answers 204)",
        security,
        response: { 204: z.null().describe("No content") },
      },
    },
    async (request, reply) => {
      await deleteStaticaConfig(ctx, tokenOf(request).serverId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/statica/server-roles",
    {
      schema: {
        tags,
        summary: "Roles a reward can use, highest first, with whether the bot can give them",
        security,
        response: { 200: staticaServerRolesResponse },
      },
    },
    async (request) => listRewardRoles(ctx, tokenOf(request).serverId),
  );

  app.get(
    "/api/statica/stats",
    {
      schema: {
        errors: { 404: "The server has no Statica configuration yet, or the bot is no longer in it" },
        tags,
        summary: "Member count, reward roles per category and members rewarded (404 while no configuration)",
        security,
        response: { 200: staticaStatsResponse },
      },
    },
    async (request) => getStaticaStats(ctx, tokenOf(request).serverId),
  );
};
