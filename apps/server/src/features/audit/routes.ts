import { auditPageResponse, auditQuery } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tokenOf } from "../../http/auth-plugin.ts";
import { auditLogPage } from "./service.ts";

/** The audit log viewer: owners and administrators see who changed what, when and from where. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/dashboard/audit",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The server's audit log, newest first; filter by feature and member (owner and admin)",
        security: [{ dashboardToken: [] }],
        querystring: auditQuery,
        response: { 200: auditPageResponse },
      },
      // Addresses and every member's actions: not for managers.
      config: { permission: "admin" },
    },
    async (request) => auditLogPage(ctx, tokenOf(request).serverId, request.query),
  );
};
