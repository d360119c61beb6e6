import {
  insightsHeatmap,
  insightsHeatmapQuery,
  insightsSeries,
  insightsSeriesQuery,
  insightsTop,
  insightsTopQuery,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { getInsightsHeatmap, getInsightsSeries, getInsightsTop } from "./queries.ts";

const security = [{ dashboardToken: [] }];
const tags = ["insights"];
// Reads of the server's activity: the Overview shows them to every dashboard token.
const config = { permission: "manager" as const };

export const insightsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/insights/:serverId/series",
    {
      schema: {
        tags,
        summary:
          "Counters per day (or per hour, 7-day period only) for a period, with totals and the change against the previous period",
        security,
        params: serverIdParams,
        querystring: insightsSeriesQuery,
        response: { 200: insightsSeries },
      },
      config,
    },
    async (request) => getInsightsSeries(ctx, request.params.serverId, request.query),
  );

  app.get(
    "/api/insights/:serverId/top",
    {
      schema: {
        tags,
        summary: "The period's busiest channels, top commands and most-entered giveaways",
        security,
        params: serverIdParams,
        querystring: insightsTopQuery,
        response: { 200: insightsTop },
      },
      config,
    },
    async (request) => getInsightsTop(ctx, request.params.serverId, request.query),
  );

  app.get(
    "/api/insights/:serverId/heatmap",
    {
      schema: {
        tags,
        summary: "Messages of the last 7 days by channel and hour of the day (UTC)",
        security,
        params: serverIdParams,
        querystring: insightsHeatmapQuery,
        response: { 200: insightsHeatmap },
      },
      config,
    },
    async (request) => getInsightsHeatmap(ctx, request.params.serverId, request.query),
  );
};
