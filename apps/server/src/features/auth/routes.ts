import { accessBody, dashboardTokensResponse, tokenIdParams, tokenInfoResponse } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { actorOf, levelOf, tokenOf } from "../../http/auth-plugin.ts";
import { getServerInfo } from "../guilds/service.ts";
import { listDashboardTokens, recordDashboardAccess } from "./service.ts";
import { revokeTokenFromDashboard } from "./token-dms.ts";

const security = [{ dashboardToken: [] }];

/** What the dashboard asks about its own token: who it is, and that it was opened. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/dashboard/token-info",
    {
      schema: {
        errors: { 404: "The bot is no longer in this server" },
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
        permission: levelOf(token),
        userName: token.userName,
        userId: token.userId,
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
        response: { 204: z.null().describe("Recorded") },
      },
      // Every level opens the dashboard.
      config: { permission: "manager" },
    },
    async (request, reply) => {
      await recordDashboardAccess(ctx, tokenOf(request), {
        path: request.body?.path ?? null,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return reply.status(204).send(null);
    },
  );

  // Token management: the owner's alone.
  app.get(
    "/api/dashboard/tokens",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The server's dashboard tokens, live first (owner only; never the tokens themselves)",
        security,
        response: { 200: dashboardTokensResponse },
      },
      config: { permission: "owner" },
    },
    async (request) => {
      const token = tokenOf(request);
      const tokens = await listDashboardTokens(ctx, token.serverId);
      const live = (record: { revokedAt: number | null }) => (record.revokedAt === null ? 0 : 1);
      return [...tokens]
        .sort((a, b) => live(a) - live(b) || b.createdAt - a.createdAt)
        .map((record) => ({ ...record, permission: levelOf(record), current: record.id === token.id }));
    },
  );

  app.delete(
    "/api/dashboard/tokens/:tokenId",
    {
      schema: {
        errors: { 409: "The token is already revoked" },
        tags: ["dashboard"],
        summary: "Revoke a dashboard token of the server; its holder is told by DM (owner only)",
        security,
        params: tokenIdParams,
        response: { 204: z.null().describe("Revoked") },
      },
      config: { permission: "owner" },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      await revokeTokenFromDashboard(ctx, token.serverId, request.params.tokenId, {
        ...actorOf(request),
        name: token.userName,
      });
      return reply.status(204).send(null);
    },
  );
};
