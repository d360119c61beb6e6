import {
  accessBody,
  channelsResponse,
  rolesResponse,
  serverInfoResponse,
  tokenInfoResponse,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tokenOf } from "../../http/auth-plugin.ts";
import { recordAudit } from "../audit/service.ts";
import { getServerInfo, listServerChannels, listServerRoles } from "./service.ts";

const security = [{ dashboardToken: [] }];

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/dashboard/token-info",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The server and user behind the token",
        security,
        response: { 200: tokenInfoResponse },
      },
    },
    async (request) => {
      const token = tokenOf(request);
      const server = await getServerInfo(ctx, token.serverId);
      return {
        serverId: token.serverId,
        serverName: server.name,
        serverIcon: server.icon,
        permission: token.permission as "owner" | "admin" | "manager",
        userName: token.userName,
      };
    },
  );

  app.post(
    "/api/dashboard/access",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Record that the dashboard was opened",
        security,
        body: accessBody,
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      await recordAudit(
        ctx.storage.db,
        token.serverId,
        { tokenId: token.id, userId: token.userId },
        "dashboard.access",
        {
          path: request.body?.path ?? null,
          userAgent: request.headers["user-agent"]?.slice(0, 200) ?? null,
        },
      );
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/dashboard/server",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Server name, icon, member count and owner",
        security,
        response: { 200: serverInfoResponse },
      },
    },
    async (request) => getServerInfo(ctx, tokenOf(request).serverId),
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
    async (request) => listServerRoles(ctx, tokenOf(request).serverId),
  );
};
