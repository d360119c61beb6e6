import { tournamentDetail as tournamentDetailSchema, tournamentParams } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tournamentDetail } from "./service.ts";

const tags = ["tournaments"];

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
};
