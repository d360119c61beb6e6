import {
  moderationActionBody,
  moderationActionResult,
  moderationCase,
  moderationCaseDetail,
  moderationCaseList,
  moderationCaseParams,
  moderationCasesQuery,
  moderationDmPreview,
  moderationDmPreviewBody,
  moderationUnbanBody,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { caseDetail, listCaseViews, moderateFromDashboard, unbanFromDashboard } from "./dashboard.ts";
import { previewModerationDm } from "./dm.ts";

const security = [{ dashboardToken: [] }];
const tags = ["moderation"];

/**
 * The dashboard's Moderation page. `/mod` needs Moderate Members, which no dashboard level below
 * admin implies: the case log (reasons, who was banned) and the actions are the admin's.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/moderation/:serverId/cases",
    {
      schema: {
        tags,
        summary:
          "The case log, newest first, filtered like /mod audit (a member, an action, running temporary bans)",
        security,
        params: serverIdParams,
        querystring: moderationCasesQuery,
        response: { 200: moderationCaseList },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { userId, action, open, page, limit } = request.query;
      return listCaseViews(ctx, request.params.serverId, {
        ...(userId ? { userId } : {}),
        ...(action ? { action } : {}),
        open: open === "true",
        page,
        limit,
      });
    },
  );

  app.get(
    "/api/moderation/:serverId/cases/:caseNumber",
    {
      schema: {
        tags,
        summary: "One case with the member's latest cases",
        errors: { 404: "The server has no case with that number" },
        security,
        params: moderationCaseParams,
        response: { 200: moderationCaseDetail },
      },
      config: { permission: "admin" },
    },
    async (request) => caseDetail(ctx, request.params.serverId, request.params.caseNumber),
  );

  app.post(
    "/api/moderation/:serverId/actions",
    {
      schema: {
        tags,
        summary: "Ban, kick, time out or warn a member as /mod does (the role hierarchy applies); audited",
        errors: { 404: "The member (or, for a ban, the user) doesn't exist" },
        security,
        params: serverIdParams,
        body: moderationActionBody,
        response: { 200: moderationActionResult },
      },
      config: { permission: "admin" },
    },
    async (request) => moderateFromDashboard(ctx, request.params.serverId, actorOf(request), request.body),
  );

  app.post(
    "/api/moderation/:serverId/dm-preview",
    {
      schema: {
        tags,
        summary:
          "The DM a ban, kick or warning sends the member, built by the action's own function (nothing is sent; a timeout sends none)",
        security,
        params: serverIdParams,
        body: moderationDmPreviewBody,
        response: { 200: moderationDmPreview },
      },
      // With the actions it previews: the admin's.
      config: { permission: "admin" },
    },
    async (request) => ({ message: await previewModerationDm(ctx, request.params.serverId, request.body) }),
  );

  app.post(
    "/api/moderation/:serverId/unban",
    {
      schema: {
        tags,
        summary: "Lift a ban as /mod unban does; a temporary ban ends early (its scheduled end is cancelled)",
        errors: { 404: "The user is not banned" },
        security,
        params: serverIdParams,
        body: moderationUnbanBody,
        response: { 200: moderationCase },
      },
      config: { permission: "admin" },
    },
    async (request) => unbanFromDashboard(ctx, request.params.serverId, actorOf(request), request.body),
  );
};
