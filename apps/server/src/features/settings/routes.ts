import { managerSettingsKeys, serverSettings, settingsEditBody } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf, requirePermission, tokenOf } from "../../http/auth-plugin.ts";
import { editSettings, getSettings } from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["settings"];

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/settings/fetch",
    {
      schema: {
        tags,
        summary: "The token's server settings (defaults when never changed)",
        security,
        response: { 200: serverSettings },
      },
    },
    async (request) => getSettings(ctx, tokenOf(request).serverId),
  );

  app.put(
    "/api/settings/edit",
    {
      schema: {
        tags,
        summary: "Change some settings; answers all of them",
        security,
        body: settingsEditBody,
        response: { 200: serverSettings },
        errors: { 403: "A manager token changes only the anti-pool settings; anything else needs admin" },
      },
      // Anti-pool management is a manager's right; any other setting needs admin.
      config: { permission: "manager" },
    },
    async (request) => {
      const others = Object.keys(request.body).filter(
        (key) => !(managerSettingsKeys as readonly string[]).includes(key),
      );
      if (others.length > 0) requirePermission(request, "admin", `Changing ${others.join(", ")}`);
      return editSettings(ctx, tokenOf(request).serverId, request.body, actorOf(request));
    },
  );
};
