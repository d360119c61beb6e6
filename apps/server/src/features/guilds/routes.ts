import { channelsResponse, rolesResponse, serverInfoResponse } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tokenOf } from "../../http/auth-plugin.ts";
import { getServerInfo, listServerChannels, listServerRoles } from "./service.ts";

const security = [{ dashboardToken: [] }];

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/dashboard/server",
    {
      schema: {
        errors: { 404: "The bot is no longer in this server" },
        tags: ["dashboard"],
        summary: "Server name, icon, member count and owner",
        security,
        response: { 200: serverInfoResponse },
      },
    },
    // Not async: an answer held in memory is sent in this tick, without a promise (issue 16).
    (request) => getServerInfo(ctx, tokenOf(request).serverId),
  );

  app.get(
    "/api/dashboard/channels",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Every channel of the server",
        security,
        response: { 200: channelsResponse },
      },
    },
    async (request) => listServerChannels(ctx, tokenOf(request).serverId),
  );

  app.get(
    "/api/dashboard/roles",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Every role of the server but @everyone",
        security,
        response: { 200: rolesResponse },
      },
    },
    async (request) => listServerRoles(ctx, tokenOf(request).serverId, tokenOf(request).userId),
  );
};
