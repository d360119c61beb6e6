import { accessBody, tokenInfoResponse } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tokenOf } from "../../http/auth-plugin.ts";
import { getServerInfo } from "../guilds/service.ts";
import { recordDashboardAccess } from "./service.ts";

const security = [{ dashboardToken: [] }];

/** What the dashboard asks about its own token: who it is, and that it was opened. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      await recordDashboardAccess(ctx, tokenOf(request), {
        path: request.body?.path ?? null,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return reply.status(204).send();
    },
  );
};
