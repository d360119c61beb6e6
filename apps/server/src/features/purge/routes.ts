import { purgeBody, purgeResult, serverIdParams } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tokenOf } from "../../http/auth-plugin.ts";
import { forbidden } from "../../lib/errors.ts";
import { purgeOwnServer, type TableScope } from "./service.ts";

/** The dashboard's Danger zone: an owner token deletes all of its server's data. */
export function purgeRoutes(scopes: () => readonly TableScope[]): FastifyPluginAsyncZod<{ ctx: AppContext }> {
  return async (app, { ctx }) => {
    app.post(
      "/api/servers/:serverId/purge",
      {
        config: { permission: "owner" },
        schema: {
          tags: ["servers"],
          summary:
            "Delete every row Hearth holds for the server and revoke every dashboard token (owner tokens; confirm with the exact server name)",
          security: [{ dashboardToken: [] }],
          params: serverIdParams,
          body: purgeBody,
          response: { 200: purgeResult },
          errors: { 404: "The bot is no longer in this server" },
        },
      },
      async (request) => {
        const token = tokenOf(request);
        // The auth hook checks the route's permission too; the purge checks again rather than trust
        // one line of configuration with every row of a server.
        if (token.permission !== "owner") {
          throw forbidden(
            `Deleting the server's data needs the owner permission; this dashboard token has ${token.permission}`,
          );
        }
        const result = await purgeOwnServer(ctx, scopes(), {
          serverId: request.params.serverId,
          by: token.userId,
          confirmName: request.body.confirmName,
          ownerOnly: false,
        });
        return {
          serverName: result.serverName,
          rows: result.rows,
          tables: result.tables,
          tokensRevoked: result.tokensRevoked,
        };
      },
    );
  };
}
